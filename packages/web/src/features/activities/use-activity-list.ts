import { useQuery } from '@tanstack/react-query';
import { activityEndpoints } from '@tessera/contract/endpoints/activities';
import { ACTIVITY_LIST_LIMIT, toActivityListItem, type ActivityListItem } from '@tessera/domain';
import { useApiClient } from '../../shared/api';

/** SPEC §4: loading, then noData for an empty list, else loaded; `error` when the call fails. */
export type ActivityListState = 'loading' | 'noData' | 'loaded' | 'error';

export interface ActivityList {
  state: ActivityListState;
  list: ActivityListItem[];
  reload: () => void;
}

/**
 * The client-visible activities. Nothing is kept once the page is left (gcTime 0), so the next
 * visit starts again from loading with an empty list (SPEC §4).
 */
export function useActivityList(): ActivityList {
  const api = useApiClient();
  const query = useQuery({
    queryKey: ['activities', 'list4Client'],
    queryFn: ({ signal }) =>
      api.call(activityEndpoints.listForClient, { query: { limit: ACTIVITY_LIST_LIMIT } }, { signal }),
    select: (page) => page.dataList.map(toActivityListItem),
    gcTime: 0,
  });
  const list = query.data ?? [];
  const state: ActivityListState =
    query.isPending || query.isRefetching
      ? 'loading'
      : query.isError
        ? 'error'
        : list.length === 0
          ? 'noData'
          : 'loaded';
  return { state, list: state === 'loaded' ? list : [], reload: () => void query.refetch() };
}
