import { Link, useParams } from 'react-router';
import { formatDisplayDate, routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import type { ActivityDetail } from './activity-detail';
import { CampaignContent } from './campaigns/CampaignContent';
import { ValidityBanner } from './ValidityBanner';
import { useActivityDetail } from './use-activity-detail';
import styles from './ActivityDetailPage.module.css';

/** Route 6, SPEC §2.4. Keyed by id so that another activity starts from loading again. */
export function ActivityDetailPage() {
  const { id } = useParams();
  return <ActivityDetailContent key={id} activityID={id} />;
}

function ActivityDetailContent({ activityID }: { activityID: string | undefined }) {
  const t = useT();
  const { pageState, detail } = useActivityDetail(activityID);
  // SPEC §2.4: without a title the page says the activity does not exist or has been paused.
  const pageTitle = pageState === 'loading' ? '' : detail?.title || t('activities.detail.notExist');
  useDocumentTitle(pageTitle || undefined);

  return (
    <PageContainer>
      <nav aria-label={t('activities.detail.breadcrumbLabel')} className={styles.breadcrumb}>
        <Link to={routes.activities()}>{t('activities.detail.allActivities')}</Link>
      </nav>
      {pageState === 'loading' ? (
        <StatusPanel tone="loading" title={t('common.loading')} testId="activity-loading" />
      ) : null}
      {pageState === 'noDate' ? (
        <StatusPanel
          tone="empty"
          headingLevel={1}
          title={pageTitle}
          description={t('activities.detail.notExistDescription')}
          actions={<ButtonLink to={routes.activities()}>{t('activities.detail.backToList')}</ButtonLink>}
          testId="activity-no-data"
        />
      ) : null}
      {pageState === 'loaded' && detail ? <LoadedActivity detail={detail} pageTitle={pageTitle} /> : null}
    </PageContainer>
  );
}

function LoadedActivity({ detail, pageTitle }: { detail: ActivityDetail; pageTitle: string }) {
  const t = useT();
  const facts: [string, string][] = [
    [t('activities.detail.startTime'), formatDisplayDate(detail.startTime, true)],
    [
      t('activities.detail.endTime'),
      detail.persist ? t('activities.window.longTerm') : formatDisplayDate(detail.endTime, true),
    ],
  ];
  if (!detail.persist && detail.announceTime) {
    facts.push([t('activities.detail.announceTime'), formatDisplayDate(detail.announceTime, true)]);
  }

  return (
    <article className={styles.activity} data-testid="activity-detail" data-link={detail.showActivity}>
      <header className={styles.hero}>
        <div className={styles.heroText}>
          <h1 className={styles.title}>{pageTitle}</h1>
          <ValidityBanner detail={detail} />
          <dl className={styles.facts}>
            {facts
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label} className={styles.fact}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
          </dl>
        </div>
        {detail.cover ? (
          <img className={styles.cover} src={detail.cover} alt={t('activities.coverAlt', { title: pageTitle })} />
        ) : null}
      </header>
      <CampaignContent link={detail.showActivity} />
    </article>
  );
}
