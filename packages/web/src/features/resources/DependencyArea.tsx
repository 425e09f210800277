import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { dependencyGraphTree, hasLinks, relationGraphTree, type GraphTreeNode } from './dependency-layout';
import { getDependencyTree, getRelationTree } from './resources-api';
import { errorMessage, useKeyedLoad } from './use-keyed-load';
import styles from './DependencyGraph.module.css';

const DependencyGraph = lazy(() => import('./DependencyGraph').then((module) => ({ default: module.DependencyGraph })));

type TreeAreaProps = {
  read: (signal: AbortSignal) => Promise<GraphTreeNode[]>;
  readKey: string;
  label: string;
  emptyTitle: string;
  emptyTestId: string;
  testId: string;
  legend?: string;
  /** A failed read shows an error with a retry; otherwise it reads as "nothing to show". */
  showErrors: boolean;
};

function TreeArea({ read, readKey, label, emptyTitle, emptyTestId, testId, legend, showErrors }: TreeAreaProps) {
  const t = useT();
  const state = useKeyedLoad(read, readKey);
  if (state.status === 'loading') return <StatusPanel tone="loading" title={t('common.loading')} />;
  if (state.status === 'error' && showErrors) {
    return (
      <StatusPanel
        tone="error"
        title={t('resourceSidebar.relations.error')}
        description={errorMessage(state.error) || t('common.error.tryLater')}
        actions={<Button onClick={state.retry}>{t('common.retry')}</Button>}
        testId={`${testId}-error`}
      />
    );
  }
  const tree = state.status === 'loaded' ? state.value : [];
  if (!hasLinks(tree)) return <StatusPanel tone="empty" title={emptyTitle} testId={emptyTestId} />;
  return (
    <Suspense fallback={<StatusPanel tone="loading" title={t('common.loading')} />}>
      <DependencyGraph tree={tree} label={label} testId={testId} />
      {legend ? <p className={styles.legend}>{legend}</p> : null}
    </Suspense>
  );
}

/** The chosen version's dependencies as a graph, or a calm empty state when it has none. */
export function DependencyArea({ resourceId, version }: { resourceId: string; version: string }) {
  const t = useT();
  const api = useApiClient();
  return (
    <TreeArea
      read={async (signal) => dependencyGraphTree(await getDependencyTree(api, resourceId, version, signal))}
      readKey={`${resourceId}@${version}`}
      label={t('resourcesPage.details.dependencyGraph')}
      emptyTitle={t('resourcesPage.details.noDependencies')}
      emptyTestId="dependencies-empty"
      testId="dependency-graph"
      showErrors={false}
    />
  );
}

/** The relation tree of a version: what it depends on directly and what those pass on (upcast). */
export function RelationArea({ resourceId, version }: { resourceId: string; version: string }) {
  const t = useT();
  const api = useApiClient();
  return (
    <TreeArea
      read={async (signal) => relationGraphTree(await getRelationTree(api, resourceId, version, signal))}
      readKey={`${resourceId}@${version}`}
      label={t('resourceSidebar.relations.graph')}
      emptyTitle={t('resourceSidebar.relations.empty')}
      emptyTestId="relations-empty"
      testId="relation-graph"
      legend={t('resourceSidebar.relations.legend')}
      showErrors
    />
  );
}
