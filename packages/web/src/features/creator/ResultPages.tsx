import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { ResourceStatus, routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { resourceQuery } from '../resources';
import { useResourceChange } from './use-resource-change';
import styles from './creator.module.css';

/** "Put online" on a result page: the server's reason shows when it refuses. */
function PutOnline({ resourceId }: { resourceId: string }) {
  const t = useT();
  const online = useResourceChange(resourceId);
  if (online.isSuccess) return <p role="status">{t('creator.result.online')}</p>;
  return (
    <>
      <Button type="primary" loading={online.isPending} onClick={() => online.mutate({ status: 1 })}>
        {t('creator.result.putOnline')}
      </Button>
      {online.isError && (
        <Alert type="error" role="alert" title={t('creator.result.refused', { reason: errorMessage(online.error) })} />
      )}
    </>
  );
}

/** /result/resource/create/success/:id */
export function ResourceCreateSuccessPage() {
  const t = useT();
  const { id = '' } = useParams();
  useDocumentTitle(t('creator.result.created'));
  return (
    <PageContainer>
      <h1>{t('creator.result.created')}</h1>
      <p className={styles.hint}>{t('creator.result.onlineHint')}</p>
      <div className={styles.actions}>
        <Link to={routes.resourceDetails(id)}>{t('creator.result.details')}</Link>
        <PutOnline resourceId={id} />
      </div>
    </PageContainer>
  );
}

/** /result/resource/version/create/success/:id/:version */
export function VersionCreateSuccessPage() {
  const t = useT();
  const { id = '', version = '' } = useParams();
  useDocumentTitle(t('creator.result.versionCreated', { version }));
  return (
    <PageContainer>
      <h1>{t('creator.result.versionCreated', { version })}</h1>
      <div className={styles.actions}>
        <Link to={routes.resourceDetails(id, { version })}>{t('creator.result.details')}</Link>
        <PutOnline resourceId={id} />
      </div>
    </PageContainer>
  );
}

/** /resource/creatorEntry */
export function CreatorEntryPage() {
  const t = useT();
  useDocumentTitle(t('creator.entry.heading'));
  return (
    <PageContainer>
      <h1>{t('creator.entry.heading')}</h1>
      <ul>
        <li>
          <Link to={routes.resourceCreator()}>{t('creator.entry.single')}</Link>
        </li>
        <li>
          <Link to={routes.resourceCreatorBatch()}>{t('creator.entry.batch')}</Link>
        </li>
      </ul>
    </PageContainer>
  );
}

/**
 * /result/resource/version/create/release/:id/:version — a new version of a resource that had
 * versions: whether the resource is online (the version is available at once) or offline (put it
 * online here), the version's details and its editor.
 */
export function VersionReleasePage() {
  const t = useT();
  const api = useApiClient();
  const { id = '', version = '' } = useParams();
  const read = useQuery(resourceQuery(api, id));
  const resource = read.data;
  useDocumentTitle(t('creator.result.released', { version }));

  return (
    <PageContainer>
      <h1>{t('creator.result.released', { version })}</h1>
      {!resource && read.isError && <StatusPanel tone="error" title={errorMessage(read.error)} />}
      {read.isPending && <StatusPanel tone="loading" title={t('common.loading')} />}
      {resource && (
        <>
          <p role="status">
            {t(
              resource.status === ResourceStatus.Online
                ? 'creator.result.releasedOnline'
                : resource.status === ResourceStatus.Frozen
                  ? 'creator.result.releasedFrozen'
                  : 'creator.result.releasedOffline',
              { name: resource.resourceName },
            )}
          </p>
          <div className={styles.actions}>
            <Link to={routes.resourceDetails(id, { version })}>{t('creator.result.versionDetails')}</Link>
            <Link to={routes.resourceSidebar.versionInfo(id, { version })}>{t('creator.result.editVersion')}</Link>
            {resource.status === ResourceStatus.Offline && <PutOnline resourceId={id} />}
          </div>
        </>
      )}
    </PageContainer>
  );
}
