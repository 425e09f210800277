// The exhibit page's reads and writes (API.md §3.3, §3.11) as TanStack Query options, keys and calls;
// every wire type is the contract's.
import { queryOptions } from '@tanstack/react-query';
import { contractEndpoints } from '@tessera/contract/endpoints/contracts';
import { exhibitEndpoints } from '@tessera/contract/endpoints/exhibits';
import { exhibitAuthEndpoints } from '@tessera/contract/endpoints/exhibit-auths';
import type { PresentableWire, RewritePropertyWire, UpdatePresentableBody } from '@tessera/contract/exhibits';
import type { ApiClient } from '../../shared/api';
import type { ExhibitTreeNode } from './tree-rows';

export type Exhibit = PresentableWire;
export type RewriteProperty = RewritePropertyWire;

export const exhibitKeys = {
  all: ['exhibits'] as const,
  detail: (presentableId: string) => ['exhibits', 'detail', presentableId] as const,
  dependencyTree: (presentableId: string, version: string) =>
    ['exhibits', 'dependencyTree', presentableId, version] as const,
  authTree: (presentableId: string, version: string) => ['exhibits', 'authTree', presentableId, version] as const,
  auth: (presentableId: string, version: string) => ['exhibits', 'auth', presentableId, version] as const,
  contracts: (presentableId: string, contractIds: string) =>
    ['exhibits', 'contracts', presentableId, contractIds] as const,
};

/** GET /v2/presentables/{id} with its policies in words and its merged version properties. */
export const exhibitQuery = (api: ApiClient, presentableId: string) =>
  queryOptions({
    queryKey: exhibitKeys.detail(presentableId),
    queryFn: ({ signal }) =>
      api.call(
        exhibitEndpoints.byId,
        {
          params: { presentableId },
          query: { isLoadPolicyInfo: 1, isTranslate: 1, isLoadVersionProperty: 1, isLoadCustomPropertyDescriptors: 1 },
        },
        { signal },
      ),
  });

/**
 * The frozen dependency tree of the exhibit's chosen version, the resource itself as the root. The
 * contract leaves the nodes open (unknown[]); DOMAIN §2.18 names their fields (tree-rows.ts).
 */
export const dependencyTreeQuery = (api: ApiClient, exhibit: Exhibit) =>
  queryOptions({
    queryKey: exhibitKeys.dependencyTree(exhibit.presentableId, exhibit.version),
    queryFn: async ({ signal }) =>
      (await api.call(
        exhibitEndpoints.dependencyTree,
        { params: { presentableId: exhibit.presentableId }, query: { isContainRootNode: 'true', maxDeep: 100 } },
        { signal },
      )) as ExhibitTreeNode[],
  });

/**
 * The auth tree (DOMAIN §3.3): per resource the node resolves, the versions that need a licence with the
 * node's contracts on them, and below each what its version resolves.
 */
export const authTreeQuery = (api: ApiClient, exhibit: Exhibit) =>
  queryOptions({
    queryKey: exhibitKeys.authTree(exhibit.presentableId, exhibit.version),
    queryFn: ({ signal }) =>
      api.call(exhibitEndpoints.authTree, { params: { presentableId: exhibit.presentableId }, query: {} }, { signal }),
  });

/** Node side and upstream of this exhibit (authType 3), or null when the server answered nothing for it. */
export const exhibitAuthQuery = (api: ApiClient, exhibit: Exhibit) =>
  queryOptions({
    queryKey: exhibitKeys.auth(exhibit.presentableId, exhibit.version),
    queryFn: async ({ signal }) => {
      const answer = await api.call(
        exhibitAuthEndpoints.presentableBatch,
        { params: { nodeId: exhibit.nodeId }, query: { authType: 3, presentableIds: exhibit.presentableId } },
        { signal },
      );
      return answer.find((item) => item.presentableId === exhibit.presentableId) ?? null;
    },
  });

/** The contract ids the node holds for what this exhibit resolves. */
export const nodeContractIdsOf = (exhibit: Exhibit): string[] => [
  ...new Set(exhibit.resolveResources.flatMap((entry) => entry.contracts.map((contract) => contract.contractId))),
];

/** The node's contracts named by the exhibit's resolveResources, with their policies. */
export const nodeContractsQuery = (api: ApiClient, exhibit: Exhibit) => {
  const contractIds = nodeContractIdsOf(exhibit).join(',');
  return queryOptions({
    queryKey: exhibitKeys.contracts(exhibit.presentableId, contractIds),
    queryFn: ({ signal }) =>
      contractIds
        ? api.call(contractEndpoints.list, { query: { contractIds, isLoadPolicyInfo: '1' } }, { signal })
        : Promise.resolve([]),
  });
};

export const updateExhibit = (api: ApiClient, presentableId: string, body: UpdatePresentableBody) =>
  api.call(exhibitEndpoints.update, { params: { presentableId }, body });

export const setOnlineStatus = (api: ApiClient, presentableId: string, onlineStatus: 0 | 1) =>
  api.call(exhibitEndpoints.onlineStatus, { params: { presentableId }, body: { onlineStatus } });

export const switchVersion = (api: ApiClient, presentableId: string, version: string) =>
  api.call(exhibitEndpoints.switchVersion, { params: { presentableId }, body: { version } });

export const ignoreUpdateTip = (api: ApiClient, presentableId: string, ignoreVersion: string) =>
  api.call(exhibitEndpoints.ignoreUpdateTip, { params: { presentableId }, body: { ignoreVersion } });

export const saveRewriteProperties = (api: ApiClient, presentableId: string, rewriteProperty: RewriteProperty[]) =>
  api.call(exhibitEndpoints.rewriteProperty, { params: { presentableId }, body: { rewriteProperty } });

/**
 * The exhibit's own rewrite list. The wire names it `presentableRewriteProperty` beside the version
 * properties; an exhibit read without it has none to show.
 */
export function rewritePropertiesOf(exhibit: Exhibit): RewriteProperty[] {
  const list: unknown = (exhibit as Exhibit & { presentableRewriteProperty?: unknown }).presentableRewriteProperty;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { key, value, remark } = item as Record<string, unknown>;
    return typeof key === 'string' ? [{ key, value: String(value ?? ''), remark: String(remark ?? '') }] : [];
  });
}
