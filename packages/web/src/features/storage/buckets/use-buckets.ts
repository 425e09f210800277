import { useCallback, useEffect, useState } from 'react';
import { useApiClient } from '../../../shared/api';
import { fetchSpaceStatistics, listBuckets, type Bucket, type SpaceStatistics } from '../storage-api';

export type BucketsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; buckets: Bucket[]; statistics: SpaceStatistics | null };

/**
 * The caller's buckets and used space. `retry()` starts again from loading; `refresh()` asks again
 * quietly, keeping what is shown until the new answer is there (after an upload, a deletion …).
 */
export function useBuckets() {
  const api = useApiClient();
  const [state, setState] = useState<BucketsState>({ status: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([listBuckets(api, signal), fetchSpaceStatistics(api, signal)]).then(
      ([buckets, statistics]) => {
        if (signal.aborted) return;
        if (buckets.errCode !== 0 || !buckets.data) setState({ status: 'error', message: buckets.msg });
        // The list can be used without the statistics; the quota bar then waits for the next answer.
        else
          setState({
            status: 'loaded',
            buckets: buckets.data,
            statistics: statistics.errCode === 0 ? statistics.data : null,
          });
      },
      (failure: unknown) => {
        if (!signal.aborted)
          setState({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => controller.abort();
  }, [api, round]);

  const refresh = useCallback(() => setRound((value) => value + 1), []);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setRound((value) => value + 1);
  }, []);

  // The list changes at once for what this page did itself; the refresh then brings the numbers.
  const added = useCallback(
    (bucket: Bucket) => {
      setState((current) =>
        current.status === 'loaded' ? { ...current, buckets: sortByName([...current.buckets, bucket]) } : current,
      );
      refresh();
    },
    [refresh],
  );
  const removed = useCallback(
    (bucketName: string) => {
      setState((current) =>
        current.status === 'loaded'
          ? { ...current, buckets: current.buckets.filter((bucket) => bucket.bucketName !== bucketName) }
          : current,
      );
      refresh();
    },
    [refresh],
  );

  return { state, refresh, retry, added, removed };
}

function sortByName(buckets: Bucket[]): Bucket[] {
  return buckets.sort((a, b) => (a.bucketName < b.bucketName ? -1 : a.bucketName > b.bucketName ? 1 : 0));
}

/** Bytes left in the quota, when known. */
export function spaceLeftOf(state: BucketsState): number | undefined {
  const statistics = state.status === 'loaded' ? state.statistics : null;
  return statistics ? statistics.storageLimit - statistics.totalFileSize : undefined;
}
