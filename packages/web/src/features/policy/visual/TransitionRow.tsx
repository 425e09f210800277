import { Select } from 'antd';
import { POLICY_EVENT_CODES, type SupportedEventName } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { defaultEvent, type DraftState, type DraftTransition, type TransitionPatch } from './builder-draft';
import { transitionField, type TransitionPart } from './builder-validation';
import { BuilderField } from './BuilderField';
import { EventArguments } from './EventArguments';
import { RowActions } from './RowActions';
import styles from './visual.module.css';

const EVENT_NAMES = Object.keys(POLICY_EVENT_CODES) as SupportedEventName[];

type Props = {
  transition: DraftTransition;
  index: number;
  count: number;
  state: DraftState;
  states: readonly DraftState[];
  idPrefix: string;
  issueOf: (field: string) => string | undefined;
  onChange: (patch: TransitionPatch) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
};

/** One event of a state: what happens, its arguments and the state it leads to. */
export function TransitionRow({
  transition,
  index,
  count,
  state,
  states,
  idPrefix,
  issueOf,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const t = useT();
  const field = (part: TransitionPart) => transitionField(state.key, transition.key, part);
  const idOf = (part: TransitionPart) => `${idPrefix}-${field(part)}`;
  const legendId = `${idOf('event')}-legend`;
  const position = { index: index + 1, state: state.name || t('policyEditor.state.unnamed') };

  return (
    <li className={styles.transition}>
      <fieldset className={styles.transitionFields} aria-labelledby={legendId}>
        <span id={legendId} className="visually-hidden">
          {t('policyEditor.transition.legend', position)}
        </span>
        <BuilderField
          id={idOf('event')}
          label={t('policyEditor.transition.event')}
          issue={issueOf(field('event'))}
          className={styles.eventField}
        >
          {(control) => (
            <Select
              {...control}
              value={transition.event.name}
              onChange={(name: SupportedEventName) => onChange({ event: defaultEvent(name) })}
              options={EVENT_NAMES.map((name) => ({ value: name, label: t(`policyEditor.event.${name}`) }))}
              popupMatchSelectWidth={false}
            />
          )}
        </BuilderField>
        <EventArguments
          event={transition.event}
          onChange={(event) => onChange({ event })}
          stateKey={state.key}
          transitionKey={transition.key}
          idPrefix={idPrefix}
          issueOf={issueOf}
        />
        <BuilderField
          id={idOf('target')}
          label={t('policyEditor.transition.target')}
          issue={issueOf(field('target'))}
          className={styles.targetField}
        >
          {(control) => (
            <Select
              {...control}
              value={transition.targetKey === '' ? undefined : transition.targetKey}
              placeholder={t('policyEditor.transition.targetPlaceholder')}
              onChange={(targetKey: string) => onChange({ targetKey })}
              options={states.map((candidate) => ({
                value: candidate.key,
                label: candidate.name || t('policyEditor.state.unnamed'),
              }))}
              popupMatchSelectWidth={false}
            />
          )}
        </BuilderField>
      </fieldset>
      <RowActions
        index={index}
        count={count}
        labels={{
          up: t('policyEditor.transition.moveUp', position),
          down: t('policyEditor.transition.moveDown', position),
          remove: t('policyEditor.transition.remove', position),
        }}
        onMove={onMove}
        onRemove={onRemove}
      />
    </li>
  );
}
