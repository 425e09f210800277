import { catalogueEndpoints } from '@tessera/contract/endpoints/catalogue';
import { fileEndpoints } from '@tessera/contract/endpoints/files';
import { resourceEndpoints } from '@tessera/contract/endpoints/resources';
import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import type { ResourceWire, UpdateResourceBody } from '@tessera/contract/resources';
import type { CreateVersionBody, DependencyBody, VersionWire } from '@tessera/contract/versions';
import type { ApiClient } from '../../shared/api';
import type { VersionDraftData } from './version-draft';

// The publishing calls of API.md §3.6 (and the cover upload of §3.4), typed by the wire contract.
// Failures throw ApiError, whose message is the server's msg. Policy texts travel percent-encoded
// like the reference's resource screens (API.md §1.10); resourceId travels in the bodies too, as
// the reference sends it (the server reads the path).

/** The resources a version may name, with what publishing reads: policies, base upcasts. */
const WITH_POLICIES = { isLoadPolicyInfo: '1' } as const;

/** POST /v2/resources with the type and the name only: the wizard creates the resource at step 1. */
export const createResource = (api: ApiClient, name: string, resourceTypeCode: string): Promise<ResourceWire> =>
  api.call(resourceEndpoints.create, { body: { name, resourceTypeCode } });

/**
 * PUT /v2/resources/{id}: any of title, intro, tags, cover, status, policies to add or switch. Going
 * online (status 1) is refused with the server's reason while a rule is unmet.
 */
export function updateResource(api: ApiClient, resourceId: string, changes: UpdateResourceBody): Promise<ResourceWire> {
  const addPolicies = changes.addPolicies?.map((policy) => ({
    ...policy,
    policyText: encodeURIComponent(policy.policyText),
  }));
  const body = { resourceId, ...changes, ...(addPolicies ? { addPolicies } : {}) };
  return api.call(resourceEndpoints.update, { params: { resourceId }, body });
}

export const createVersion = (api: ApiClient, resourceId: string, version: CreateVersionBody): Promise<VersionWire> =>
  api.call(versionEndpoints.create, { params: { resourceId }, body: version });

export async function fetchAvailableTags(
  api: ApiClient,
  resourceTypeCode: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const tags = await api.call(catalogueEndpoints.availableTags, { query: { resourceTypeCode } }, { signal });
  return (tags ?? []).map((tag) => tag.tagName);
}

/** false when another user's version uses the file. */
export const fileCanBeUsed = (api: ApiClient, fileSha1: string): Promise<boolean> =>
  api.call(versionEndpoints.isCanBeCreate, { query: { fileSha1 } });

/** Answers the public address of the image. */
export async function uploadImage(api: ApiClient, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await api.call(fileEndpoints.uploadImage, { body: form })).url;
}

export async function saveVersionDraft(api: ApiClient, resourceId: string, draftData: VersionDraftData): Promise<void> {
  const body = { resourceId, draftData };
  await api.call(versionEndpoints.saveDraft, { params: { resourceId }, body });
}

/** The draft's data as the creators saved it (the server keeps it as given), or null. */
export async function fetchVersionDraft<T extends VersionDraftData = VersionDraftData>(
  api: ApiClient,
  resourceId: string,
  signal?: AbortSignal,
): Promise<T | null> {
  const draft = await api.call(versionEndpoints.draft, { params: { resourceId } }, { signal });
  return (draft?.draftData as T | undefined) ?? null;
}

/** The resource with what publishing reads: its policies, base upcasts and latest version. */
export const fetchPublishingResource = (api: ApiClient, resourceId: string, signal?: AbortSignal) =>
  api.call(
    resourceEndpoints.detail,
    { params: { resourceIdOrName: resourceId }, query: { ...WITH_POLICIES, isLoadLatestVersionInfo: '1' } },
    { signal },
  );

/** Resources by id with their policies (dependencies and their upcasts). */
export async function fetchResourcesByIds(
  api: ApiClient,
  resourceIds: readonly string[],
  signal?: AbortSignal,
): Promise<ResourceWire[]> {
  if (resourceIds.length === 0) return [];
  const query = { resourceIds: resourceIds.join(','), ...WITH_POLICIES };
  return (await api.call(resourceEndpoints.list, { query }, { signal })) ?? [];
}

/** Online resources a version may depend on. */
export async function searchDependencyCandidates(
  api: ApiClient,
  keywords: string,
  signal?: AbortSignal,
): Promise<ResourceWire[]> {
  const query = { keywords, status: 1, limit: 20, ...WITH_POLICIES } as const;
  return (await api.call(resourceEndpoints.search, { query }, { signal }))?.dataList ?? [];
}

/** true when the dependencies make no cycle (the server says why otherwise). */
export const dependenciesMakeNoCycle = (
  api: ApiClient,
  resourceId: string,
  dependencies: DependencyBody[],
): Promise<boolean> =>
  api.call(versionEndpoints.cycleDependencyCheck, { params: { resourceId }, body: { dependencies } });

/** For each wanted name, a free one (forbidden characters made `_`). */
export async function generateResourceNames(
  api: ApiClient,
  wanted: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const answer = await api.call(resourceEndpoints.generateNames, { body: { resourceNames: [...wanted] } }, { signal });
  return (answer ?? []).map((item) => item.name);
}
