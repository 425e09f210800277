import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { fetchAvailableTags } from './creator-api';

const NONE: readonly string[] = [];

/**
 * The tags offered for resources of a type (GET /v2/resources/tags/availableTags); none while no type
 * is chosen, while they load, or when they cannot be read (tags can still be typed).
 */
export function useTagSuggestions(typeCode: string | undefined): readonly string[] {
  const api = useApiClient();
  const [loaded, setLoaded] = useState<{ typeCode: string; tags: readonly string[] } | null>(null);

  useEffect(() => {
    if (!typeCode) return;
    const controller = new AbortController();
    fetchAvailableTags(api, typeCode, controller.signal).then(
      (tags) => setLoaded({ typeCode, tags }),
      () => setLoaded({ typeCode, tags: NONE }),
    );
    return () => controller.abort();
  }, [api, typeCode]);

  return loaded && loaded.typeCode === typeCode ? loaded.tags : NONE;
}
