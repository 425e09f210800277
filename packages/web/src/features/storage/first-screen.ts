// What /storage shows first, started as the app starts (app/route-prefetch.ts) for a browser that says it
// is signed in: the buckets, the used space and, once the buckets are known, the first page of the bucket
// the page will show. Loaded with the page's code, not with the entry every page loads.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api';
import { DEFAULT_OBJECT_VIEW, objectQueryOf } from './objects/use-objects';
import { shownBucket } from './storage-address';
import { bucketsQuery, objectsQuery, spaceStatisticsQuery } from './storage-queries';

export function prefetchStorageFirstScreen(
  { api, queries }: { api: ApiClient; queries: QueryClient },
  bucketName: string,
  freshForFirstVisit: (queryKey: QueryKey) => void,
): void {
  const buckets = bucketsQuery(api);
  const statistics = spaceStatisticsQuery(api);
  freshForFirstVisit(buckets.queryKey);
  freshForFirstVisit(statistics.queryKey);
  void queries.prefetchQuery(statistics);
  void queries.prefetchQuery(buckets).then(() => {
    const shown = shownBucket(bucketName, queries.getQueryData(buckets.queryKey) ?? []);
    if (!shown) return;
    const objects = objectsQuery(api, shown.bucketName, objectQueryOf(DEFAULT_OBJECT_VIEW));
    freshForFirstVisit(objects.queryKey);
    return queries.prefetchQuery(objects);
  });
}
