import { useT } from '../../../shared/i18n';
import styles from './panel.module.css';

export type CompileStatusValue =
  | { kind: 'valid'; isFree: boolean; warnings: number }
  | { kind: 'invalid'; errors: number; warnings: number }
  /** Nothing written yet: no error, an invitation to pick a template or start building. */
  | { kind: 'empty' };

/**
 * One line that says whether the policy is valid, read out politely when it changes. While a newer
 * text waits to be checked the line only fades, so typing does not make it chatter.
 */
export function CompileStatus({ id, status, pending }: { id?: string; status: CompileStatusValue; pending: boolean }) {
  const t = useT();
  const parts =
    status.kind === 'empty'
      ? [t('policyEditor.status.empty')]
      : status.kind === 'valid'
        ? [t(status.isFree ? 'policyEditor.status.free' : 'policyEditor.status.valid')]
        : [t('policyEditor.status.errors', { count: status.errors })];
  if (status.kind !== 'empty' && status.warnings > 0) {
    parts.push(t('policyEditor.status.warnings', { count: status.warnings }));
  }
  const tone =
    status.kind === 'empty' ? styles.statusEmpty : status.kind === 'valid' ? styles.statusValid : styles.statusInvalid;
  return (
    <p
      id={id}
      role="status"
      aria-live="polite"
      aria-busy={pending}
      className={`${styles.status} ${tone} ${pending ? styles.statusPending : ''}`}
      data-testid="policy-status"
    >
      {parts.join(t('policyEditor.status.separator'))}
    </p>
  );
}
