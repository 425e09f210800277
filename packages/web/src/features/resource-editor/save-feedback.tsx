import { Alert } from 'antd';
import { errorMessage } from '../../shared/api';
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

/** Why the save failed (the server's reason), announced at once. */
export function SaveFailure({ save, title, testId }: { save: SaveOutcome; title: string; testId?: string }) {
  return save.isError ? (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={errorMessage(save.error)}
      data-testid={testId}
    />
  ) : null;
}
