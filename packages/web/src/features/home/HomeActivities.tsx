import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { ActivityCardGrid, useActivityList } from '../activities';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import styles from './HomePage.module.css';

const SHOWN = 3;

/** The current activities, a few cards and the way to all of them. */
export function HomeActivities() {
  const t = useT();
  const { state, list } = useActivityList();

  return (
    <section className={styles.section} aria-labelledby="home-activities">
      <div className={styles.sectionHead}>
        <div>
          <h2 id="home-activities" className={styles.sectionTitle}>
            {t('home.activities.title')}
          </h2>
          <p className={styles.sectionLead}>{t('home.activities.lead')}</p>
        </div>
        <Link to={routes.activities()} className={styles.moreLink}>
          {t('home.activities.viewAll')}
        </Link>
      </div>
      {state === 'loading' ? <StatusPanel tone="loading" title={t('common.loading')} /> : null}
      {state === 'noData' ? <StatusPanel tone="empty" title={t('home.activities.empty')} /> : null}
      {state === 'error' ? <StatusPanel tone="error" title={t('activities.error.title')} /> : null}
      {state === 'loaded' ? (
        <ActivityCardGrid
          activities={list.slice(0, SHOWN)}
          headingLevel={3}
          coverLoading="eager"
          label={t('home.activities.title')}
        />
      ) : null}
    </section>
  );
}
