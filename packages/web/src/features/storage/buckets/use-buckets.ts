import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BucketWire, SpaceStatisticsWire } from '@tessera/contract/storage';
import { useApiClient } from '../../../shared/api';
import { createBucket, deleteBucket } from '../storage-api';
import { storageKeys, useBucketsQuery, useSpaceStatisticsQuery } from '../storage-queries';

export type BucketsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; buckets: BucketWire[]; statistics: SpaceStatisticsWire | null };

/**
 * The caller's buckets and used space: loading until both answered once. The list can be used
 * without the statistics (the quota bar then waits for a later answer). `retry()` asks again from
 * loading; changes made elsewhere on the page refresh both quietly (see storage-queries).
 */
export function useBuckets() {
  const buckets = useBucketsQuery();
  const statistics = useSpaceStatisticsQuery();
  const statisticsSettled = statistics.dataUpdatedAt > 0 || statistics.errorUpdatedAt > 0;

  let state: BucketsState;
  if (buckets.isPending || !statisticsSettled || (buckets.isError && buckets.isFetching)) state = { status: 'loading' };
  else if (buckets.isError) state = { status: 'error', message: buckets.error.message };
  else
    state = {
      status: 'loaded',
      buckets: buckets.data,
      statistics: statistics.status === 'success' ? statistics.data : null,
    };

  const retry = () => {
    void buckets.refetch();
    if (statistics.isError) void statistics.refetch();
  };
  return { state, retry };
}

/** The bucket list changes at once for what this page did itself; the refresh then brings the numbers. */
function changeBuckets(queries: QueryClient, change: (buckets: BucketWire[]) => BucketWire[]): void {
  queries.setQueryData<BucketWire[]>(storageKeys.buckets, (current) => (current ? change(current) : current));
  void queries.invalidateQueries({ queryKey: storageKeys.buckets });
  void queries.invalidateQueries({ queryKey: storageKeys.spaceStatistics });
}

const byName = (a: BucketWire, b: BucketWire) =>
  a.bucketName < b.bucketName ? -1 : a.bucketName > b.bucketName ? 1 : 0;

export function useCreateBucket() {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (bucketName: string) => createBucket(api, bucketName),
    onSuccess: (bucket) => changeBuckets(queries, (buckets) => [...buckets, bucket].sort(byName)),
  });
}

/** Without `force` a bucket that still holds objects is refused (errCode 2). */
export function useDeleteBucket() {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ bucketName, force }: { bucketName: string; force: boolean }) =>
      deleteBucket(api, bucketName, { force }),
    onSuccess: (_done, { bucketName }) =>
      changeBuckets(queries, (buckets) => buckets.filter((bucket) => bucket.bucketName !== bucketName)),
  });
}

/** Bytes left in the quota, when known. */
export function spaceLeftOf(state: BucketsState): number | undefined {
  const statistics = state.status === 'loaded' ? state.statistics : null;
  return statistics ? statistics.storageLimit - statistics.totalFileSize : undefined;
}
