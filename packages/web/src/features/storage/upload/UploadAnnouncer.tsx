import { useT } from '../../../shared/i18n';
import { taskStatusText } from './task-status';
import type { Announcement } from './upload-queue';

/** Reads out each upload's important steps (started, analysing, done, failed …) politely. */
export function UploadAnnouncer({ announcement }: { announcement: Announcement | null }) {
  const t = useT();
  return (
    <div className="visually-hidden" aria-live="polite" data-testid="upload-announcer">
      {announcement
        ? t('storagePage.task.announce', { name: announcement.fileName, status: taskStatusText(announcement.state, t) })
        : ''}
    </div>
  );
}
