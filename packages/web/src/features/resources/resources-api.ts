import type { ApiEnvelope, Page } from '@tessera/domain';
import { ApiError, type ApiClient, type QueryParams } from '../../shared/api';

// The calls of API.md §3.5 (favourites), §3.6 (resources) and §3.9 (user search) the finding and
// reading pages make, with the answer fields those pages read.

/** Wire status of a resource (DOMAIN §3.1). */
export const ResourceStatus = { Unreleased: 0, Online: 1, Frozen: 2, Offline: 4 } as const;

export interface PolicyBinding {
  policyId: string;
  policyName: string;
  /** 1 enabled, 0 disabled. */
  status: number;
  policyText?: string;
  /** 1 when the policy is free (with isLoadPolicyInfo=1). */
  isFree?: number;
}

export interface Resource {
  resourceId: string;
  resourceName: string;
  resourceTitle: string;
  resourceType: string[];
  resourceTypeCode: string;
  userId: number;
  username: string;
  intro: string;
  coverImages: string[];
  tags: string[];
  policies: PolicyBinding[];
  resourceVersions: { version: string; versionId: string; createDate: string }[];
  latestVersion: string;
  status: number;
  isFrozen?: number;
  freezeReason?: string;
  latestVersionInfo?: ResourceVersion | null;
  createDate: string;
  updateDate: string;
}

export interface CustomPropertyDescriptor {
  key: string;
  name?: string;
  defaultValue: string;
  type: string;
  remark?: string;
}

export interface ResourceVersion {
  version: string;
  versionId: string;
  filename?: string;
  description?: string;
  systemProperty?: Record<string, unknown>;
  customPropertyDescriptors?: CustomPropertyDescriptor[];
  dependencies?: { resourceId: string; resourceName: string; versionRange: string }[];
  createDate?: string;
}

/** One node of GET /v2/resources/{id}/dependencyTree (the fields the graph reads). */
export interface DependencyNode {
  resourceId: string;
  resourceName: string;
  version?: string;
  dependencies?: DependencyNode[];
}

/** One node of GET /v2/resources/{id}/relationTree (DOMAIN §3.3): resource → dependencies → their upcasts. */
export interface RelationNode {
  resourceId: string;
  resourceName: string;
  /** The wire status (2 while frozen). */
  resourceStatus?: number;
  versionRanges?: string[];
  versions?: string[];
  children?: RelationNode[];
}

export interface TypeNode {
  code: string;
  name: string;
  nameEn: string;
  resourceCount?: number;
  children?: TypeNode[];
}

export interface OperationCategory {
  code: string;
  name: string;
  nameEn: string;
  children?: OperationCategory[];
}

export interface Favourite {
  resourceId: string;
  resourceName: string;
  resourceTitle: string;
  resourceType: string[];
  coverImages: string[];
  authorId: number;
  authorName: string;
  resourceStatus: number;
  latestVersion: string;
  resourceUpdateDate: string;
  createDate: string;
}

export interface UserSummary {
  userId: number;
  username: string;
  headImage: string;
  createDate?: string;
}

/** The data of a successful envelope; any other answer is an ApiError carrying it. */
export function dataOf<T>(envelope: ApiEnvelope<T>): T {
  if (envelope.errCode !== 0 || envelope.ret !== 0) throw new ApiError(envelope.msg, { envelope });
  return envelope.data;
}

export const PAGE_SIZE = 20;

export type ResourceSearch = QueryParams & { skip?: number; limit?: number };

/** GET /v2/resources: the market, a user's published resources and "my resources". */
export async function searchResources(
  api: ApiClient,
  params: ResourceSearch,
  signal?: AbortSignal,
): Promise<Page<Resource>> {
  return dataOf(
    await api.get<Page<Resource>>('/resources', {
      params: { limit: PAGE_SIZE, isLoadPolicyInfo: 1, ...params },
      signal,
    }),
  );
}

/** GET /v2/resources/{id} with policies, their translation, the latest version and a freeze reason. */
export async function getResource(api: ApiClient, resourceId: string, signal?: AbortSignal): Promise<Resource> {
  const params = { isLoadPolicyInfo: 1, isTranslate: 1, isLoadLatestVersionInfo: 1, isLoadFreezeReason: 1 };
  return dataOf(await api.get<Resource>(`/resources/${encodeURIComponent(resourceId)}`, { params, signal }));
}

