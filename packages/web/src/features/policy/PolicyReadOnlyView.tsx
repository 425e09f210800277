import { useMemo, useState } from 'react';
import { compilePolicy, SubjectType, type PolicySubjectType } from '@tessera/domain';
import { LazyPolicyCodeEditor } from './code/LazyPolicyCodeEditor';
import { PolicyCodeView } from './code/PolicyCodeView';
import type { FocusRequest } from './code/PolicyCodeEditor';
import { diagnosticIssues, editorDiagnostics } from './panel/diagnostic-issues';
import { IssueList } from './panel/IssueList';
import { PolicyTranslationView } from './panel/PolicyTranslationView';
import { TryPolicyPanel } from './simulator/TryPolicyPanel';
import { useIdPrefix } from './use-id-prefix';
import { usePolicyTexts } from './use-policy-texts';
import styles from './PolicyEditor.module.css';

export type PolicyReadOnlyViewProps = { value: string; subjectType?: PolicySubjectType; label?: string; id?: string };

/**
 * A stored policy: what it says in plain words, with its code beside it, and a simulator to try it. A valid
 * policy's code is coloured text; one with errors opens the code editor, which marks them.
 */
export function PolicyReadOnlyView({ value, subjectType = SubjectType.Resource, label, id }: PolicyReadOnlyViewProps) {
  const idPrefix = useIdPrefix(id);
  const { t, describe } = usePolicyTexts();
  const result = useMemo(() => compilePolicy(value, { subjectType }), [value, subjectType]);
  const diagnostics = useMemo(() => editorDiagnostics(result.errors, describe), [result, describe]);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const ids = { translation: `${idPrefix}-translation`, code: `${idPrefix}-code` };
  return (
    <section
      className={styles.readOnly}
      aria-label={label ?? t('policyEditor.readOnly.label')}
      data-testid="policy-read-only"
    >
      <div className={styles.readOnlyPart}>
        <h3 id={ids.translation} className={styles.asideTitle}>
          {t('policyEditor.translation.title')}
        </h3>
        {result.ok ? (
          <PolicyTranslationView policy={result.policy} />
        ) : (
          <IssueList
            issues={diagnosticIssues(result.errors, describe, t, (item) =>
              setFocusRequest({ from: item.from, to: item.to }),
            )}
            labelledBy={ids.translation}
          />
        )}
      </div>
      <div className={styles.readOnlyPart}>
        <h3 id={ids.code} className={styles.asideTitle}>
          {t('policyEditor.code.title')}
        </h3>
        {result.ok ? (
          <PolicyCodeView value={value} label={t('policyEditor.code.label')} />
        ) : (
          // Errors are marked in the editor, and each listed issue moves its cursor there.
          <LazyPolicyCodeEditor
            readOnly
            value={value}
            diagnostics={diagnostics}
            diagnosticsText={value}
            focusRequest={focusRequest}
            label={t('policyEditor.code.label')}
          />
        )}
      </div>
      {result.ok && (
        <div className={styles.readOnlyTry}>
          <TryPolicyPanel policy={result.policy} />
        </div>
      )}
    </section>
  );
}
