import { Link, useSearchParams } from 'react-router';
import { isNodeFrozen, routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { useLoggedInUser } from '../account';
import { ExhibitsTab } from './ExhibitsTab';
import { NodeBadges, SiteLink } from './NodeBadges';
import { NodeContractsTab } from './NodeContractsTab';
import { NodeLoadStates } from './NodeLoadStates';
import type { Node } from './nodes-api';
import { SettingsTab } from './SettingsTab';
import { ThemesTab } from './ThemesTab';
import { useNodeIdParam, useOwnedNode } from './use-owned-node';
import styles from './nodes.module.css';

const TABS = ['exhibit', 'theme', 'contract', 'setting'] as const;
export type NodeTab = (typeof TABS)[number];

/** `showPage` as SPEC §2.2 writes it (`exhibit`, the default), plural spellings accepted too. */
export function tabOf(showPage: string | null): NodeTab {
  const singular = (showPage ?? '').replace(/s$/u, '');
  return (TABS as readonly string[]).includes(singular) ? (singular as NodeTab) : 'exhibit';
}

/** /node/formal/{id}?showPage: the owner's manager of one node, a side navigation and the chosen part. */
export function NodeManagerPage() {
  const t = useT();
  const user = useLoggedInUser();
  const { state, retry } = useOwnedNode(useNodeIdParam(), user.userId);
  const [searchParams] = useSearchParams();
  const tab = tabOf(searchParams.get('showPage'));
  useDocumentTitle(
    state.status === 'loaded'
      ? `${t('nodesPage.manager.title')} · ${state.node.nodeName}`
      : t('nodesPage.manager.title'),
  );
  return (
    <PageContainer>
      <NodeLoadStates state={state} retry={retry} />
      {state.status === 'loaded' ? <Manager node={state.node} tab={tab} /> : null}
    </PageContainer>
  );
}

function Manager({ node, tab }: { node: Node; tab: NodeTab }) {
  const t = useT();
  const frozen = isNodeFrozen(node.status);
  return (
    <div className={styles.manager} data-testid="node-manager">
      <header className={styles.managerHeader}>
        <span className={styles.logo} aria-hidden="true">
          {node.nodeLogo ? <img src={node.nodeLogo} alt="" /> : <span>{node.nodeName.slice(0, 1)}</span>}
        </span>
        <div className={styles.managerHeading}>
          <h1 className={styles.managerTitle}>{node.nodeName}</h1>
          <NodeBadges node={node} />
          <SiteLink node={node} />
        </div>
      </header>
      {frozen ? (
        <p className={styles.notice} role="note" data-testid="node-frozen-notice">
          {t('nodesPage.manager.frozen')}{' '}
          <Link to={routes.result.nodeFreeze(node.nodeId)}>{t('nodesPage.manager.frozenWhy')}</Link>
        </p>
      ) : null}
      <div className={styles.managerBody}>
        <nav className={styles.sideNav} aria-label={t('nodesPage.manager.nav')}>
          <ul>
            {TABS.map((item) => (
              <li key={item}>
                <Link
                  to={routes.nodeFormal(node.nodeId, { showPage: item })}
                  aria-current={item === tab ? 'page' : undefined}
                  className={item === tab ? `${styles.sideLink} ${styles.sideLinkActive}` : styles.sideLink}
                >
                  {t(`nodesPage.tab.${item}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className={styles.panel} aria-labelledby="node-tab-title">
          <h2 id="node-tab-title" className={styles.panelTitle}>
            {t(`nodesPage.tab.${tab}`)}
          </h2>
          {tab === 'exhibit' ? <ExhibitsTab node={node} /> : null}
          {tab === 'theme' ? <ThemesTab node={node} /> : null}
          {tab === 'contract' ? <NodeContractsTab node={node} /> : null}
          {tab === 'setting' ? <SettingsTab node={node} /> : null}
        </section>
      </div>
    </div>
  );
}
