// Whether the signed-in reader collected a resource, how many did, and the toggle between the two.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApiClient } from '../../shared/api';

import { addFavourite, favouriteCountQuery, isCollectedQuery, removeFavourite, resourceKeys } from './resources-api';

export interface FavouriteState {
  collected: boolean;
  count: number | null;
  busy: boolean;
  error: string;
  toggle: () => void;
}

/**
 * The toggle shows its outcome at once (the count moves by one) and puts it back when the server
 * refuses. A confirmed toggle is the new state: the count and the flag are not asked again, the
 * favourites list is.
 */
export function useFavourite(resourceId: string, signedIn: boolean): FavouriteState {
  const api = useApiClient();
  const queries = useQueryClient();
  const countQuery = favouriteCountQuery(api, resourceId);
  const collectedQuery = isCollectedQuery(api, resourceId);
  const count = useQuery(countQuery);
  const collected = useQuery({ ...collectedQuery, enabled: signedIn });

  const mutation = useMutation({
    mutationFn: async (collect: boolean) => {
      if (collect) await addFavourite(api, resourceId);
      else await removeFavourite(api, resourceId);
    },
    onMutate: async (collect) => {
      await Promise.all([
        queries.cancelQueries({ queryKey: countQuery.queryKey }),
        queries.cancelQueries({ queryKey: collectedQuery.queryKey }),
      ]);
      const before = { count: queries.getQueryData(countQuery.queryKey), collected: !collect };
      queries.setQueryData(countQuery.queryKey, (value = 0) => Math.max(0, value + (collect ? 1 : -1)));
      queries.setQueryData(collectedQuery.queryKey, collect);
      return before;
    },
    onError: (_error, _collect, before) => {
      if (!before) return;
      queries.setQueryData(countQuery.queryKey, before.count);
      queries.setQueryData(collectedQuery.queryKey, before.collected);
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: resourceKeys.favouriteLists }),
  });

  const isCollected = collected.data ?? false;
  return {
    collected: isCollected,
    count: count.data ?? null,
    busy: mutation.isPending,
    error: mutation.isError ? errorMessage(mutation.error) : '',
    toggle: () => {
      if (!mutation.isPending) mutation.mutate(!isCollected);
    },
  };
}
