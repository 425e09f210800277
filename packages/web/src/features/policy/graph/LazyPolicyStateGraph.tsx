import { Suspense } from 'react';
import { useT } from '../../../shared/i18n';
import { lazyPart } from '../../../shared/ui/lazy-part';
import type { PolicyStateGraphProps } from './PolicyStateGraph';

const PolicyStateGraph = lazyPart(
  () => import('./PolicyStateGraph'),
  (module) => module.PolicyStateGraph,
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
