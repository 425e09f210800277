// The resource auth reads (DOMAIN §3.3, §5.6) as TanStack Query options, and what the pages make of them:
// which dependencies the resource itself must sign or pay for, and whose own upstream fails.
import { queryOptions } from '@tanstack/react-query';
import { authEndpoints } from '@tessera/contract/endpoints/auths';
import type { RelationTreeAuthNodeWire } from '@tessera/contract/auths';
import type { ApiClient } from '../../shared/api';

export const authKeys = {
  all: ['auths'] as const,
  relationTree: (resourceId: string, version: string) => ['auths', 'relationTree', resourceId, version] as const,
  batch: (resourceIds: string, versions: string) => ['auths', 'batch', resourceIds, versions] as const,
};

/** The relation tree of one version of the resource with the auth flags of each node. */
export const relationAuthQuery = (api: ApiClient, resourceId: string, version: string) =>
  queryOptions({
    queryKey: authKeys.relationTree(resourceId, version),
    queryFn: ({ signal }) =>
      api.call(authEndpoints.relationTreeAuth, { params: { resourceId }, query: { version } }, { signal }),
  });

/** A resource at one of its versions. */
export type ResourceAt = { resourceId: string; version: string };

/** Whether each version's own upstream is authorised, in one call (≤ 100, the call's limit): resource id → isAuth. */
export const batchAuthQuery = (api: ApiClient, items: readonly ResourceAt[]) => {
  const resourceIds = items.map((item) => item.resourceId).join(',');
  const versions = items.map((item) => item.version).join(',');
  return queryOptions({
    queryKey: authKeys.batch(resourceIds, versions),
    queryFn: async ({ signal }) => {
      const results = await api.call(authEndpoints.batchAuth, { query: { resourceIds, versions } }, { signal });
      return new Map(results.map((result) => [result.resourceId, result.isAuth]));
    },
    enabled: items.length > 0,
  });
};

/** A dependency whose licence is missing: the resource's own contracts on it do not authorise it. */
export type UnlicensedDependency = { resourceId: string; resourceName: string; contractIds: string[] };
/** A dependency licensed here whose own dependencies are not authorised (its owner must act). */
export type UpstreamFailure = { resourceId: string; resourceName: string };

export interface AuthProblems {
  unlicensed: UnlicensedDependency[];
  upstream: UpstreamFailure[];
}

/** The problems a relation tree with auth flags shows below its root (its dependencies and their upcasts), once each. */
export function authProblemsOf(tree: readonly RelationTreeAuthNodeWire[]): AuthProblems {
  const unlicensed = new Map<string, UnlicensedDependency>();
  const upstream = new Map<string, UpstreamFailure>();
  const visit = (node: RelationTreeAuthNodeWire) => {
    const { resourceId, resourceName } = node;
    if (!node.downstreamIsAuth && !unlicensed.has(resourceId))
      unlicensed.set(resourceId, { resourceId, resourceName, contractIds: node.downstreamAuthContractIds });
    if (node.downstreamIsAuth && !node.selfAndUpstreamIsAuth && !upstream.has(resourceId))
      upstream.set(resourceId, { resourceId, resourceName });
    node.children.forEach(visit);
  };
  for (const root of tree) root.children.forEach(visit);
  return { unlicensed: [...unlicensed.values()], upstream: [...upstream.values()] };
}
