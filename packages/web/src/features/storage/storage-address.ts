import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's state that lives in the address (SPEC §2.2), so that it can be linked to:
 * `bucketName` (the bucket shown), `createBucket=1` (the create dialog is open), `objectID` (the
 * object drawer is open).
 */
export function useStorageAddress() {
  const [params, setParams] = useSearchParams();

  const change = useCallback(
    (values: Record<string, string | null>, replace = false) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(values)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    bucketName: params.get('bucketName') ?? '',
    createBucket: params.get('createBucket') === '1' || params.get('createBucket') === 'true',
    objectID: params.get('objectID') ?? '',
    /** Shows a bucket; `replace` when the page picks it by itself (the first bucket by default). */
    showBucket: useCallback(
      (bucketName: string, replace = false) => change({ bucketName, objectID: null }, replace),
      [change],
    ),
    /** Names in the address the bucket the page shows without being asked (the first one). */
    nameShownBucket: useCallback((bucketName: string) => change({ bucketName }, true), [change]),
    openCreateBucket: useCallback(() => change({ createBucket: '1' }), [change]),
    closeCreateBucket: useCallback(
      (bucketName?: string) =>
        change({ createBucket: null, ...(bucketName ? { bucketName, objectID: null } : {}) }, true),
      [change],
    ),
    openObject: useCallback((objectID: string) => change({ objectID }), [change]),
    closeObject: useCallback(() => change({ objectID: null }), [change]),
  };
}

/**
 * The bucket the page shows: the one the address names (none when it is not among them), else the
 * first. Also what app/route-prefetch.ts asks the objects of as the page opens.
 */
export function shownBucket<B extends { bucketName: string }>(
  bucketName: string,
  buckets: readonly B[],
): B | undefined {
  return bucketName ? buckets.find((bucket) => bucket.bucketName === bucketName) : buckets[0];
}