/** GET /v2/resources/{id}/versions/{version}. */
export async function getResourceVersion(
  api: ApiClient,
  resourceId: string,
  version: string,
  signal?: AbortSignal,
): Promise<ResourceVersion> {
  const path = `/resources/${encodeURIComponent(resourceId)}/versions/${encodeURIComponent(version)}`;
  return dataOf(await api.get<ResourceVersion>(path, { signal }));
}

/** GET /v2/resources/{id}/dependencyTree for one version, the resource itself as the root. */
export async function getDependencyTree(
  api: ApiClient,
  resourceId: string,
  version: string,
  signal?: AbortSignal,
): Promise<DependencyNode[]> {
  const params = { version, isContainRootNode: true, maxDeep: '5' };
  const data = dataOf(
    await api.get<DependencyNode[] | null>(`/resources/${encodeURIComponent(resourceId)}/dependencyTree`, {
      params,
      signal,
    }),
  );
  return data ?? [];
}

/** GET /v2/resources/{id}/relationTree for one version: the resource, what it depends on, and what those upcast. */
export async function getRelationTree(
  api: ApiClient,
  resourceId: string,
  version: string,
  signal?: AbortSignal,
): Promise<RelationNode[]> {
  const data = dataOf(
    await api.get<RelationNode[] | null>(`/resources/${encodeURIComponent(resourceId)}/relationTree`, {
      params: { version },
      signal,
    }),
  );
  return data ?? [];
}

/** PUT /v2/resources/updateBatch: several of the caller's resources online (1) or offline (4). */
export async function updateResourceStatuses(api: ApiClient, resourceIds: string[], status: 1 | 4): Promise<void> {
  dataOf(await api.put('/resources/updateBatch', { resourceIds, status }));
}

export async function listTypeGroups(api: ApiClient, signal?: AbortSignal): Promise<TypeNode[]> {
  return dataOf(await api.get<TypeNode[]>('/resources/types/listSimpleByGroup', { signal })) ?? [];
}

export async function listOperationCategories(api: ApiClient, signal?: AbortSignal): Promise<OperationCategory[]> {
  return (
    dataOf(
      await api.get<OperationCategory[]>('/resources/operation-categories/listSimpleByGroup', {
        params: { status: 1 },
        signal,
      }),
    ) ?? []
  );
}

export async function listFavourites(
  api: ApiClient,
  params: QueryParams,
  signal?: AbortSignal,
): Promise<Page<Favourite>> {
  return dataOf(
    await api.get<Page<Favourite>>('/collections/resources', { params: { limit: PAGE_SIZE, ...params }, signal }),
  );
}

export async function addFavourite(api: ApiClient, resourceId: string): Promise<void> {
  dataOf(await api.post('/collections/resources', { resourceId }));
}

export async function removeFavourite(api: ApiClient, resourceId: string): Promise<void> {
  dataOf(await api.delete(`/collections/resources/${encodeURIComponent(resourceId)}`));
}

export async function isCollected(api: ApiClient, resourceId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = dataOf(
    await api.get<{ resourceId: string; isCollected: boolean }[]>('/collections/resources/isCollected', {
      params: { resourceIds: resourceId },
      signal,
    }),
  );
  return answer?.some((item) => item.resourceId === resourceId && item.isCollected) ?? false;
}

export async function favouriteCount(api: ApiClient, resourceId: string, signal?: AbortSignal): Promise<number> {
  return (
    dataOf(await api.get<number>(`/collections/resources/${encodeURIComponent(resourceId)}/count`, { signal })) ?? 0
  );
}

/** GET /v2/users/search (signed-in users only): the envelope is not redirected on errCode 30. */
export async function searchUsers(
  api: ApiClient,
  params: QueryParams,
  signal?: AbortSignal,
): Promise<Page<UserSummary>> {
  return dataOf(
    await api.get<Page<UserSummary>>('/users/search', {
      params: { limit: PAGE_SIZE, ...params },
      signal,
      noRedirect: true,
    }),
  );
}
