import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exhibitKeys } from './exhibits-api';

/**
 * A write on the exhibit: on success every read of it (the exhibit, its trees, its auth, its contracts)
 * is read again, so the page shows what the server now holds.
 */
export function useExhibitChange<Input>(presentableId: string, write: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] === exhibitKeys.all[0] && query.queryKey[2] === presentableId,
      }),
  });
}
