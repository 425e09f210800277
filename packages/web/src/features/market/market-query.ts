import type { ResourceSearch } from '../resources';

/** The market's filters, all held in the address (/market?keywords&operationCategoryCode&resourceTypeCode). */
export interface MarketFilters {
  keywords: string;
  operationCategoryCode: string;
  resourceTypeCode: string;
}

export const MARKET_FILTER_KEYS = ['keywords', 'operationCategoryCode', 'resourceTypeCode'] as const;

export function readMarketFilters(search: URLSearchParams): MarketFilters {
  return {
    keywords: search.get('keywords')?.trim() ?? '',
    operationCategoryCode: search.get('operationCategoryCode') ?? '',
    resourceTypeCode: search.get('resourceTypeCode') ?? '',
  };
}

/** The address query of the filters; empty filters are left out (SPEC §2.2). */
export function marketSearchParams(filters: MarketFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of MARKET_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  return params;
}

/** GET /v2/resources parameters of one market page: online resources, newest update first. */
export function marketRequest(filters: MarketFilters, skip: number): ResourceSearch {
  return {
    skip,
    keywords: filters.keywords || undefined,
    operationCategoryCode: filters.operationCategoryCode || undefined,
    resourceTypeCode: filters.resourceTypeCode || undefined,
    // The type filter holds everything below the chosen type too.
    resourceTypeCategory: filters.resourceTypeCode ? 2 : undefined,
    sort: 'updateDate:-1',
  };
}
