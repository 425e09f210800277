// How many online resources each market chip holds, so that the market offers only what exists.
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../shared/api';
import { resourceKeys, searchResources, type ResourceSearch } from '../resources';
import { marketRequest, type MarketFilters } from './market-query';

/** The counts change when someone publishes: a read is kept for a minute. */
const COUNT_STALE_MS = 60_000;

const NO_FILTERS: MarketFilters = { keywords: '', operationCategoryCode: '', resourceTypeCode: '' };

/** The one-result search whose total is the number of market resources the chip would show on its own. */
export function chipCountRequest(patch: Partial<MarketFilters>): ResourceSearch {
  return { ...marketRequest({ ...NO_FILTERS, ...patch }, 0), limit: 1, isLoadPolicyInfo: '0' };
}

/**
 * The number of market resources under each category and each type code (all of a type's sub-types
 * included), read as the total of a one-result search. A count not known yet (or not readable) is
 * absent: the chip is then shown without a number rather than hidden. Not `enabled`, nothing is asked:
 * the market asks once its own page has come, so that twenty counts do not hold up the page's list
 * and covers (a browser opens six connections to a host at a time).
 */
export function useChipCounts(categoryCodes: string[], typeCodes: string[], { enabled }: { enabled: boolean }) {
  const api = useApiClient();
  const requests = [
    ...categoryCodes.map((code) => ({
      code,
      kind: 'category' as const,
      query: chipCountRequest({ operationCategoryCode: code }),
    })),
    ...typeCodes.map((code) => ({ code, kind: 'type' as const, query: chipCountRequest({ resourceTypeCode: code }) })),
  ];
  const answers = useQueries({
    queries: requests.map(({ query }) => ({
      queryKey: resourceKeys.search(query),
      queryFn: ({ signal }: { signal: AbortSignal }) => searchResources(api, query, signal),
      staleTime: COUNT_STALE_MS,
      retry: false,
      enabled,
    })),
  });
  const categories = new Map<string, number>();
  const types = new Map<string, number>();
  requests.forEach((request, index) => {
    const total = answers[index]?.data?.totalItem;
    if (total !== undefined) (request.kind === 'category' ? categories : types).set(request.code, total);
  });
  return { categories, types };
}
