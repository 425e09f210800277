import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from 'antd';
import { isNodeFrozen, routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { myNodesQuery } from './my-nodes';
import { NodeBadges, SiteLink } from './NodeBadges';
import styles from './nodes.module.css';

/** /node/list: the signed-in user's nodes, each opening its manager; an invitation when there are none. */
export function MyNodesPage() {
  const t = useT();
  const api = useApiClient();
  const nodes = useQuery(myNodesQuery(api));
  useDocumentTitle(t('nodesPage.mine.title'));

  const create = <ButtonLink to={routes.nodeCreator()}>{t('nodesPage.mine.create')}</ButtonLink>;
  return (
    <PageContainer>
      <div className={styles.titleRow}>
        <PageHeading title={t('nodesPage.mine.title')} lead={t('nodesPage.mine.lead')} />
        {nodes.data && nodes.data.length > 0 ? create : null}
      </div>
      {nodes.isError ? (
        <StatusPanel
          tone="error"
          title={t('nodesPage.mine.error')}
          description={errorMessage(nodes.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void nodes.refetch()}>{t('common.retry')}</Button>}
          testId="my-nodes-error"
        />
      ) : !nodes.data ? (
        <StatusPanel tone="loading" title={t('nodesPage.mine.loading')} testId="my-nodes-loading" />
      ) : nodes.data.length === 0 ? (
        <StatusPanel
          tone="empty"
          title={t('nodesPage.mine.empty')}
          description={t('nodesPage.mine.emptyHint')}
          actions={
            <>
              {create}
              <ButtonLink to={routes.examples()} variant="secondary">
                {t('nodesPage.mine.examples')}
              </ButtonLink>
            </>
          }
          testId="my-nodes-empty"
        />
      ) : (
        <ul className={styles.nodeList} aria-label={t('nodesPage.mine.title')}>
          {nodes.data.map((node) => (
            <li key={node.nodeId} className={styles.nodeItem} data-testid="my-node">
              <div className={styles.nodeItemText}>
                <Link
                  className={styles.nodeName}
                  to={
                    isNodeFrozen(node.status) ? routes.result.nodeFreeze(node.nodeId) : routes.nodeFormal(node.nodeId)
                  }
                >
                  {node.nodeName}
                </Link>
                <NodeBadges node={node} />
                {node.nodeTitle ? <p className={styles.hint}>{node.nodeTitle}</p> : null}
              </div>
              <SiteLink node={node} />
            </li>
          ))}
        </ul>
      )}
    </PageContainer>
  );
}
