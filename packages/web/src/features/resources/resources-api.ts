// The reads and writes of the finding and reading pages (API.md §3.5 favourites, §3.6 resources and
// versions, §3.9 user search) as TanStack Query options and keys; every wire type is the contract's.
import { queryOptions } from '@tanstack/react-query';
import { catalogueEndpoints } from '@tessera/contract/endpoints/catalogue';
import { favouriteEndpoints } from '@tessera/contract/endpoints/favourites';
import { resourceEndpoints } from '@tessera/contract/endpoints/resources';
import { identityEndpoints } from '@tessera/contract/endpoints/identity';
import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import type { PolicyBindingWire, ResourceWire } from '@tessera/contract/resources';
import type { RelationTreeNodeWire, VersionWire } from '@tessera/contract/versions';
import type { ApiClient, CallInput } from '../../shared/api';

export type Resource = ResourceWire;
export type PolicyBinding = PolicyBindingWire;
export type ResourceVersion = VersionWire;
export type RelationNode = RelationTreeNodeWire;

/** What the market, a user's published resources and "my resources" ask GET /v2/resources. */
export type ResourceSearch = NonNullable<CallInput<typeof resourceEndpoints.search>['query']>;

export const PAGE_SIZE = 20;

/** The cache keys of these reads; a write invalidates or updates what it changed. */
export const resourceKeys = {
  all: ['resources'] as const,
  search: (query: ResourceSearch) => ['resources', 'search', query] as const,
  /** The same search read page by page ("load more"), from the query's first page. */
  searchPages: (query: ResourceSearch) => ['resources', 'searchPages', query] as const,
  detail: (resourceId: string) => ['resources', 'detail', resourceId] as const,
  version: (resourceId: string, version: string) => ['resources', 'version', resourceId, version] as const,
  dependencyTree: (resourceId: string, version: string) =>
    ['resources', 'dependencyTree', resourceId, version] as const,
  relationTree: (resourceId: string, version: string) => ['resources', 'relationTree', resourceId, version] as const,
  types: ['catalogue', 'types'] as const,
  operationCategories: ['catalogue', 'operationCategories'] as const,
  favouriteLists: ['favourites', 'list'] as const,
  favourites: (keywords: string) => ['favourites', 'list', keywords] as const,
  favouriteCount: (resourceId: string) => ['favourites', 'count', resourceId] as const,
  isCollected: (resourceId: string) => ['favourites', 'isCollected', resourceId] as const,
  users: (keywords: string) => ['users', 'search', keywords] as const,
};

/** One page of GET /v2/resources, the policies included (the cards show free or paid). */
export const searchResources = (api: ApiClient, query: ResourceSearch, signal: AbortSignal) =>
  api.call(resourceEndpoints.search, { query: { limit: PAGE_SIZE, isLoadPolicyInfo: '1', ...query } }, { signal });

/** GET /v2/resources/{id} with policies, their translation, the latest version and a freeze reason. */
const getResource = (api: ApiClient, resourceId: string, signal?: AbortSignal) =>
  api.call(
    resourceEndpoints.detail,
    {
      params: { resourceIdOrName: resourceId },
      query: { isLoadPolicyInfo: '1', isTranslate: '1', isLoadLatestVersionInfo: '1', isLoadFreezeReason: '1' },
    },
    { signal },
  );

export const resourceQuery = (api: ApiClient, resourceId: string) =>
  queryOptions({
    queryKey: resourceKeys.detail(resourceId),
    queryFn: ({ signal }) => getResource(api, resourceId, signal),
  });

/** The latest version as the resource brings it (isLoadLatestVersionInfo=1), null before the first. */
export function latestVersionOf(resource: Resource): ResourceVersion | null {
  // The contract leaves it an open record; the server fills it with the version's wire.
  return (resource.latestVersionInfo as ResourceVersion | null | undefined) ?? null;
}

export const versionQuery = (api: ApiClient, resourceId: string, version: string) =>
  queryOptions({
    queryKey: resourceKeys.version(resourceId, version),
    queryFn: ({ signal }) => api.call(versionEndpoints.detail, { params: { resourceId, version } }, { signal }),
  });

/** GET /v2/resources/{id}/dependencyTree for one version, the resource itself as the root. */
export const dependencyTreeQuery = (api: ApiClient, resourceId: string, version: string) =>
  queryOptions({
    queryKey: resourceKeys.dependencyTree(resourceId, version),
    queryFn: ({ signal }) =>
      api.call(
        versionEndpoints.dependencyTree,
        { params: { resourceId }, query: { version, isContainRootNode: 'true', maxDeep: 5 } },
        { signal },
      ),
  });

/** GET /v2/resources/{id}/relationTree for one version: the resource, what it depends on, what those upcast. */
export const relationTreeQuery = (api: ApiClient, resourceId: string, version: string) =>
  queryOptions({
    queryKey: resourceKeys.relationTree(resourceId, version),
    queryFn: ({ signal }) =>
      api.call(versionEndpoints.relationTree, { params: { resourceId }, query: { version } }, { signal }),
  });

/** The catalogue changes only through administrators: a read is kept fresh for five minutes. */
const CATALOGUE_STALE_MS = 5 * 60_000;

export const typeGroupsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: resourceKeys.types,
    queryFn: ({ signal }) => api.call(catalogueEndpoints.typesByGroup, {}, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export const operationCategoriesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: resourceKeys.operationCategories,
    queryFn: ({ signal }) => api.call(catalogueEndpoints.operationCategories, { query: { status: 1 } }, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

/** PUT /v2/resources/updateBatch: several of the caller's resources online (1) or offline (4). */
export const updateResourceStatuses = (api: ApiClient, resourceIds: string[], status: 1 | 4) =>
  api.call(resourceEndpoints.updateBatch, { body: { resourceIds, status } });

/** DELETE /v2/resources/{resourceId} (ours): an unreleased resource of the caller without a version. */
export const deleteUnreleasedResource = (api: ApiClient, resourceId: string) =>
  api.call(resourceEndpoints.remove, { params: { resourceId } });

export const listFavourites = (api: ApiClient, keywords: string, skip: number, signal: AbortSignal) =>
  api.call(favouriteEndpoints.list, { query: { skip, limit: PAGE_SIZE, keywords: keywords || undefined } }, { signal });

export const addFavourite = (api: ApiClient, resourceId: string) =>
  api.call(favouriteEndpoints.add, { body: { resourceId } });

export const removeFavourite = (api: ApiClient, resourceId: string) =>
  api.call(favouriteEndpoints.remove, { params: { resourceId } });

export const favouriteCountQuery = (api: ApiClient, resourceId: string) =>
  queryOptions({
    queryKey: resourceKeys.favouriteCount(resourceId),
    queryFn: ({ signal }) => api.call(favouriteEndpoints.count, { params: { resourceId } }, { signal }),
  });

export const isCollectedQuery = (api: ApiClient, resourceId: string) =>
  queryOptions({
    queryKey: resourceKeys.isCollected(resourceId),
    queryFn: async ({ signal }) => {
      const answer = await api.call(favouriteEndpoints.isCollected, { query: { resourceIds: resourceId } }, { signal });
      return answer.some((item) => item.resourceId === resourceId && item.isCollected);
    },
  });

/** GET /v2/users/search (signed-in users only): an errCode 30 is not redirected to the login page. */
export const searchUsers = (api: ApiClient, keywords: string, skip: number, signal: AbortSignal) =>
  api.call(identityEndpoints.search, { query: { skip, limit: PAGE_SIZE, keywords } }, { signal, noRedirect: true });
