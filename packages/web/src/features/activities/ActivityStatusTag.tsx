import type { ActivityStatusText } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import styles from './ActivityStatusTag.module.css';

/** starting / ongoing / end as a coloured label; an empty status shows nothing (SPEC §4). */
export function ActivityStatusTag({ status }: { status: ActivityStatusText }) {
  const t = useT();
  if (!status) return null;
  return (
    <span className={`${styles.tag} ${styles[status]}`} data-status={status}>
      {t(`activities.status.${status}`)}
    </span>
  );
}
