import { useCallback, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { type DetailsState, getResource, type Resource, useResourceDetails } from '../resources';

export type OwnedState =
  | Exclude<DetailsState, { status: 'loaded' }>
  | { status: 'notYours'; resource: Resource }
  | { status: 'loaded'; resource: Resource };

/**
 * The resource the editor works on, for its owner only. `refresh` reads it again after a change
 * without going back to the loading state (the page stays where it is).
 */
export function useOwnedResource(
  resourceId: string,
  userId: number,
): { state: OwnedState; retry: () => void; refresh: () => Promise<void> } {
  const api = useApiClient();
  const { state, retry: readAgain } = useResourceDetails(resourceId);
  const [fresh, setFresh] = useState<Resource | null>(null);
  const retry = useCallback(() => {
    setFresh(null);
    readAgain();
  }, [readAgain]);
  const refresh = useCallback(async () => {
    try {
      setFresh(await getResource(api, resourceId));
    } catch {
      retry();
    }
  }, [api, resourceId, retry]);
  if (state.status !== 'loaded') return { state, retry, refresh };
  const resource = fresh?.resourceId === resourceId ? fresh : state.resource;
  return { state: { status: resource.userId === userId ? 'loaded' : 'notYours', resource }, retry, refresh };
}
