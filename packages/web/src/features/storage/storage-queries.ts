import {
  keepPreviousData,
  queryOptions,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient, type ApiClient } from '../../shared/api';
import type { ObjectWire } from '@tessera/contract/storage';
import { fetchObject, fetchSpaceStatistics, listBuckets, listObjects, type ObjectQuery } from './storage-api';

// The storage reads as cached server state (TanStack Query) and what a change of objects or
// buckets makes stale. Every key starts with 'storage'.

export const storageKeys = {
  buckets: ['storage', 'buckets'] as const,
  spaceStatistics: ['storage', 'spaceStatistics'] as const,
  /** Every page of a bucket's objects; with a query, one page. */
  objects: (bucketName: string, query?: ObjectQuery) =>
    query ? (['storage', 'objects', bucketName, query] as const) : (['storage', 'objects', bucketName] as const),
  object: (objectId: string) => ['storage', 'object', objectId] as const,
};

/** The caller's user buckets, by name (also started as /storage opens: first-screen.ts). */
export const bucketsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: storageKeys.buckets, queryFn: ({ signal }) => listBuckets(api, signal) });

export function useBucketsQuery() {
  return useQuery(bucketsQuery(useApiClient()));
}

/** The objects of every bucket of the caller whose name has `keywords` (the newest first in each bucket). */
export function useObjectSearch(keywords: string, perBucket: number) {
  const api = useApiClient();
  const buckets = useBucketsQuery();
  const names = (buckets.data ?? []).map((bucket) => bucket.bucketName);
  const query: ObjectQuery = { skip: 0, limit: perBucket, keywords };
  return useQueries({
    queries: names.map((bucketName) => ({
      queryKey: storageKeys.objects(bucketName, query),
      queryFn: ({ signal }: { signal: AbortSignal }) => listObjects(api, bucketName, query, signal),
      // The last answer stays while the next word is asked, so the list does not flash empty.
      placeholderData: keepPreviousData,
    })),
    combine: (answers) => ({
      groups: names.map((bucketName, index) => ({
        bucketName,
        objects: (answers[index]?.data?.dataList ?? []) as ObjectWire[],
        more: (answers[index]?.data?.totalItem ?? 0) > perBucket,
      })),
      loading: buckets.isPending || answers.some((answer) => answer.isPending || answer.isPlaceholderData),
      failed: buckets.error ?? answers.find((answer) => answer.error)?.error ?? null,
      noBuckets: buckets.isSuccess && names.length === 0,
    }),
  });
}

/** Quota and used bytes (GET /v2/storages/buckets/spaceStatistics). */
export const spaceStatisticsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: storageKeys.spaceStatistics, queryFn: ({ signal }) => fetchSpaceStatistics(api, signal) });

export function useSpaceStatisticsQuery() {
  return useQuery(spaceStatisticsQuery(useApiClient()));
}

/** One page of a bucket's objects (the first one also started as /storage opens: first-screen.ts). */
export const objectsQuery = (api: ApiClient, bucketName: string, query: ObjectQuery) =>
  queryOptions({
    queryKey: storageKeys.objects(bucketName, query),
    queryFn: ({ signal }) => listObjects(api, bucketName, query, signal),
  });

/**
 * One page of a bucket's objects; while another page of the same bucket is on its way the last one
 * stays shown (another bucket's rows do not). Nothing is asked without a bucket.
 */
export function useObjectsQuery(bucketName: string | undefined, query: ObjectQuery) {
  return useQuery({
    ...objectsQuery(useApiClient(), bucketName ?? '', query),
    enabled: Boolean(bucketName),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === bucketName ? previous : undefined),
  });
}

/** One of the caller's objects by id ('' asks nothing). */
export function useObjectQuery(objectId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: storageKeys.object(objectId),
    queryFn: ({ signal }) => fetchObject(api, objectId, signal),
    enabled: objectId !== '',
  });
}

/** What changes of the objects of a bucket make stale: its object lists, the bucket totals and the quota. */
export function invalidateBucketContents(queries: QueryClient, bucketName: string): Promise<void> {
  return Promise.all([
    queries.invalidateQueries({ queryKey: storageKeys.objects(bucketName) }),
    queries.invalidateQueries({ queryKey: storageKeys.buckets }),
    queries.invalidateQueries({ queryKey: storageKeys.spaceStatistics }),
  ]).then(() => undefined);
}

/** `invalidateBucketContents` bound to the app's query client. */
export function useBucketContentsChanged(): (bucketName: string) => void {
  const queries = useQueryClient();
  return useCallback((bucketName: string) => void invalidateBucketContents(queries, bucketName), [queries]);
}
