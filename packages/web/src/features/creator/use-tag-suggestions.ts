import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { fetchAvailableTags } from './creator-api';
import { creatorKeys } from './creator-keys';

const NONE: readonly string[] = [];

/**
 * The tags offered for resources of a type (GET /v2/resources/tags/availableTags); none while no type
 * is chosen, while they load, or when they cannot be read (tags can still be typed).
 */
export function useTagSuggestions(typeCode: string | undefined): readonly string[] {
  const api = useApiClient();
  const tags = useQuery({
    queryKey: creatorKeys.availableTags(typeCode ?? ''),
    queryFn: ({ signal }) => fetchAvailableTags(api, typeCode ?? '', signal),
    enabled: Boolean(typeCode),
    retry: false,
  });
  return typeCode && tags.data ? tags.data : NONE;
}
