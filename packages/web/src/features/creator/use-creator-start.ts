import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { fetchPublishingResource, fetchVersionDraft } from './creator-api';
import { creatorKeys } from './creator-keys';
import type { VersionDraftData } from './version-draft';

/**
 * What a creator starts from: the resource (policies, base upcasts, latest version) and the draft
 * saved for its next version. Read on every visit and not kept: the creator edits its own copy.
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
      return { resource, draft };
    },
    enabled: Boolean(resourceId),
    staleTime: Infinity,
    gcTime: 0,
  });
}
