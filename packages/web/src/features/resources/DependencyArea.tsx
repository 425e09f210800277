// The dependency and relation trees of a version, each drawn as a graph.
import { Suspense } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { lazyPart } from '../../shared/ui/lazy-part';
import { dependencyGraphTree, hasLinks, relationGraphTree, type GraphTreeNode } from './dependency-layout';

import { dependencyTreeQuery, relationTreeQuery } from './resources-api';
import styles from './DependencyGraph.module.css';

/**
 * "Nothing here" as one quiet line: an empty dependency or relation panel takes no more room than its
 * sentence (a big empty-state picture there would outweigh the page's content).
 */
export function EmptyLine({ text, testId }: { text: string; testId: string }) {
  return (
    <p className={styles.emptyLine} role="status" data-testid={testId}>
      {text}
    </p>
  );
}

const DependencyGraph = lazyPart(
  () => import('./DependencyGraph'),
  (module) => module.DependencyGraph,
);

type TreeAreaProps = {
  query: UseQueryResult<GraphTreeNode[]>;
  label: string;
  emptyTitle: string;
  emptyTestId: string;
  testId: string;
  legend?: string;
  /** A failed read shows an error with a retry; otherwise it reads as "nothing to show". */
  showErrors: boolean;
};

function TreeArea({ query, label, emptyTitle, emptyTestId, testId, legend, showErrors }: TreeAreaProps) {
  const t = useT();
  if (query.isPending || (query.isError && query.isFetching)) {
    return <EmptyLine text={t('common.loading')} testId={`${testId}-loading`} />;
  }
  if (query.isError && showErrors) {
    return (
      <StatusPanel
        tone="error"
        title={t('resourceEditor.relations.error')}
        description={errorMessage(query.error) || t('common.error.tryLater')}
        actions={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        testId={`${testId}-error`}
      />
    );
  }
  const tree = query.data ?? [];
  if (!hasLinks(tree)) return <EmptyLine text={emptyTitle} testId={emptyTestId} />;
  return (
    <Suspense fallback={<EmptyLine text={t('common.loading')} testId={`${testId}-loading`} />}>
      <DependencyGraph tree={tree} label={label} testId={testId} />
      {legend ? <p className={styles.legend}>{legend}</p> : null}
    </Suspense>
  );
}

/** The chosen version's dependencies as a graph, or a calm empty state when it has none. */
export function DependencyArea({ resourceId, version }: { resourceId: string; version: string }) {
  const t = useT();
  const api = useApiClient();
  const query = useQuery({ ...dependencyTreeQuery(api, resourceId, version), select: dependencyGraphTree });
  return (
    <TreeArea
      query={query}
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
  const query = useQuery({ ...relationTreeQuery(api, resourceId, version), select: (tree) => relationGraphTree(tree) });
  return (
    <TreeArea
      query={query}
      label={t('resourceEditor.relations.graph')}
      emptyTitle={t('resourceEditor.relations.empty')}
      emptyTestId="relations-empty"
      testId="relation-graph"
      legend={t('resourceEditor.relations.legend')}
      showErrors
    />
  );
}
