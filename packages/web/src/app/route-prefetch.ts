// The first reads of the page being opened, started as the app starts: the page's chunk is still
// loading and rendering it takes a while on a slow core, so its list (the market), its resource and
// preview (the details page) or its buckets and first objects (storage), and who is signed in, are on
// their way by then and the page renders with them. The reads use the pages' own query keys and
// functions, so the page finds them in the cache (or in flight) and asks nothing twice. Only the first
// page of a visit is started here; later navigations load as before. The pictures the page shows first
// (its largest paint) are asked for as soon as the read naming them arrives, so the page's <img> finds
// them loaded.
import { matchPath } from 'react-router';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@tessera/domain';
import { previewKindOf, routes } from '@tessera/domain';
import type { ApiClient } from '../shared/api';
import { currentUserQuery } from '../shared/session/current-user';
import { hasSignedInCookie } from '../shared/session/signed-in-cookie';
import { marketRequest, readMarketFilters } from '../features/market/market-query';
import { previewAccessQuery, previewAddress } from '../features/resources/media-preview-api';
import { shownVersion } from '../features/resources/shown-version';
import { signedInUserId } from '../features/resources/signed-in-user';
import {
  operationCategoriesQuery,
  resourceKeys,
  resourceQuery,
  searchResources,
  typeGroupsQuery,
  type Resource,
} from '../features/resources/resources-api';

/**
 * How long a read started here counts as fresh for the page's first mount. The pages keep staleTime 0
 * (every visit asks again), so without this the page would ask once more for what just arrived.
 */
export const FIRST_VISIT_FRESH_MS = 5_000;

/** The market's first row of cards, whose covers load at once (ResourceCardGrid's FIRST_ROW). */
const FIRST_COVERS = 4;

type Place = { pathname: string; search: string };

/** Starts loading images into the browser's cache, high priority, as the pages' eager covers do. */
function preloadImages(sources: (string | undefined)[]): void {
  if (typeof Image === 'undefined') return;
  for (const source of sources) {
    if (!source) continue;
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = source;
  }
}

/** The read is not repeated when the page mounts within FIRST_VISIT_FRESH_MS; later visits refetch as ever. */
function freshForFirstVisit(queries: QueryClient, queryKey: QueryKey, now: () => number): void {
  const until = now() + FIRST_VISIT_FRESH_MS;
  queries.setQueryDefaults(queryKey, { refetchOnMount: () => now() >= until });
}

/**
 * Whether the details page's preview may be seen (the page asks before it shows it) and, for an image
 * resource, the picture itself, the page's largest paint. Both at once: the page renders meanwhile, and
 * a check answered during that work would start the picture only after it. A refused picture is a small
 * envelope, never shown.
 */
function prefetchPreview(
  { api, queries }: { api: ApiClient; queries: QueryClient },
  version: string,
  resource: Resource,
  now: () => number,
): void {
  const kind = previewKindOf(resource.resourceType);
  if (!kind || !version) return;
  const address = previewAddress(api, resource.resourceId, version);
  const access = previewAccessQuery(address, signedInUserId());
  freshForFirstVisit(queries, access.queryKey, now);
  void queries.prefetchQuery(access);
  if (kind === 'image') preloadImages([address]);
}

/** Starts the first reads of the page at `place`; returns whether it knew the page. */
export function prefetchRouteData(
  { api, queries }: { api: ApiClient; queries: QueryClient },
  place: Place,
  now: () => number = Date.now,
): boolean {
  // Who is signed in: the header asks on every page, the logged-in guard before its page renders.
  if (hasSignedInCookie()) {
    const account = currentUserQuery(api);
    freshForFirstVisit(queries, account.queryKey, now);
    void queries.prefetchQuery({ ...account, retry: false });
  }
  if (matchPath(routes.market(), place.pathname)) {
    const filters = readMarketFilters(new URLSearchParams(place.search));
    const queryKey = resourceKeys.searchPages(marketRequest(filters, 0));
    freshForFirstVisit(queries, queryKey, now);
    void queries
      .prefetchInfiniteQuery({
        queryKey,
        queryFn: ({ pageParam, signal }) => searchResources(api, marketRequest(filters, pageParam), signal),
        initialPageParam: 0,
      })
      .then(() => {
        const first = queries.getQueryData<InfiniteData<Page<Resource>, number>>(queryKey)?.pages[0]?.dataList ?? [];
        preloadImages(first.slice(0, FIRST_COVERS).map((resource) => resource.coverImages[0]));
      });
    // The filters' catalogue (kept fresh five minutes by its own options).
    void queries.prefetchQuery({ ...typeGroupsQuery(api), retry: false });
    void queries.prefetchQuery({ ...operationCategoriesQuery(api), retry: false });
    return true;
  }
  const details = matchPath('/resource/details/:id', place.pathname);
  if (details?.params.id) {
    const query = resourceQuery(api, details.params.id);
    freshForFirstVisit(queries, query.queryKey, now);
    void queries.prefetchQuery(query).then(() => {
      const resource = queries.getQueryData(query.queryKey);
      if (!resource) return;
      preloadImages([resource.coverImages[0]]);
      const asked = new URLSearchParams(place.search).get('version') ?? '';
      prefetchPreview({ api, queries }, shownVersion(resource, asked), resource, now);
    });
    return true;
  }
  // Behind the logged-in guard, which asks who is signed in first: the page's reads go alongside it, for
  // a browser that says it is signed in (a failed read is asked again when the page mounts). They come
  // with the page's code, which the server's answer already names, not in the entry every page loads.
  if (matchPath('/storage', place.pathname) && hasSignedInCookie()) {
    const bucketName = new URLSearchParams(place.search).get('bucketName') ?? '';
    void import('../features/storage/first-screen').then(({ prefetchStorageFirstScreen }) =>
      prefetchStorageFirstScreen({ api, queries }, bucketName, (queryKey) =>
        freshForFirstVisit(queries, queryKey, now),
      ),
    );
    return true;
  }
  return false;
}
