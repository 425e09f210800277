import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button } from 'antd';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { getResource, ResourceStatus, type Resource } from '../resources/resources-api';
import { putOnline } from './creator-api';
import styles from './creator.module.css';

type OnlineState = { kind: 'idle' } | { kind: 'busy' } | { kind: 'online' } | { kind: 'refused'; reason: string };

/** "Put online" on a result page: the server's reason shows when it refuses. */
function PutOnline({ resourceId }: { resourceId: string }) {
  const t = useT();
  const api = useApiClient();
  const [state, setState] = useState<OnlineState>({ kind: 'idle' });
  const run = async () => {
    setState({ kind: 'busy' });
    try {
      await putOnline(api, resourceId);
      setState({ kind: 'online' });
    } catch (failure) {
      setState({ kind: 'refused', reason: failure instanceof Error ? failure.message : String(failure) });
    }
  };
  if (state.kind === 'online') return <p role="status">{t('creator.result.online')}</p>;
  return (
    <>
      <Button type="primary" loading={state.kind === 'busy'} onClick={() => void run()}>
        {t('creator.result.putOnline')}
      </Button>
      {state.kind === 'refused' && (
        <Alert type="error" role="alert" title={t('creator.result.refused', { reason: state.reason })} />
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
  const [resource, setResource] = useState<Resource | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(t('creator.result.released', { version }));

  useEffect(() => {
    const controller = new AbortController();
    getResource(api, id, controller.signal).then(setResource, (error: unknown) => {
      if (!controller.signal.aborted) setFailure(error instanceof Error ? error.message : String(error));
    });
    return () => controller.abort();
  }, [api, id]);

  return (
    <PageContainer>
      <h1>{t('creator.result.released', { version })}</h1>
      {failure && <StatusPanel tone="error" title={failure} />}
      {!failure && !resource && <StatusPanel tone="loading" title={t('common.loading')} />}
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
