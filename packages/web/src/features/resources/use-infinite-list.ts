// A list read page by page with "load more", on TanStack Query's infinite queries.
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@tessera/domain';
import { errorMessage } from '../../shared/api';

export type PagedListStatus = 'loading' | 'error' | 'empty' | 'loaded';

export interface PagedList<T> {
  status: PagedListStatus;
  items: T[];
  total: number;
  /** The message of the last failure (first page or "load more"). */
  error: string;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** Drops items from the list without asking the server again (after a removal). */
  drop: (keep: (item: T) => boolean) => void;
}

export type PageLoader<T> = (skip: number, signal: AbortSignal) => Promise<Page<T>>;

const loadedCount = <T>(pages: readonly Page<T>[]) => pages.reduce((sum, page) => sum + page.dataList.length, 0);

/**
 * The list named by `queryKey` (its filters): another key starts again from the first page; the
 * next page starts where the loaded items end. `enabled: false` leaves it loading, unread.
 */
export function useInfiniteList<T>(
  queryKey: QueryKey,
  load: PageLoader<T>,
  { enabled = true }: { enabled?: boolean } = {},
): PagedList<T> {
  const queries = useQueryClient();
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => load(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = loadedCount(pages);
      return last.dataList.length > 0 && loaded < last.totalItem ? loaded : undefined;
    },
    enabled,
  });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.dataList);
  const total = pages.at(-1)?.totalItem ?? 0;
  // A retry of a failed first page shows loading again.
  const status: PagedListStatus = query.data
    ? items.length === 0
      ? 'empty'
      : 'loaded'
    : query.isError && !query.isFetching
      ? 'error'
      : 'loading';

  return {
    status,
    items,
    total,
    error: query.isError ? errorMessage(query.error) : '',
    hasMore: status === 'loaded' && query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      if (!query.isFetchingNextPage) void query.fetchNextPage();
    },
    reload: () => void query.refetch(),
    drop: (keep) =>
      queries.setQueryData<InfiniteData<Page<T>, number>>(queryKey, (data) => {
        if (!data) return data;
        const dropped = loadedCount(data.pages) - loadedCount(data.pages.map(keepIn(keep)));
        return {
          ...data,
          pages: data.pages.map((page) => ({
            ...keepIn(keep)(page),
            totalItem: Math.max(0, page.totalItem - dropped),
          })),
        };
      }),
  };
}

const keepIn =
  <T>(keep: (item: T) => boolean) =>
  (page: Page<T>): Page<T> => ({ ...page, dataList: page.dataList.filter(keep) });
