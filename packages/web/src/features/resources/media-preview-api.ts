// The details page's preview of an image, audio or video version (issue 16): its address, and whether
// the caller may see it, asked with a one-byte Range so a refused preview never becomes a broken player.
import { queryOptions } from '@tanstack/react-query';
import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import { ErrCode } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';

/** `allowed`: the bytes are served; `licenceNeeded`: the server asks for a licence; `none`: nothing to show. */
export type PreviewAccess = 'allowed' | 'licenceNeeded' | 'none';

export function previewAddress(api: ApiClient, resourceId: string, version: string): string {
  return api.addressOf(versionEndpoints.preview, { params: { resourceId, version } });
}

/** Refusals are the JSON envelope; served bytes are media, never JSON. */
export async function previewAccess(address: string, signal?: AbortSignal): Promise<PreviewAccess> {
  const response = await fetch(address, { headers: { Range: 'bytes=0-0' }, credentials: 'include', signal });
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) {
    void response.body?.cancel();
    return response.ok ? 'allowed' : 'none';
  }
  const envelope = (await response.json()) as { errCode?: number };
  return envelope.errCode === ErrCode.Forbidden ? 'licenceNeeded' : 'none';
}

/** Whether the caller (by id: signing in or out changes the answer) may preview the version. */
export const previewAccessQuery = (address: string, userId: number | null) =>
  queryOptions({
    queryKey: ['resources', 'preview', address, userId] as const,
    queryFn: ({ signal }) => previewAccess(address, signal),
  });
