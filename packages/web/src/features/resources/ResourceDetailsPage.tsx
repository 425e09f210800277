import { useParams, useSearchParams } from 'react-router';
import { Button } from 'antd';
import { ResourceStatus, routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { AddressContractDrawer, DependencyAuthNotice } from '../contracts';
import { DependencyArea, EmptyLine, RelationArea } from './DependencyArea';
import { MediaPreview } from './MediaPreview';
import { shownVersion } from './shown-version';
import { ResourceHeader } from './ResourceHeader';
import type { Resource } from './resources-api';
import { DetailsSection, PolicyList, StatusBanner, VersionDescription, VersionProperties } from './ResourceSections';
import { signedInUserId } from './signed-in-user';
import { SignIntoNode } from './SignIntoNode';
import { useResourceDetails, useResourceVersion } from './use-resource-details';
import styles from './ResourceDetailsPage.module.css';

/** /resource/details/{id}?version: what a resource is, what it needs and under which policies. */
export function ResourceDetailsPage() {
  const t = useT();
  const { id = '' } = useParams();
  const { state, retry } = useResourceDetails(id);
  useDocumentTitle(
    state.status === 'loaded'
      ? state.resource.resourceTitle || state.resource.resourceName
      : t('resourcesPage.details.title'),
  );

  return (
    <PageContainer>
      {state.status === 'loading' ? (
        <StatusPanel tone="loading" title={t('common.loading')} testId="details-loading" />
      ) : null}
      {state.status === 'notFound' ? (
        <StatusPanel
          tone="notFound"
          title={t('resourcesPage.details.notFound')}
          actions={<ButtonLink to={routes.market()}>{t('resourcesPage.details.toMarket')}</ButtonLink>}
          testId="details-not-found"
        />
      ) : null}
      {state.status === 'error' ? (
        <StatusPanel
          tone="error"
          title={t('resourcesPage.details.error')}
          description={state.message || t('common.error.tryLater')}
          actions={<Button onClick={retry}>{t('common.retry')}</Button>}
          testId="details-error"
        />
      ) : null}
      {state.status === 'loaded' ? <ResourceDetails resource={state.resource} /> : null}
    </PageContainer>
  );
}

function ResourceDetails({ resource }: { resource: Resource }) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const userId = signedInUserId();
  const isOwner = userId !== null && userId === resource.userId;
  const version = shownVersion(resource, searchParams.get('version') ?? '');
  const versionState = useResourceVersion(resource, version);

  return (
    <article className={styles.page} data-testid="resource-details">
      <StatusBanner resource={resource} isOwner={isOwner} />
      {isOwner && version ? (
        <>
          <DependencyAuthNotice
            resourceId={resource.resourceId}
            version={version}
            signHref={routes.resourceSidebar.dependency(resource.resourceId)}
          />
          <AddressContractDrawer />
        </>
      ) : null}
      <ResourceHeader
        resource={resource}
        isOwner={isOwner}
        signedIn={userId !== null}
        version={version}
        onVersionChange={(next) => setSearchParams({ version: next }, { replace: true })}
      />
      {userId !== null && version && resource.status === ResourceStatus.Online ? (
        <SignIntoNode resource={resource} version={version} />
      ) : null}
      <div className={styles.columns}>
        <div className={styles.main}>
          <MediaPreview resource={resource} version={version} userId={userId} />
          <DetailsSection title={t('resourcesPage.details.intro')}>
            {resource.intro ? (
              <p className={styles.intro}>{resource.intro}</p>
            ) : (
              <p className={styles.muted}>{t('resourcesPage.details.noIntro')}</p>
            )}
          </DetailsSection>
          <DetailsSection title={t('resourcesPage.details.description')}>
            {versionState.status === 'loaded' ? (
              <VersionDescription version={versionState.version} />
            ) : (
              <VersionPending state={versionState.status} />
            )}
          </DetailsSection>
          <DetailsSection title={t('resourcesPage.details.policies')} testId="resource-policies">
            <PolicyList policies={resource.policies} isOwner={isOwner} />
          </DetailsSection>
          <DetailsSection title={t('resourcesPage.details.dependencies')}>
            {version ? (
              <DependencyArea resourceId={resource.resourceId} version={version} />
            ) : (
              <EmptyLine text={t('resourcesPage.details.noDependencies')} testId="dependencies-empty" />
            )}
          </DetailsSection>
          <DetailsSection title={t('resourceEditor.relations.title')} testId="resource-relations">
            {version ? (
              <RelationArea resourceId={resource.resourceId} version={version} />
            ) : (
              <EmptyLine text={t('resourceEditor.relations.empty')} testId="relations-empty" />
            )}
          </DetailsSection>
        </div>
        <aside className={styles.side}>
          <DetailsSection title={t('resourcesPage.details.properties')}>
            {versionState.status === 'loaded' ? (
              <VersionProperties version={versionState.version} />
            ) : (
              <VersionPending state={versionState.status} />
            )}
          </DetailsSection>
        </aside>
      </div>
    </article>
  );
}

function VersionPending({ state }: { state: 'none' | 'loading' | 'error' }) {
  const t = useT();
  const key = {
    none: 'resourcesPage.details.noVersion',
    loading: 'common.loading',
    error: 'resourcesPage.details.versionError',
  }[state];
  return <p className={styles.muted}>{t(key)}</p>;
}
