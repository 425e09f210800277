import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import { examplesQuery, type Node } from './nodes-api';
import { shownAddress } from './site-address';
import styles from './nodes.module.css';

/** /examples: public nodes to visit, each a card opening its site. */
export function ExamplesPage() {
  const t = useT();
  const api = useApiClient();
  const list = useInfiniteQuery(examplesQuery(api));
  const nodes = list.data?.pages.flatMap((page) => page.dataList) ?? [];
  useDocumentTitle(t('nodesPage.examples.title'));

  return (
    <PageContainer>
      <PageHeading title={t('nodesPage.examples.title')} lead={t('nodesPage.examples.lead')} />
      {list.isError && nodes.length === 0 ? (
        <StatusPanel
          tone="error"
          title={t('nodesPage.examples.error')}
          description={errorMessage(list.error) || t('common.error.tryLater')}
          actions={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
          testId="examples-error"
        />
      ) : !list.data ? (
        <StatusPanel tone="loading" title={t('nodesPage.examples.loading')} testId="examples-loading" />
      ) : nodes.length === 0 ? (
        <StatusPanel
          tone="empty"
          title={t('nodesPage.examples.empty')}
          description={t('nodesPage.examples.emptyHint')}
          actions={<ButtonLink to={routes.nodeCreator()}>{t('nodesPage.mine.create')}</ButtonLink>}
          testId="examples-empty"
        />
      ) : (
        <>
          <ul className={styles.exampleGrid} aria-label={t('nodesPage.examples.title')}>
            {nodes.map((node) => (
              <ExampleCard key={node.nodeId} node={node} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className={styles.more}>
              <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
                {t('nodesPage.examples.more')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </PageContainer>
  );
}

function ExampleCard({ node }: { node: Node }) {
  const t = useT();
  const title = node.nodeTitle || node.nodeName;
  return (
    <li className={styles.exampleCard} data-testid="example-node">
      <a
        href={node.nodeUrl}
        target="_blank"
        rel="noreferrer"
        className={styles.exampleLink}
        aria-label={t('nodesPage.openSite', { name: title, address: shownAddress(node.nodeUrl) })}
      >
        <span className={styles.exampleLogo} aria-hidden="true">
          {node.nodeLogo ? <img src={node.nodeLogo} alt="" /> : <span>{title.slice(0, 1)}</span>}
        </span>
        <span className={styles.exampleTitle}>{title}</span>
        <span className={styles.exampleAddress}>{shownAddress(node.nodeUrl)}</span>
        {node.nodeShortDescription ? <span className={styles.hint}>{node.nodeShortDescription}</span> : null}
        <span className={styles.exampleOwner}>{t('nodesPage.examples.owner', { name: node.ownerUserName })}</span>
      </a>
    </li>
  );
}
