import { lazy, Suspense } from 'react';
import { useT } from '../../../shared/i18n';
import type { PolicyStateGraphProps } from './PolicyStateGraph';

const PolicyStateGraph = lazy(() =>
  import('./PolicyStateGraph').then((module) => ({ default: module.PolicyStateGraph })),
);

/** `PolicyStateGraph`, loaded on first use. */
export function LazyPolicyStateGraph(props: PolicyStateGraphProps) {
  const t = useT();
  return (
    <Suspense fallback={<p role="status">{t('policyGraph.loading')}</p>}>
      <PolicyStateGraph {...props} />
    </Suspense>
  );
}
