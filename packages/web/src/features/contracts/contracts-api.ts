// The contract reads (API.md §3.11) as TanStack Query options and keys; every wire type is the contract's.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { contractEndpoints } from '@tessera/contract/endpoints/contracts';
import { versionEndpoints } from '@tessera/contract/endpoints/versions';
import type { ContractWire, TransitionRecordWire } from '@tessera/contract/contracts';
import type { Language } from '@tessera/domain';
import type { ApiClient, CallInput } from '../../shared/api';

export type Contract = ContractWire;
export type TransitionRecord = TransitionRecordWire;

/** What the lists ask GET /v2/contracts: the caller as licensor (identityType 1) or licensee (2), and filters. */
export type ContractSearch = NonNullable<CallInput<typeof contractEndpoints.page>['query']>;

/** History records asked at once; a contract with more shows "show more". */
export const HISTORY_PAGE_SIZE = 50;

export const contractKeys = {
  all: ['contracts'] as const,
  page: (query: ContractSearch) => ['contracts', 'page', query] as const,
  detail: (contractId: string) => ['contracts', 'detail', contractId] as const,
  /** The sentences come in the caller's language, so each language has its own entry. */
  history: (contractId: string, language: Language) => ['contracts', 'history', contractId, language] as const,
};

/**
 * One page of the caller's contracts. While another page of the same side comes the last one stays
 * shown (the other side's rows do not: they would be read as this side's).
 */
export const contractPageQuery = (api: ApiClient, query: ContractSearch) =>
  queryOptions({
    queryKey: contractKeys.page(query),
    queryFn: ({ signal }) => api.call(contractEndpoints.page, { query }, { signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].identityType === query.identityType ? previous : undefined,
  });

/** One contract with its policy (the drawer compiles the text to draw it). */
export const contractDetailQuery = (api: ApiClient, contractId: string) =>
  queryOptions({
    queryKey: contractKeys.detail(contractId),
    queryFn: ({ signal }) =>
      api.call(contractEndpoints.detail, { params: { contractId }, query: { isLoadPolicyInfo: '1' } }, { signal }),
  });

/** The contract's transition records, oldest first, each with its sentence in the caller's language. */
export const contractHistoryQuery = (api: ApiClient, contractId: string, language: Language) =>
  infiniteQueryOptions({
    queryKey: contractKeys.history(contractId, language),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(
        contractEndpoints.transitionRecords,
        { params: { contractId }, query: { skip: pageParam, limit: HISTORY_PAGE_SIZE, isTranslate: '1' } },
        { signal },
      ),
    getNextPageParam: (last) => {
      const next = last.skip + last.dataList.length;
      return last.dataList.length > 0 && next < last.totalItem ? next : undefined;
    },
  });

/** Per resource this one depends on, its versions and the contracts each uses (GET …/resolveResources). */
export const resolvedContractsQuery = (api: ApiClient, resourceId: string) =>
  queryOptions({
    queryKey: ['contracts', 'resolveResources', resourceId] as const,
    queryFn: ({ signal }) => api.call(versionEndpoints.resolveResources, { params: { resourceId } }, { signal }),
  });
