import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { buttonClass } from '../../shared/ui/button-class';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { ActivityCardGrid } from './ActivityCardGrid';
import { useActivityList } from './use-activity-list';

/** Route 5, SPEC §2.3: every client-visible activity as a card. */
export function ActivitiesPage() {
  const t = useT();
  const { state, list, reload } = useActivityList();
  useDocumentTitle(t('activities.title'));

  return (
    <PageContainer>
      <PageHeading title={t('activities.title')} lead={t('activities.lead')} />
      {state === 'loading' ? (
        <StatusPanel tone="loading" title={t('common.loading')} testId="activities-loading" />
      ) : null}
      {state === 'noData' ? (
        <StatusPanel
          tone="empty"
          title={t('activities.noData.title')}
          description={t('activities.noData.description')}
          actions={
            <ButtonLink to={routes.home()} variant="secondary">
              {t('common.backHome')}
            </ButtonLink>
          }
          testId="activities-no-data"
        />
      ) : null}
      {state === 'error' ? (
        <StatusPanel
          tone="error"
          title={t('activities.error.title')}
          description={t('common.error.tryLater')}
          actions={
            <button type="button" className={buttonClass('primary')} onClick={reload}>
              {t('common.retry')}
            </button>
          }
          testId="activities-error"
        />
      ) : null}
      {state === 'loaded' ? <ActivityCardGrid activities={list} label={t('activities.listLabel')} /> : null}
    </PageContainer>
  );
}
