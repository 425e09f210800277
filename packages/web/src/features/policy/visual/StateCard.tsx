import { Button, Checkbox, Input, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { POLICY_INITIAL_STATE, SubjectType, type PolicySubjectType } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import type { DraftState, StatePatch, TransitionPatch } from './builder-draft';
import { stateField } from './builder-validation';
import { BuilderField } from './BuilderField';
import { RowActions } from './RowActions';
import { TransitionRow } from './TransitionRow';
import styles from './visual.module.css';

export type StateCardActions = {
  update: (patch: StatePatch) => void;
  move: (delta: -1 | 1) => void;
  remove: () => void;
  addTransition: () => void;
  updateTransition: (key: string, patch: TransitionPatch) => void;
  moveTransition: (key: string, delta: -1 | 1) => void;
  removeTransition: (key: string) => void;
};

type Props = {
  state: DraftState;
  index: number;
  states: readonly DraftState[];
  subjectType: PolicySubjectType;
  idPrefix: string;
  issueOf: (field: string) => string | undefined;
  actions: StateCardActions;
};

/** One state: its name, what it grants, whether the contract stops there, and its events. */
export function StateCard({ state, index, states, subjectType, idPrefix, issueOf, actions }: Props) {
  const t = useT();
  const idOf = (part: 'name' | 'grants' | 'body') => `${idPrefix}-${stateField(state.key, part)}`;
  const headingId = `${idOf('name')}-heading`;
  const grantsLabelId = `${idOf('grants')}-label`;
  const shownName = state.name || t('policyEditor.state.unnamed');
  const bodyIssue = issueOf(stateField(state.key, 'body'));
  const grantsIssue = issueOf(stateField(state.key, 'grants'));

  return (
    <li className={styles.state} aria-labelledby={headingId}>
      <div className={styles.stateHeader}>
        <h4 id={headingId} className={styles.stateTitle}>
          <span className={styles.stateIndex}>{index + 1}</span>
          {shownName}
          {state.name === POLICY_INITIAL_STATE && <Tag color="cyan">{t('policyEditor.state.start')}</Tag>}
        </h4>
        <RowActions
          index={index}
          count={states.length}
          labels={{
            up: t('policyEditor.state.moveUp', { state: shownName }),
            down: t('policyEditor.state.moveDown', { state: shownName }),
            remove: t('policyEditor.state.remove', { state: shownName }),
          }}
          onMove={actions.move}
          onRemove={actions.remove}
        />
      </div>

      <div className={styles.stateFields}>
        <BuilderField
          id={idOf('name')}
          label={t('policyEditor.state.name')}
          issue={issueOf(stateField(state.key, 'name'))}
        >
          {(control) => (
            <Input
              {...control}
              value={state.name}
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => actions.update({ name: event.target.value.trim() })}
            />
          )}
        </BuilderField>
        <div className={styles.field} role="group" aria-labelledby={grantsLabelId}>
          <span id={grantsLabelId} className={styles.fieldLabel}>
            {t('policyEditor.state.grants')}
          </span>
          <div className={styles.checks}>
            <Checkbox
              id={idOf('grants')}
              checked={state.active}
              onChange={(event) => actions.update({ active: event.target.checked })}
            >
              {t('policyEditor.state.active')}
            </Checkbox>
            {(subjectType === SubjectType.Resource || state.testActive) && (
              <Checkbox
                checked={state.testActive}
                onChange={(event) => actions.update({ testActive: event.target.checked })}
              >
                {t('policyEditor.state.testActive')}
              </Checkbox>
            )}
          </div>
          {grantsIssue && <div className={styles.fieldIssue}>{grantsIssue}</div>}
        </div>
      </div>

      <Checkbox checked={state.terminate} onChange={(event) => actions.update({ terminate: event.target.checked })}>
        {t('policyEditor.state.final')}
      </Checkbox>

      {!state.terminate && (
        <div className={styles.events}>
          <span className={styles.eventsTitle}>{t('policyEditor.state.events')}</span>
          <ol className={styles.transitions}>
            {state.transitions.map((transition, transitionIndex) => (
              <TransitionRow
                key={transition.key}
                transition={transition}
                index={transitionIndex}
                count={state.transitions.length}
                state={state}
                states={states}
                idPrefix={idPrefix}
                issueOf={issueOf}
                onChange={(patch) => actions.updateTransition(transition.key, patch)}
                onMove={(delta) => actions.moveTransition(transition.key, delta)}
                onRemove={() => actions.removeTransition(transition.key)}
              />
            ))}
          </ol>
        </div>
      )}
      <div className={styles.stateFooter}>
        <Button
          id={idOf('body')}
          size="small"
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={actions.addTransition}
          aria-describedby={bodyIssue ? `${idOf('body')}-message` : undefined}
        >
          {t('policyEditor.transition.add')}
        </Button>
        {bodyIssue && (
          <div id={`${idOf('body')}-message`} className={styles.fieldIssue}>
            {bodyIssue}
          </div>
        )}
      </div>
    </li>
  );
}
