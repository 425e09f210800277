import { useEffect, useState } from 'react';
import { Button, Select } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PolicySubjectType } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import {
  addState,
  addTransition,
  moveState,
  moveTransition,
  removeState,
  removeTransition,
  setAudiences,
  updateState,
  updateTransition,
  type BuilderDraft,
  type DraftState,
} from './builder-draft';
import { AUDIENCES_FIELD, STATES_FIELD, stateField, transitionField } from './builder-validation';
import { BuilderField } from './BuilderField';
import { StateCard, type StateCardActions } from './StateCard';
import styles from './visual.module.css';

const AUDIENCE_KEYWORDS = ['public', 'registeredUsers', 'nodes'] as const;

type Props = {
  draft: BuilderDraft;
  onChange: (draft: BuilderDraft) => void;
  subjectType: PolicySubjectType;
  idPrefix: string;
  issueOf: (field: string) => string | undefined;
};

/** The state machine as a form: who may sign, then each state with what it grants and its events. */
export function VisualBuilder({ draft, onChange, subjectType, idPrefix, issueOf }: Props) {
  const t = useT();
  // After adding something, the focus goes to its first input.
  // A new object per request, so that asking twice for the same field focuses it twice.
  const [focusRequest, setFocusRequest] = useState<{ field: string } | null>(null);
  const setFocusField = (field: string) => setFocusRequest({ field });

  useEffect(() => {
    if (focusRequest) document.getElementById(`${idPrefix}-${focusRequest.field}`)?.focus();
  }, [focusRequest, idPrefix]);

  const addNewState = () => {
    const added = addState(draft);
    onChange(added.draft);
    setFocusField(stateField(added.key, 'name'));
  };

  const actionsFor = (state: DraftState): StateCardActions => ({
    update: (patch) => onChange(updateState(draft, state.key, patch)),
    move: (delta) => onChange(moveState(draft, state.key, delta)),
    remove: () => {
      onChange(removeState(draft, state.key));
      setFocusField(STATES_FIELD);
    },
    addTransition: () => {
      const added = addTransition(draft, state.key);
      onChange(added.draft);
      setFocusField(transitionField(state.key, added.key, 'event'));
    },
    updateTransition: (key, patch) => onChange(updateTransition(draft, state.key, key, patch)),
    moveTransition: (key, delta) => onChange(moveTransition(draft, state.key, key, delta)),
    removeTransition: (key) => onChange(removeTransition(draft, state.key, key)),
  });

  const audienceOptions = AUDIENCE_KEYWORDS.map((keyword) => ({
    value: keyword,
    label: t('policyEditor.audience.keyword', { name: t(`policy.translate.audience.${keyword}`), keyword }),
  }));

  return (
    <div className={styles.builder} data-testid="policy-visual-builder">
      <BuilderField
        id={`${idPrefix}-${AUDIENCES_FIELD}`}
        label={t('policyEditor.audience.label')}
        issue={issueOf(AUDIENCES_FIELD)}
      >
        {(control) => (
          <>
            <Select
              {...control}
              mode="tags"
              value={draft.audiences}
              options={audienceOptions}
              tokenSeparators={[',', ' ', '，']}
              onChange={(audiences: string[]) => onChange(setAudiences(draft, audiences))}
              aria-describedby={[control['aria-describedby'], `${idPrefix}-audiences-help`].filter(Boolean).join(' ')}
            />
            <div id={`${idPrefix}-audiences-help`} className={styles.fieldHelp}>
              {t('policyEditor.audience.help')}
            </div>
          </>
        )}
      </BuilderField>

      <h3 className={styles.statesTitle}>{t('policyEditor.states.title')}</h3>
      {draft.states.length === 0 && <p className={styles.empty}>{t('policyEditor.states.empty')}</p>}
      <ol className={styles.states}>
        {draft.states.map((state, index) => (
          <StateCard
            key={state.key}
            state={state}
            index={index}
            states={draft.states}
            subjectType={subjectType}
            idPrefix={idPrefix}
            issueOf={issueOf}
            actions={actionsFor(state)}
          />
        ))}
      </ol>
      <div className={styles.addState}>
        <Button id={`${idPrefix}-${STATES_FIELD}`} icon={<PlusOutlined aria-hidden="true" />} onClick={addNewState}>
          {t('policyEditor.state.add')}
        </Button>
        {issueOf(STATES_FIELD) && <div className={styles.fieldIssue}>{issueOf(STATES_FIELD)}</div>}
      </div>
    </div>
  );
}
