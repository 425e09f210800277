import { Alert } from 'antd';
import { bannerOf } from '../../shared/api';
import styles from './ResourceEditor.module.css';

/** What the feedback reads of a save (a TanStack mutation): done, or failed and why. */
interface SaveOutcome {
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/** "Saved", announced politely beside the save button. */
export function SavedStatus({ save, text }: { save: SaveOutcome; text: string }) {
  return (
    <span role="status" className={styles.saved}>
      {save.isSuccess ? text : null}
    </span>
  );
}

/**
 * Why the save failed (the server's reason), announced at once; what the server said of the fields
 * in `shownFields` is shown under them instead.
 */
export function SaveFailure({
  save,
  title,
  testId,
  shownFields = [],
}: {
  save: SaveOutcome;
  title: string;
  testId?: string;
  shownFields?: readonly string[];
}) {
  const reason = save.isError ? bannerOf(save.error, shownFields) : null;
  return reason ? (
    <Alert type="error" showIcon role="alert" title={title} description={reason} data-testid={testId} />
  ) : null;
}
