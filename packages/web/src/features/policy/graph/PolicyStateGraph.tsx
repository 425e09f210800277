// A policy's states and events as a graph, with a contract's current state highlighted (issue 12).
import { useCallback, useId, useMemo } from 'react';
import { durationText, type CompiledTransition, type PolicyFsm } from '@tessera/domain';
import { usePolicyTexts } from '../use-policy-texts';
import { layoutStateGraph, NODE_HEIGHT, type GraphEdge, type GraphState } from './state-graph-layout';
import styles from './graph.module.css';

export type PolicyStateGraphProps = {
  /** The compiled policy's states (`fsmDescriptionInfo`). */
  fsm: PolicyFsm;
  /** The state to highlight (a contract's current state). */
  currentState?: string;
};

const LINE_HEIGHT = 14;

/**
 * The graph is a picture (role img) whose text alternative names the current state and lists every
 * event; the plain-language translation beside it says the same in sentences.
 */
export function PolicyStateGraph({ fsm, currentState }: PolicyStateGraphProps) {
  const { t, language, texts } = usePolicyTexts();
  const id = `state-graph${useId().replace(/[^\w-]/g, '')}`;
  const labelOf = useCallback(
    (transition: CompiledTransition): string => {
      switch (transition.name) {
        case 'TransactionEvent':
          return t('policyGraph.event.pay', { amount: transition.args.amount });
        case 'RelativeTimeEvent':
          return t('policyGraph.event.after', {
            duration: durationText(transition.args.elapsed, transition.args.timeUnit, language, texts),
          });
        case 'TimeEvent':
          return t('policyGraph.event.at', { dateTime: transition.args.dateTime.replaceAll('-', '/') });
        case 'CycleEndEvent':
          return t('policyGraph.event.cycleEnd', {
            duration: durationText(transition.args.cycleCount, transition.args.timeUnit, language, texts),
          });
      }
    },
    [t, language, texts],
  );
  const layout = useMemo(() => layoutStateGraph(fsm, labelOf), [fsm, labelOf]);
  const title = currentState ? t('policyGraph.label.current', { state: currentState }) : t('policyGraph.label');
  const description = layout.edges
    .map((edge) => t('policyGraph.edge', { from: edge.from, to: edge.to, events: edge.labels.join(' / ') }))
    .join(' ');

  return (
    <figure className={styles.figure} data-testid="policy-state-graph">
      <div className={styles.scroll} tabIndex={0} role="region" aria-label={t('policyGraph.scroll')}>
        <svg
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          className={styles.svg}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <defs>
            <marker
              id={`${id}-arrow`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="8"
              markerHeight="8"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrowHead} />
            </marker>
          </defs>
          {layout.edges.map((edge) => (
            <Edge key={edge.id} edge={edge} markerId={`${id}-arrow`} />
          ))}
          {layout.states.map((state) => (
            <StateNode key={state.name} state={state} current={state.name === currentState} markerId={`${id}-arrow`} />
          ))}
        </svg>
      </div>
      <figcaption className={styles.legend}>
        <span className={styles.legendCurrent}>{t('policyGraph.legend.current')}</span>
        <span className={styles.legendAuth}>{t('policyGraph.legend.authorizes')}</span>
        <span className={styles.legendTerminal}>{t('policyGraph.legend.terminal')}</span>
      </figcaption>
    </figure>
  );
}

function Edge({ edge, markerId }: { edge: GraphEdge; markerId: string }) {
  // Labels stack away from the curve: upwards above it, downwards below it.
  const firstLine =
    edge.kind === 'back' ? edge.labelY + LINE_HEIGHT : edge.labelY - (edge.labels.length - 1) * LINE_HEIGHT;
  return (
    <g data-testid="state-edge" data-from={edge.from} data-to={edge.to}>
      <path d={edge.path} className={styles.edge} markerEnd={`url(#${markerId})`} />
      <text className={styles.edgeLabel} x={edge.labelX} y={firstLine} textAnchor={edge.labelAnchor}>
        {edge.labels.map((label, index) => (
          <tspan key={index} x={edge.labelX} dy={index === 0 ? 0 : LINE_HEIGHT}>
            {label}
          </tspan>
        ))}
      </text>
    </g>
  );
}

function StateNode({ state, current, markerId }: { state: GraphState; current: boolean; markerId: string }) {
  const classes = [styles.node, state.authorizes ? styles.authorizes : '', current ? styles.current : '']
    .filter(Boolean)
    .join(' ');
  const middle = state.y + NODE_HEIGHT / 2;
  return (
    <g data-testid="state-node" data-state={state.name} data-current={current ? 'true' : undefined}>
      {state.isInitial ? (
        <>
          <circle cx={state.x - 30} cy={middle} r={5} className={styles.start} />
          <path
            d={`M ${state.x - 25} ${middle} L ${state.x - 1} ${middle}`}
            className={styles.edge}
            markerEnd={`url(#${markerId})`}
          />
        </>
      ) : null}
      <rect x={state.x} y={state.y} width={state.width} height={NODE_HEIGHT} rx={10} className={classes} />
      {state.isTerminate ? (
        <rect
          x={state.x + 4}
          y={state.y + 4}
          width={state.width - 8}
          height={NODE_HEIGHT - 8}
          rx={7}
          className={styles.terminalRing}
        />
      ) : null}
      <text
        x={state.x + state.width / 2}
        y={middle}
        className={current ? styles.currentName : styles.name}
        textAnchor="middle"
        dominantBaseline="central"
      >
        {state.name}
      </text>
    </g>
  );
}
