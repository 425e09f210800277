import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import type { VersionWire } from '@tessera/contract/versions';
import type { ApiClient } from '../../shared/api';

// The owner's version calls of API.md §3.6; the resource's own changes go through the creator's
// useResourceChange. Failures throw ApiError, so the tabs show its message (the server's reason).

/** PUT /v2/resources/{id}/versions/{version}: only the description changes after release. */
export function saveVersionDescription(
  api: ApiClient,
  resourceId: string,
  version: string,
  description: string,
): Promise<VersionWire> {
  // resourceId and version travel in the body too, as the reference sends them.
  const body = { resourceId, version, description };
  return api.call(versionEndpoints.update, { params: { resourceId, version }, body });
}

/** The address a browser navigates to for the version's file (the owner's session cookie goes along, API.md §1.11). */
export function versionDownloadAddress(api: ApiClient, resourceId: string, version: string): string {
  return api.addressOf(versionEndpoints.download, { params: { resourceId, version } });
}
