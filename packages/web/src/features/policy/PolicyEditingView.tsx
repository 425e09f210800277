import { useMemo, useState } from 'react';
import { Alert, Button, Modal } from 'antd';
import { AppstoreAddOutlined } from '@ant-design/icons';
import {
  builderToText,
  normalizePolicyText,
  textToBuilder,
  type PolicyBuilderModel,
  type PolicyDiagnostic,
  type PolicySubjectType,
} from '@tessera/domain';
import type { Translate } from '../../shared/i18n';
import { LazyPolicyCodeEditor } from './code/LazyPolicyCodeEditor';
import type { FocusRequest } from './code/PolicyCodeEditor';
import { ModeSwitch } from './ModeSwitch';
import { CompileStatus, type CompileStatusValue } from './panel/CompileStatus';
import { diagnosticIssues, diagnosticsOf, editorDiagnostics } from './panel/diagnostic-issues';
import { IssueList, type EditorIssue } from './panel/IssueList';
import { PolicyTranslationView } from './panel/PolicyTranslationView';
import { TryPolicyPanel } from './simulator/TryPolicyPanel';
import { TemplatePicker } from './templates/TemplatePicker';
import type { PolicyEditorMode, PolicyEditorProps } from './types';
import { COMPILE_DELAY_MS, usePolicyCompilation } from './use-policy-compilation';
import { usePolicyTexts } from './use-policy-texts';
import { draftFromModel, draftText, emptyDraft, type BuilderDraft } from './visual/builder-draft';
import { AUDIENCES_FIELD, STATES_FIELD, validateDraft, type BuilderIssue } from './visual/builder-validation';
import { VisualBuilder } from './visual/VisualBuilder';
import styles from './PolicyEditor.module.css';

type VisualEditing = { mode: 'visual'; text: string; draft: BuilderDraft };
/** `blockedBy`: the errors that kept the last switch to the visual builder from happening. */
type Editing = VisualEditing | { mode: 'code'; blockedBy: PolicyDiagnostic[] | null };

/** The builder for `text`, or the reasons it cannot be read (an empty text starts an empty builder). */
function openVisual(text: string, subjectType: PolicySubjectType): VisualEditing | { errors: PolicyDiagnostic[] } {
  if (text.trim() === '') return { mode: 'visual', text, draft: emptyDraft() };
  const result = textToBuilder(text, { subjectType });
  return result.ok ? { mode: 'visual', text, draft: draftFromModel(result.model) } : { errors: result.errors };
}

function visualOrCode(text: string, subjectType: PolicySubjectType): Editing {
  const opened = openVisual(text, subjectType);
  return 'errors' in opened ? { mode: 'code', blockedBy: opened.errors } : opened;
}

export type EditingViewProps = Omit<PolicyEditorProps, 'readOnly' | 'subjectType' | 'id'> & {
  subjectType: PolicySubjectType;
  idPrefix: string;
};

