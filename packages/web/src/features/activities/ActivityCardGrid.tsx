import type { ActivityListItem } from '@tessera/domain';
import { ActivityCard, type ActivityCardProps } from './ActivityCard';
import styles from './ActivityCardGrid.module.css';

export interface ActivityCardGridProps extends Omit<ActivityCardProps, 'activity'> {
  activities: ActivityListItem[];
  /** Accessible name of the list. */
  label: string;
}

export function ActivityCardGrid({ activities, label, ...cardProps }: ActivityCardGridProps) {
  return (
    <ul className={styles.grid} aria-label={label}>
      {activities.map((activity) => (
        <li key={activity.activityID}>
          <ActivityCard activity={activity} {...cardProps} />
        </li>
      ))}
    </ul>
  );
}
