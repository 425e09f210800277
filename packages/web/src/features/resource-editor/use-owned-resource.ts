import type { ResourceWire } from '@tessera/contract/resources';
import { useResourceDetails, type DetailsState } from '../resources';

export type OwnedState =
  | Exclude<DetailsState, { status: 'loaded' }>
  | { status: 'notYours'; resource: ResourceWire }
  | { status: 'loaded'; resource: ResourceWire };

/**
 * The resource the editor works on, for its owner only. It is the details page's read: a change
 * made here reads it again (useResourceChange) and the page stays where it is meanwhile.
 */
export function useOwnedResource(resourceId: string, userId: number): { state: OwnedState; retry: () => void } {
  const { state, retry } = useResourceDetails(resourceId);
  if (state.status !== 'loaded') return { state, retry };
  const { resource } = state;
  return { state: { status: resource.userId === userId ? 'loaded' : 'notYours', resource }, retry };
}
