import type { ApiClient } from '../../shared/api';
import type { Page } from '@tessera/domain';
import { dataOf, type CustomPropertyDescriptor, type Resource, type ResourceVersion } from '../resources/resources-api';
import type { CustomPropertyDescriptor as DescriptorWire } from '../storage/storage-api';
import type { VersionDraftData } from './version-draft';

export type { VersionDraftData } from './version-draft';

// The publishing calls of API.md §3.6 (and the cover upload of §3.4). Failures throw ApiError with
// the server's envelope, so pages show its `msg`.

export interface NewPolicy {
  policyName: string;
  policyText: string;
}

export interface NewResource {
  name: string;
  resourceTypeCode: string;
  resourceTitle?: string;
  intro?: string;
  tags?: string[];
  coverImages?: string[];
  policies?: NewPolicy[];
}

export interface ResourceRef {
  resourceId: string;
  resourceName: string;
}

export interface NewVersion {
  version: string;
  fileSha1: string;
  filename: string;
  description?: string;
  customPropertyDescriptors?: CustomPropertyDescriptor[];
  dependencies?: { resourceId: string; versionRange: string }[];
  /** First version only: the candidates this resource does not license itself (DOMAIN §3.2 step 5). */
  baseUpcastResources?: { resourceId: string }[];
  /** Each candidate that is not upcast, with 1–10 enabled policies to sign. */
  batchSignContracts?: { resourceId: string; policyIds: string[] }[];
}

/** A resource as publishing reads it: the wire carries its base upcasts too. */
export type PublishingResource = Resource & { baseUpcastResources?: ResourceRef[] };

/** A released version with what the next one starts from. */
export type PublishedVersion = Omit<ResourceVersion, 'customPropertyDescriptors'> & {
  customPropertyDescriptors?: DescriptorWire[];
  upcastResources?: ResourceRef[];
  resolveResources?: (ResourceRef & { contracts: { policyId: string }[] })[];
};

export interface ResourceChanges {
  resourceTitle?: string;
  intro?: string;
  tags?: string[];
  coverImages?: string[];
  addPolicies?: NewPolicy[];
}

const resourcePath = (resourceId: string) => `/resources/${encodeURIComponent(resourceId)}`;

/** POST /v2/resources; policy texts travel percent-encoded like the reference's resource screens (§1.10). */
export async function createResource(api: ApiClient, resource: NewResource): Promise<Resource> {
  const policies = resource.policies?.map(({ policyName, policyText }) => ({
    policyName,
    policyText: encodeURIComponent(policyText),
  }));
  return dataOf(await api.post<Resource>('/resources', { ...resource, ...(policies ? { policies } : {}) }));
}

export async function createVersion(api: ApiClient, resourceId: string, version: NewVersion): Promise<ResourceVersion> {
  return dataOf(await api.post<ResourceVersion>(`${resourcePath(resourceId)}/versions`, version));
}

/** PUT /v2/resources/{id} {status: 1}: the server refuses (with its reason) while a rule is unmet. */
export async function putOnline(api: ApiClient, resourceId: string): Promise<void> {
  dataOf(await api.put(resourcePath(resourceId), { resourceId, status: 1 }));
}

export async function fetchAvailableTags(
  api: ApiClient,
  resourceTypeCode: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const data = dataOf(
    await api.get<{ tagName: string }[] | null>('/resources/tags/availableTags', {
      params: { resourceTypeCode },
      signal,
    }),
  );
  return (data ?? []).map((tag) => tag.tagName);
}

/** GET /v2/resources/versions/isCanBeCreate: false when another user's version uses the file. */
export async function fileCanBeUsed(api: ApiClient, fileSha1: string): Promise<boolean> {
  return dataOf(await api.get<boolean>('/resources/versions/isCanBeCreate', { params: { fileSha1 } }));
}

/** POST /v2/storages/files/uploadImage: answers the public address of the image. */
export async function uploadImage(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return dataOf(await api.post<{ url: string }>('/storages/files/uploadImage', form)).url;
}

