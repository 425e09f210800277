import type { ApiClient } from '../../shared/api';
import type { PolicyDraft } from '../policy';
import { dataOf, type Resource, type ResourceVersion } from '../resources';

// The owner's editing calls of API.md §3.6 (going online is creator-api's putOnline). Failures throw
// ApiError with the server's envelope, so the tabs show its `msg` (the reason of a refusal).

const resourcePath = (resourceId: string) => `/resources/${encodeURIComponent(resourceId)}`;
const versionPath = (resourceId: string, version: string) =>
  `${resourcePath(resourceId)}/versions/${encodeURIComponent(version)}`;

export interface ResourceInfo {
  resourceTitle: string;
  intro: string;
  tags: string[];
  coverImages: string[];
}

/** PUT /v2/resources/{id} with any of the fields the editor changes. */
async function updateResource(api: ApiClient, resourceId: string, change: Record<string, unknown>): Promise<Resource> {
  return dataOf(await api.put<Resource>(resourcePath(resourceId), { resourceId, ...change }));
}

export const saveResourceInfo = (api: ApiClient, resourceId: string, info: ResourceInfo): Promise<Resource> =>
  updateResource(api, resourceId, { ...info });

/** Status 4: no new contracts until it is online again; existing ones are untouched. */
export const takeOffline = (api: ApiClient, resourceId: string): Promise<Resource> =>
  updateResource(api, resourceId, { status: 4 });

/** Enables (1) or disables (0) a bound policy; the server refuses to disable the last enabled one of an online resource. */
export const setPolicyStatus = (
  api: ApiClient,
  resourceId: string,
  policyId: string,
  status: 0 | 1,
): Promise<Resource> => updateResource(api, resourceId, { updatePolicies: [{ policyId, status }] });

/** Binds a new, enabled policy; its text travels percent-encoded like the creator's (API.md §1.10). */
export const addPolicy = (
  api: ApiClient,
  resourceId: string,
  { policyName, policyText }: PolicyDraft,
): Promise<Resource> =>
  updateResource(api, resourceId, {
    addPolicies: [{ policyName, policyText: encodeURIComponent(policyText), status: 1 }],
  });

/** PUT /v2/resources/{id}/versions/{version}: only the description changes after release. */
export async function saveVersionDescription(
  api: ApiClient,
  resourceId: string,
  version: string,
  description: string,
): Promise<ResourceVersion> {
  return dataOf(await api.put<ResourceVersion>(versionPath(resourceId, version), { resourceId, version, description }));
}

/** The address a browser navigates to for the version's file (the owner's session cookie goes along, API.md §1.11). */
export function versionDownloadAddress(api: ApiClient, resourceId: string, version: string): string {
  const base = (api.http.defaults.baseURL ?? '/v2').replace(/\/$/, '');
  return `${base}${versionPath(resourceId, version)}/download`;
}
