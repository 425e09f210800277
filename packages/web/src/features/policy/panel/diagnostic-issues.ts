import type { PolicyCompileResult, PolicyDiagnostic } from '@tessera/domain';
import type { Translate } from '../../../shared/i18n';
import type { EditorDiagnostic } from '../code/PolicyCodeEditor';
import type { EditorIssue } from './IssueList';

/** Errors and warnings of a compilation in text order. */
export function diagnosticsOf(result: PolicyCompileResult): PolicyDiagnostic[] {
  return [...result.errors, ...result.warnings].sort((a, b) => a.from - b.from || a.to - b.to);
}

export function editorDiagnostics(
  items: readonly PolicyDiagnostic[],
  describe: (item: PolicyDiagnostic) => string,
): EditorDiagnostic[] {
  return items.map((item) => ({ from: item.from, to: item.to, severity: item.severity, message: describe(item) }));
}

/** Each diagnostic as a line:column entry of the problem list; `reveal` gets the place to select. */
export function diagnosticIssues(
  items: readonly PolicyDiagnostic[],
  describe: (item: PolicyDiagnostic) => string,
  t: Translate,
  reveal: (item: PolicyDiagnostic) => void,
): EditorIssue[] {
  return items.map((item, index) => ({
    key: `${index}-${item.code}-${item.from}`,
    severity: item.severity,
    place: `${item.line}:${item.column}`,
    placeLabel: t('policyEditor.issues.at', { line: item.line, column: item.column }),
    message: describe(item),
    reveal: () => reveal(item),
  }));
}