export async function saveVersionDraft(api: ApiClient, resourceId: string, draftData: VersionDraftData): Promise<void> {
  dataOf(await api.post(`${resourcePath(resourceId)}/versions/drafts`, { resourceId, draftData }));
}

export async function fetchVersionDraft<T extends VersionDraftData = VersionDraftData>(
  api: ApiClient,
  resourceId: string,
  signal?: AbortSignal,
): Promise<T | null> {
  const draft = dataOf(
    await api.get<{ draftData?: T } | null>(`${resourcePath(resourceId)}/versions/drafts`, {
      params: { resourceId },
      signal,
    }),
  );
  return draft?.draftData ?? null;
}

/** PUT /v2/resources/{id}: title, intro, tags, cover and policies to add (what the wizard sets at publishing). */
export async function updateResource(
  api: ApiClient,
  resourceId: string,
  changes: ResourceChanges,
): Promise<PublishingResource> {
  const addPolicies = changes.addPolicies?.map(({ policyName, policyText }) => ({
    policyName,
    policyText: encodeURIComponent(policyText),
  }));
  return dataOf(
    await api.put<PublishingResource>(resourcePath(resourceId), {
      resourceId,
      ...changes,
      ...(addPolicies ? { addPolicies } : {}),
    }),
  );
}

/** The resource with what publishing reads: its policies and base upcasts. */
export async function fetchPublishingResource(
  api: ApiClient,
  resourceId: string,
  signal?: AbortSignal,
): Promise<PublishingResource> {
  return dataOf(
    await api.get<PublishingResource>(resourcePath(resourceId), {
      params: { isLoadPolicyInfo: 1, isLoadLatestVersionInfo: 1 },
      signal,
    }),
  );
}

/** GET /v2/resources/list: resources by id with their policies (dependencies and their upcasts). */
export async function fetchResourcesByIds(
  api: ApiClient,
  resourceIds: readonly string[],
  signal?: AbortSignal,
): Promise<PublishingResource[]> {
  if (resourceIds.length === 0) return [];
  return (
    dataOf(
      await api.get<PublishingResource[]>('/resources/list', {
        params: { resourceIds: resourceIds.join(','), isLoadPolicyInfo: 1 },
        signal,
      }),
    ) ?? []
  );
}

/** GET /v2/resources?keywords: online resources a version may depend on. */
export async function searchDependencyCandidates(
  api: ApiClient,
  keywords: string,
  signal?: AbortSignal,
): Promise<PublishingResource[]> {
  const page = dataOf(
    await api.get<Page<PublishingResource>>('/resources', {
      params: { keywords, status: 1, limit: 20, isLoadPolicyInfo: 1 },
      signal,
    }),
  );
  return page?.dataList ?? [];
}

/** POST …/versions/cycleDependencyCheck: true when the dependencies make no cycle (the server says why otherwise). */
export async function dependenciesMakeNoCycle(
  api: ApiClient,
  resourceId: string,
  dependencies: readonly { resourceId: string; versionRange: string }[],
): Promise<boolean> {
  return dataOf(await api.post<boolean>(`${resourcePath(resourceId)}/versions/cycleDependencyCheck`, { dependencies }));
}

/** GET /v2/resources/{id}/versions/{version}: dependencies, properties and resolved resources of a version. */
export async function fetchVersion(
  api: ApiClient,
  resourceId: string,
  version: string,
  signal?: AbortSignal,
): Promise<PublishedVersion> {
  return dataOf(
    await api.get<PublishedVersion>(`${resourcePath(resourceId)}/versions/${encodeURIComponent(version)}`, { signal }),
  );
}

/** POST /v2/resources/generateResourceNames: for each wanted name, a free one (forbidden characters made `_`). */
export async function generateResourceNames(
  api: ApiClient,
  wanted: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = dataOf(
    await api.post<{ inputName: string; name: string }[]>(
      '/resources/generateResourceNames',
      { resourceNames: wanted },
      { signal },
    ),
  );
  return (answer ?? []).map((item) => item.name);
}
