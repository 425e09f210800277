import { useId } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { Alert } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { ResourceStatus, routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account';
import { AddressContractDrawer, DependencyAuthNotice, ResourceContracts } from '../contracts';
import { DependencyTab } from './DependencyTab';
import { InfoTab } from './InfoTab';
import { PolicyTab } from './PolicyTab';
import { EditorHeader } from './EditorHeader';
import { ResourceLoadStates } from './ResourceLoadStates';
import type { TabProps } from './tab-props';
import { useOwnedResource } from './use-owned-resource';
import { VersionTab } from './VersionTab';
import styles from './ResourceEditor.module.css';

const TABS = ['info', 'versionInfo', 'policy', 'dependency', 'contract'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/** /resource/sidebar/{tab}/{id}: the owner's editor of one resource, a side navigation with a tab per part. */
export function ResourceEditorPage() {
  const t = useT();
  const { tab = '', id = '' } = useParams();
  const user = useLoggedInUser();
  const { state, retry } = useOwnedResource(id, user.userId);
  useDocumentTitle(
    state.status === 'loaded'
      ? `${t('resourceEditor.heading')} · ${state.resource.resourceTitle || state.resource.resourceName}`
      : t('resourceEditor.heading'),
  );

  if (!isTab(tab)) return <Navigate replace to={routes.resourceSidebar.info(id)} />;
  return (
    <PageContainer>
      <ResourceLoadStates state={state} retry={retry} testIdPrefix="sidebar" />
      {state.status === 'notYours' ? (
        <StatusPanel
          tone="notFound"
          title={t('resourceEditor.notYours')}
          description={t('resourceEditor.notYoursHint')}
          actions={
            <>
              <ButtonLink to={routes.resourceDetails(state.resource.resourceId)}>
                {t('resourceEditor.toDetails')}
              </ButtonLink>
              <ButtonLink to={routes.resourceList()} variant="secondary">
                {t('resourceEditor.toMyResources')}
              </ButtonLink>
            </>
          }
          testId="sidebar-not-yours"
        />
      ) : null}
      {state.status === 'loaded' ? <Editor resource={state.resource} tab={tab} /> : null}
    </PageContainer>
  );
}

function Editor({ resource, tab }: { resource: ResourceWire; tab: Tab }) {
  const t = useT();
  const headingId = useId();
  const readOnly = resource.status === ResourceStatus.Frozen;
  const props: TabProps = { resource, readOnly };
  return (
    <div className={styles.page} data-testid="resource-sidebar">
      <EditorHeader resource={resource} />
      <EditorNotice resource={resource} />
      {resource.latestVersion ? (
        <DependencyAuthNotice
          resourceId={resource.resourceId}
          version={resource.latestVersion}
          signHref={tab === 'dependency' ? undefined : routes.resourceSidebar.dependency(resource.resourceId)}
        />
      ) : null}
      <div className={styles.layout}>
        <SideNavigation resourceId={resource.resourceId} />
        <section className={styles.panel} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.panelTitle}>
            {t(`resourceEditor.tab.${tab}`)}
          </h2>
          {tab === 'info' ? <InfoTab key={resource.resourceId} {...props} /> : null}
          {tab === 'versionInfo' ? <VersionTab {...props} /> : null}
          {tab === 'policy' ? <PolicyTab {...props} /> : null}
          {tab === 'dependency' ? <DependencyTab {...props} /> : null}
          {tab === 'contract' ? <ResourceContracts resource={resource} /> : null}
        </section>
        {/* The contract tab has its own drawer; the others open one from the auth notice and the dependency tab. */}
        {tab === 'contract' ? null : <AddressContractDrawer />}
      </div>
    </div>
  );
}

/** The tabs as links (each part has its own address, SPEC §2.2). */
function SideNavigation({ resourceId }: { resourceId: string }) {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? `${styles.navLink} ${styles.navActive}` : styles.navLink;
  return (
    <nav className={styles.nav} aria-label={t('resourceEditor.nav')}>
      <ul>
        {TABS.map((tab) => (
          <li key={tab}>
            <NavLink to={routes.resourceSidebar[tab](resourceId)} className={linkClass}>
              {t(`resourceEditor.tab.${tab}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Frozen: why, and that nothing can change. Unreleased: a version comes first. */
function EditorNotice({ resource }: { resource: ResourceWire }) {
  const t = useT();
  if (resource.status === ResourceStatus.Frozen) {
    return (
      <Alert
        type="error"
        showIcon
        className={styles.notice}
        title={t('resourceEditor.frozen.title')}
        description={
          <>
            {resource.freezeReason ? (
              <p className={styles.noticeText}>
                {t('resourceEditor.frozen.reason', { reason: resource.freezeReason })}
              </p>
            ) : null}
            <p className={styles.noticeText}>{t('resourceEditor.frozen.readOnly')}</p>
          </>
        }
        action={
          <ButtonLink to={routes.result.resourceFreeze(resource.resourceId)} variant="secondary">
            {t('resourceEditor.frozen.more')}
          </ButtonLink>
        }
        data-testid="sidebar-frozen"
      />
    );
  }
  if (resource.status === ResourceStatus.Unreleased) {
    return (
      <Alert
        type="info"
        showIcon
        className={styles.notice}
        title={t('resourceEditor.unreleased.title')}
        description={t('resourceEditor.unreleased.hint')}
        action={
          <ButtonLink to={routes.resourceCreator({ resourceId: resource.resourceId })}>
            {t('resourceEditor.unreleased.release')}
          </ButtonLink>
        }
        data-testid="sidebar-unreleased"
      />
    );
  }
  return null;
}
