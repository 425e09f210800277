import { lazy, Suspense } from 'react';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { getDependencyTree } from './resources-api';
import { useKeyedLoad } from './use-keyed-load';

const DependencyGraph = lazy(() => import('./DependencyGraph').then((module) => ({ default: module.DependencyGraph })));

/** The chosen version's dependencies as a graph, or a calm empty state when it has none. */
export function DependencyArea({ resourceId, version }: { resourceId: string; version: string }) {
  const t = useT();
  const api = useApiClient();
  const read = useKeyedLoad((signal) => getDependencyTree(api, resourceId, version, signal), `${resourceId}@${version}`);
  // Until the versions module answers the tree, a failure reads as "nothing to show".
  const tree = read.status === 'loaded' ? read.value : [];
  const hasDependencies = tree.some((node) => (node.dependencies ?? []).length > 0);

  if (read.status === 'loading') return <StatusPanel tone="loading" title={t('common.loading')} />;
  if (!hasDependencies) return <StatusPanel tone="empty" title={t('resourcesPage.details.noDependencies')} testId="dependencies-empty" />;
  return (
    <Suspense fallback={<StatusPanel tone="loading" title={t('common.loading')} />}>
      <DependencyGraph tree={tree} label={t('resourcesPage.details.dependencyGraph')} />
    </Suspense>
  );
}
