import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { fetchPublishingResource, fetchVersionDraft } from './creator-api';
import { creatorKeys } from './creator-keys';
import type { ResourceWire } from '@tessera/contract/resources';
import type { VersionDraftData } from './version-draft';

/**
 * A draft left behind by a version published since (a save that reached the server after the
 * version, which removes the draft): the first version's wizard draft on a released resource, or a
 * draft whose version number is released. The creator starts from the latest version instead.
 */
export function isLeftBehind(draft: VersionDraftData, resource: ResourceWire): boolean {
  if (!resource.latestVersion) return false;
  if ('step' in draft) return true;
  const version = typeof draft.version === 'string' ? draft.version.trim() : '';
  return version === resource.latestVersion || resource.resourceVersions.some((item) => item.version === version);
}

/**
 * What a creator starts from: the resource (policies, base upcasts, latest version) and the draft
 * saved for its next version (none if a published version left it behind). Read on every visit and
 * not kept: the creator edits its own copy.
 */
export function useCreatorStart<T extends VersionDraftData>(resourceId: string | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: creatorKeys.creatorStart(resourceId ?? ''),
    queryFn: async ({ signal }) => {
      const id = resourceId ?? '';
      const [resource, draft] = await Promise.all([
        fetchPublishingResource(api, id, signal),
        fetchVersionDraft<T>(api, id, signal),
      ]);
      return { resource, draft: draft && isLeftBehind(draft, resource) ? null : draft };
    },
    enabled: Boolean(resourceId),
    staleTime: Infinity,
    gcTime: 0,
  });
}
