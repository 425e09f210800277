import { useT } from '../../../shared/i18n';
import styles from './panel.module.css';

export type EditorIssue = {
  key: string;
  severity: 'error' | 'warning';
  /** Short place shown before the message: `3:14`, a state name… */
  place: string;
  /** The same place in words, for the button's accessible name. */
  placeLabel: string;
  message: string;
  /** Moves the cursor or the focus to where the problem is. */
  reveal: () => void;
};

/** The problems of the policy; each one is a button that takes you there. */
export function IssueList({ issues, labelledBy }: { issues: readonly EditorIssue[]; labelledBy: string }) {
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <ul className={styles.issues} aria-labelledby={labelledBy} data-testid="policy-issues">
      {issues.map((issue) => (
        <li key={issue.key}>
          <button
            type="button"
            className={`${styles.issue} ${issue.severity === 'error' ? styles.issueError : styles.issueWarning}`}
            aria-label={t('policyEditor.issues.goTo', { place: issue.placeLabel, message: issue.message })}
            onClick={issue.reveal}
          >
            <span className={styles.issueSeverity}>{t(`policyEditor.issues.${issue.severity}`)}</span>
            <span className={styles.issuePlace}>{issue.place}</span>
            <span className={styles.issueMessage}>{issue.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
