import type { ApiClient } from '../../shared/api';
import { dataOf, type CustomPropertyDescriptor, type Resource, type ResourceVersion } from '../resources/resources-api';

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
  policies: NewPolicy[];
}

export interface NewVersion {
  version: string;
  fileSha1: string;
  filename: string;
  description?: string;
  customPropertyDescriptors?: CustomPropertyDescriptor[];
}

const resourcePath = (resourceId: string) => `/resources/${encodeURIComponent(resourceId)}`;

/** POST /v2/resources; policy texts travel percent-encoded like the reference's resource screens (§1.10). */
export async function createResource(api: ApiClient, resource: NewResource): Promise<Resource> {
  const policies = resource.policies.map(({ policyName, policyText }) => ({ policyName, policyText: encodeURIComponent(policyText) }));
  return dataOf(await api.post<Resource>('/resources', { ...resource, policies }));
}

export async function createVersion(api: ApiClient, resourceId: string, version: NewVersion): Promise<ResourceVersion> {
  return dataOf(await api.post<ResourceVersion>(`${resourcePath(resourceId)}/versions`, version));
}

/** PUT /v2/resources/{id} {status: 1}: the server refuses (with its reason) while a rule is unmet. */
export async function putOnline(api: ApiClient, resourceId: string): Promise<void> {
  dataOf(await api.put(resourcePath(resourceId), { resourceId, status: 1 }));
}

export async function fetchAvailableTags(api: ApiClient, resourceTypeCode: string, signal?: AbortSignal): Promise<string[]> {
  const data = dataOf(await api.get<{ tagName: string }[] | null>('/resources/tags/availableTags', { params: { resourceTypeCode }, signal }));
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

/** The version creator's form as kept in a draft (free JSON for the server). */
export interface VersionDraftData {
  version: string;
  description: string;
  fileSha1?: string;
  filename?: string;
}

export async function saveVersionDraft(api: ApiClient, resourceId: string, draftData: VersionDraftData): Promise<void> {
  dataOf(await api.post(`${resourcePath(resourceId)}/versions/drafts`, { resourceId, draftData }));
}

export async function fetchVersionDraft(api: ApiClient, resourceId: string, signal?: AbortSignal): Promise<VersionDraftData | null> {
  const draft = dataOf(await api.get<{ draftData?: VersionDraftData } | null>(`${resourcePath(resourceId)}/versions/drafts`, { params: { resourceId }, signal }));
  return draft?.draftData ?? null;
}
