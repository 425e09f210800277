import { Alert } from 'antd';
import styles from './FormFeedback.module.css';

/**
 * What the server answered to the form, announced at once (role alert for failures, status for
 * good news). The live regions stay in the page so that assistive technology hears each change;
 * a failure is drawn as antd's error alert.
 */
export function FormFeedback({ error, notice }: { error?: string | null; notice?: string | null }) {
  return (
    <>
      <div role="alert" className={error ? styles.message : undefined} data-testid="form-error">
        {error ? <Alert type="error" showIcon role="presentation" title={error} /> : null}
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
