import type { Translate } from '../../../shared/i18n';
import type { Reason, TaskState } from './upload-queue';

/** A reason in the reader's language (the server's own messages come translated already). */
export function reasonText(reason: Reason, t: Translate): string {
  return 'text' in reason ? reason.text : t(reason.key, reason.params);
}

/** What a task is doing, in words: "Uploading 30%", "Failed: …". */
export function taskStatusText(state: TaskState, t: Translate): string {
  switch (state.phase) {
    case 'hashing':
      return t('storagePage.task.hashing', { percent: state.percent });
    case 'uploading':
      return t('storagePage.task.uploading', { percent: state.percent });
    case 'done':
      return t(state.instant ? 'storagePage.task.instant' : 'storagePage.task.done');
    case 'failed':
      return t('storagePage.task.failed', { reason: reasonText(state.reason, t) });
    default:
      return t(`storagePage.task.${state.phase}`);
  }
}
