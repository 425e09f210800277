import styles from './FormFeedback.module.css';

/**
 * What the server answered to the form, announced at once (role alert for failures, status for
 * good news). The element stays in the page so that assistive technology hears each change.
 */
export function FormFeedback({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      <div role="alert" className={error ? `${styles.message} ${styles.error}` : undefined} data-testid="form-error">
        {error}
      </div>
      <div role="status" className={notice && !error ? `${styles.message} ${styles.notice}` : undefined}>
        {error ? null : notice}
      </div>
    </>
  );
}

/** A visually hidden live region that reads out a field's message as it appears while typing. */
export function FieldAnnouncer({ message }: { message: string }) {
  return (
    <div className="visually-hidden" aria-live="polite">
      {message}
    </div>
  );
}
