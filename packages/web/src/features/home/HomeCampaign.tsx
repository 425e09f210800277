import { useSearchParams } from 'react-router';
import { routes } from '@tessera/domain';
import { ActivityStatusTag, ActivityWindowText, useActivityList } from '../activities';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import styles from './HomePage.module.css';

/**
 * `/home?campaign=<link>`: where a redirecting activity sends its visitor (the demo's redirect campaigns
 * do). The campaign opened is shown at the top — cover, title, status and dates — or, when it is no
 * longer listed, that it has ended or is paused; either way with the way to every activity.
 */
export function HomeCampaign() {
  const t = useT();
  const [params] = useSearchParams();
  const link = params.get('campaign') ?? '';
  const { state, list } = useActivityList();
  if (!link || state === 'loading') return null;
  const activity = list.find((item) => item.link === link);
  return (
    <section className={styles.campaign} aria-labelledby="home-campaign" data-testid="home-campaign">
      <div className={styles.campaignInner}>
        {activity?.activityCover ? (
          <img
            className={styles.campaignCover}
            src={activity.activityCover}
            alt={t('activities.coverAlt', { title: activity.activityTitle })}
          />
        ) : null}
        <div className={styles.campaignText}>
          <p className={styles.eyebrow}>{t('home.campaign.eyebrow')}</p>
          <h2 id="home-campaign" className={styles.campaignTitle}>
            {activity ? activity.activityTitle : t('home.campaign.gone')}
          </h2>
          {activity ? (
            <p className={styles.campaignWindow}>
              <ActivityStatusTag status={activity.status} />{' '}
              <ActivityWindowText persist={activity.persis} start={activity.startTime} end={activity.limitTime} />
            </p>
          ) : null}
          <ButtonLink to={routes.activities()} variant="secondary">
            {t('home.campaign.all')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
