import { useCallback, useEffect, useState } from 'react';
import { toActivityListItem, type ActivityListItem } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { listClientActivities } from './activities-api';

/** SPEC §4: loading, then noData for an empty list, else loaded; `error` when the call fails. */
export type ActivityListState = 'loading' | 'noData' | 'loaded' | 'error';

export interface ActivityList {
  state: ActivityListState;
  list: ActivityListItem[];
  reload: () => void;
}

const initial = { state: 'loading' as ActivityListState, list: [] as ActivityListItem[] };

/**
 * The client-visible activities. The state lives with the page, so leaving the page drops it and
 * the next visit starts again from loading with an empty list (SPEC §4).
 */
export function useActivityList(): ActivityList {
  const api = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState(initial);

  useEffect(() => {
    const controller = new AbortController();
    listClientActivities(api, controller.signal).then(
      (activities) => {
        if (controller.signal.aborted) return;
        const list = activities.map(toActivityListItem);
        setResult({ state: list.length === 0 ? 'noData' : 'loaded', list });
      },
      () => {
        if (!controller.signal.aborted) setResult({ state: 'error', list: [] });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  const reload = useCallback(() => {
    setResult(initial);
    setAttempt((value) => value + 1);
  }, []);

  return { ...result, reload };
}
