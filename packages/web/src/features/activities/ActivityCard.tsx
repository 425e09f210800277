import { Link } from 'react-router';
import { routes, type ActivityListItem } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ActivityStatusTag } from './ActivityStatusTag';
import styles from './ActivityCard.module.css';

/** One activity of a list (SPEC §2.3): cover, title, status and time window; the whole card opens it. */
export interface ActivityCardProps {
  activity: ActivityListItem;
  headingLevel?: 2 | 3;
  /** Lazy covers suit long lists; a few cards on a landing page load theirs at once. */
  coverLoading?: 'lazy' | 'eager';
}

export function ActivityCard({ activity, headingLevel = 2, coverLoading = 'lazy' }: ActivityCardProps) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} data-testid="activity-card" data-activity-id={activity.activityID}>
      <div className={styles.cover}>
        {activity.activityCover ? (
          <img
            src={activity.activityCover}
            alt={t('activities.coverAlt', { title: activity.activityTitle })}
            loading={coverLoading}
          />
        ) : null}
      </div>
      <div className={styles.body}>
        <ActivityStatusTag status={activity.status} />
        <Heading className={styles.title}>
          <Link to={routes.activity(activity.activityID)} className={styles.link}>
            {activity.activityTitle}
          </Link>
        </Heading>
        <p className={styles.window}>
          <ActivityWindowText persist={activity.persis} start={activity.startTime} end={activity.limitTime} />
        </p>
      </div>
    </article>
  );
}

/** 'long-term' for an always-on activity, else "start – end" with whichever bound exists. */
export function ActivityWindowText({ persist, start, end }: { persist: boolean; start: string; end: string }) {
  const t = useT();
  if (persist) return <>{t('activities.window.longTerm')}</>;
  if (start && end) return <>{t('activities.window.range', { start, end })}</>;
  if (start) return <>{t('activities.window.from', { start })}</>;
  if (end) return <>{t('activities.window.until', { end })}</>;
  return null;
}
