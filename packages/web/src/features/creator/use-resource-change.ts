import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateResourceBody } from '@tessera/contract/resources';
import { useApiClient } from '../../shared/api';
import { updateResource } from './creator-api';
import { refreshResourceReads } from './resource-reads';

/**
 * Changes of one resource (PUT /v2/resources/{id}): fields, status, policies to add or switch. A
 * change counts as done once the reads showing resources have asked again, so the page shows it.
 */
export function useResourceChange(resourceId: string) {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateResourceBody) => updateResource(api, resourceId, changes),
    onSuccess: () => refreshResourceReads(queries),
  });
}
