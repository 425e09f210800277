import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Page } from '@tessera/domain';
import { errorMessage } from './use-keyed-load';

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

interface ListData<T> {
  key: string;
  status: Exclude<PagedListStatus, 'loading'>;
  items: T[];
  total: number;
  error: string;
}

/**
 * A list read page by page with "load more". `queryKey` names the filters: when it changes the
 * list starts again from the first page (an answer for an older key is ignored).
 */
export function usePagedList<T>(load: PageLoader<T>, queryKey: string): PagedList<T> {
  const [attempt, setAttempt] = useState(0);
  const [data, setData] = useState<ListData<T> | null>(null);
  const [moreKey, setMoreKey] = useState<string | null>(null);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const key = `${attempt}:${queryKey}`;

  useEffect(() => {
    const controller = new AbortController();
    loadRef.current(0, controller.signal).then(
      (page: Page<T> | null) => {
        if (controller.signal.aborted) return;
        const items = page?.dataList ?? [];
        setData({
          key,
          status: items.length === 0 ? 'empty' : 'loaded',
          items,
          total: page?.totalItem ?? 0,
          error: '',
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setData({ key, status: 'error', items: [], total: 0, error: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key]);

  const current = data?.key === key ? data : null;
  const loadingMore = moreKey === key;
  const skip = current?.items.length ?? 0;

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setMoreKey(key);
    const settle = (update: (list: ListData<T>) => ListData<T>) => {
      setMoreKey((value) => (value === key ? null : value));
      setData((list) => (list?.key === key ? update(list) : list));
    };
    loadRef.current(skip, new AbortController().signal).then(
      (page: Page<T> | null) =>
        settle((list) => ({
          ...list,
          items: [...list.items, ...(page?.dataList ?? [])],
          total: page?.totalItem ?? list.total,
          error: '',
        })),
      (error: unknown) => settle((list) => ({ ...list, error: errorMessage(error) })),
    );
  }, [key, skip, loadingMore]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const drop = useCallback((keep: (item: T) => boolean) => {
    setData((list) => {
      if (!list) return list;
      const items = list.items.filter(keep);
      const total = Math.max(0, list.total - (list.items.length - items.length));
      return { ...list, items, total, status: total === 0 ? 'empty' : list.status };
    });
  }, []);

  return {
    status: current?.status ?? 'loading',
    items: current?.items ?? [],
    total: current?.total ?? 0,
    error: current?.error ?? '',
    hasMore: current?.status === 'loaded' && current.items.length < current.total,
    loadingMore,
    loadMore,
    reload,
    drop,
  };
}