export function PolicyEditingView({
  value,
  onChange,
  subjectType,
  defaultMode = 'visual',
  label,
  idPrefix,
}: EditingViewProps) {
  const { t, describe } = usePolicyTexts();
  const [editing, setEditing] = useState<Editing>(() =>
    defaultMode === 'visual' ? visualOrCode(value, subjectType) : { mode: 'code', blockedBy: null },
  );
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(() => value.trim() === '');
  const [templateText, setTemplateText] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  // The builder's edits are checked at once (its fields are validated at once too); typed code
  // when typing pauses.
  const compilation = usePolicyCompilation(value, subjectType, editing.mode === 'visual' ? 0 : COMPILE_DELAY_MS);

  // The text changed from outside (a reset, a text loaded later): the builder reads it again.
  if (editing.mode === 'visual' && editing.text !== value) setEditing(visualOrCode(value, subjectType));

  const emit = (text: string) => onChange?.(text);

  const editDraft = (draft: BuilderDraft) => {
    const text = draftText(draft);
    setEditing({ mode: 'visual', text, draft });
    emit(text);
  };

  const switchMode = (mode: PolicyEditorMode) => {
    if (mode === editing.mode) return;
    setEditing(mode === 'code' ? { mode: 'code', blockedBy: null } : visualOrCode(value, subjectType));
  };

  const revealInCode = (from: number, to: number) => {
    if (editing.mode !== 'code') setEditing({ mode: 'code', blockedBy: null });
    setFocusRequest({ from, to });
  };

  const applyTemplate = (model: PolicyBuilderModel) => {
    const put = () => {
      const text = builderToText(model);
      setTemplateText(text);
      setTemplatesOpen(false);
      if (editing.mode === 'visual') setEditing({ mode: 'visual', text, draft: draftFromModel(model) });
      emit(text);
    };
    const hasEdits = value.trim() !== '' && value !== templateText;
    if (!hasEdits) return put();
    void modal.confirm({
      title: t('policyEditor.templates.replace.title'),
      content: t('policyEditor.templates.replace.body'),
      okText: t('policyEditor.templates.replace.ok'),
      cancelText: t('policyEditor.templates.replace.cancel'),
      okButtonProps: { danger: true },
      onOk: put,
    });
  };

  const builderIssues = useMemo(
    () => (editing.mode === 'visual' ? validateDraft(editing.draft, subjectType) : []),
    [editing, subjectType],
  );
  const compiled = useMemo(() => diagnosticsOf(compilation.result), [compilation.result]);
  const codeDiagnostics = useMemo(() => editorDiagnostics(compiled, describe), [compiled, describe]);
  // The builder's own checks speak of its fields; the compiler's (in line:column) once they pass.
  const issues: EditorIssue[] =
    editing.mode === 'visual' && builderIssues.length > 0
      ? builderIssueEntries(builderIssues, editing.draft, idPrefix, t)
      : diagnosticIssues(compiled, describe, t, (item) => revealInCode(item.from, item.to));
  const errorCount = issues.filter((issue) => issue.severity === 'error').length;
  // An empty policy is where one starts (templates open), not a mistake: no errors until something is written.
  const blank = value.trim() === '';
  const status: CompileStatusValue = blank
    ? { kind: 'empty' }
    : errorCount === 0 && compilation.result.ok
      ? { kind: 'valid', isFree: compilation.result.isFree, warnings: issues.length }
      : { kind: 'invalid', errors: errorCount, warnings: issues.length - errorCount };

  const rewritesCode = useMemo(
    () =>
      editing.mode === 'visual' &&
      editing.text.trim() !== '' &&
      normalizePolicyText(draftText(editing.draft)) !== normalizePolicyText(editing.text),
    [editing],
  );
  const blockedBy = editing.mode === 'code' && editing.blockedBy && !compilation.result.ok ? editing.blockedBy : null;
  const issueOf = (field: string) => {
    const issue = builderIssues.find((item) => item.field === field);
    return issue && t(issue.messageKey, issue.params);
  };
  const ids = { status: `${idPrefix}-status`, issues: `${idPrefix}-issues`, templates: `${idPrefix}-templates` };

  return (
    <section className={styles.editor} aria-label={label ?? t('policyEditor.label')} data-testid="policy-editor">
      {modalHolder}
      <div className={styles.toolbar}>
        <ModeSwitch mode={editing.mode} onSwitch={switchMode} />
        <Button
          icon={<AppstoreAddOutlined aria-hidden="true" />}
          aria-expanded={templatesOpen}
          aria-controls={ids.templates}
          onClick={() => setTemplatesOpen((open) => !open)}
        >
          {t('policyEditor.templates.toggle')}
        </Button>
      </div>

      <div id={ids.templates} hidden={!templatesOpen} className={styles.templates}>
        <TemplatePicker id={ids.templates} onApply={applyTemplate} />
      </div>

      {blockedBy && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className={styles.notice}
          title={t('policyEditor.mode.blocked', { count: blockedBy.length })}
          description={blockedBy[0] && `${blockedBy[0].line}:${blockedBy[0].column} ${describe(blockedBy[0])}`}
          data-testid="policy-mode-blocked"
        />
      )}
      {rewritesCode && <Alert type="info" showIcon className={styles.notice} title={t('policyEditor.mode.rewrites')} />}

      <div className={styles.body}>
        <div className={styles.main}>
          {editing.mode === 'visual' ? (
            <VisualBuilder
              draft={editing.draft}
              onChange={editDraft}
              subjectType={subjectType}
              idPrefix={idPrefix}
              issueOf={issueOf}
            />
          ) : (
            <LazyPolicyCodeEditor
              value={value}
              onChange={emit}
              diagnostics={codeDiagnostics}
              diagnosticsText={compilation.text}
              focusRequest={focusRequest}
              label={t('policyEditor.code.label')}
              describedBy={ids.status}
            />
          )}
        </div>
        <aside className={styles.aside} aria-label={t('policyEditor.summary.label')}>
          <CompileStatus id={ids.status} status={status} pending={compilation.pending} />
          {!blank && issues.length > 0 && (
            <>
              <h3 id={ids.issues} className={styles.asideTitle}>
                {t('policyEditor.issues.title')}
              </h3>
              <IssueList issues={issues} labelledBy={ids.issues} />
            </>
          )}
          <h3 className={styles.asideTitle}>{t('policyEditor.translation.title')}</h3>
          {compilation.result.ok ? (
            <>
              <PolicyTranslationView policy={compilation.result.policy} />
              <TryPolicyPanel policy={compilation.result.policy} />
            </>
          ) : (
            <p className={styles.muted}>
              {t(blank ? 'policyEditor.translation.empty' : 'policyEditor.translation.unavailable')}
            </p>
          )}
        </aside>
      </div>
    </section>
  );
}

/** Builder issues in the problem list: the place is the state (or the audience), the button focuses the input. */
function builderIssueEntries(
  issues: readonly BuilderIssue[],
  draft: BuilderDraft,
  idPrefix: string,
  t: Translate,
): EditorIssue[] {
  return issues.map((issue, index) => {
    const state = draft.states.find((candidate) => issue.field.startsWith(`${candidate.key}-`));
    const place =
      issue.field === AUDIENCES_FIELD
        ? t('policyEditor.audience.label')
        : issue.field === STATES_FIELD || !state
          ? t('policyEditor.states.title')
          : state.name || t('policyEditor.state.unnamed');
    return {
      key: `${index}-${issue.field}-${issue.messageKey}`,
      severity: 'error',
      place,
      placeLabel: place,
      message: t(issue.messageKey, issue.params),
      reveal: () => document.getElementById(`${idPrefix}-${issue.field}`)?.focus(),
    };
  });
}
