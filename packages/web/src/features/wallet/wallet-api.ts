// The wallet calls (API.md §3.12) as TanStack Query options and plain calls; every wire type is the contract's.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { contractEndpoints } from '@tessera/contract/endpoints/contracts';
import { walletEndpoints } from '@tessera/contract/endpoints/wallet';
import type { ContractPaymentBody } from '@tessera/contract/contracts';
import type {
  AccountWire,
  ActivateAccountBody,
  ChangePayPasswordBody,
  ResetPayPasswordBody,
  StatementLineWire,
  StatementQuery,
} from '@tessera/contract/wallet';
import type { ApiClient } from '../../shared/api';
import { WALLET_KEY } from '../../shared/session/daily-sign-in';

export type Account = AccountWire;

/** DOMAIN §2.24: an account's status. */
export const AccountStatus = { NotActivated: 0, Normal: 1, Frozen: 2 } as const;

export const walletKeys = {
  all: WALLET_KEY,
  account: (userId: number) => [...WALLET_KEY, 'account', userId] as const,
};

/** The caller's own individual account. */
export const accountQuery = (api: ApiClient, userId: number) =>
  queryOptions({
    queryKey: walletKeys.account(userId),
    queryFn: ({ signal }) => api.call(walletEndpoints.account, { params: { userId } }, { signal }),
  });

export const activateAccount = (api: ApiClient, body: ActivateAccountBody) =>
  api.call(walletEndpoints.activate, { body });

export const changePayPassword = (api: ApiClient, body: ChangePayPasswordBody) =>
  api.call(walletEndpoints.changePayPassword, { body });

export const resetPayPassword = (api: ApiClient, body: ResetPayPasswordBody) =>
  api.call(walletEndpoints.resetPayPassword, { body });

/** Pays a payment event of a contract's current state; the contract moves in the same transaction. */
export const payContract = (api: ApiClient, contractId: string, body: ContractPaymentBody) =>
  api.call(contractEndpoints.pay, { params: { contractId }, body });

export type StatementLine = StatementLineWire;
export type StatementSearch = Omit<StatementQuery, 'skip' | 'limit'>;
export const STATEMENT_PAGE_SIZE = 10;

/** One page of the caller's statement, newest first; the last page stays shown while the next one comes. */
export const statementQuery = (api: ApiClient, accountId: string, search: StatementSearch, page: number) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'statement', accountId, search, page] as const,
    queryFn: ({ signal }) =>
      api.call(
        walletEndpoints.statement,
        {
          params: { accountId },
          query: { ...search, skip: (page - 1) * STATEMENT_PAGE_SIZE, limit: STATEMENT_PAGE_SIZE },
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** One transaction record from the caller's side. */
export const recordQuery = (api: ApiClient, recordId: string) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'record', recordId] as const,
    queryFn: ({ signal }) => api.call(walletEndpoints.record, { params: { recordId } }, { signal }),
  });

/** Income and spending per platform day of the caller's account (the server's default: the last 30 days). */
export const statisticsQuery = (api: ApiClient, userId: number) =>
  queryOptions({
    queryKey: [...WALLET_KEY, 'statistics', userId] as const,
    queryFn: ({ signal }) =>
      api.call(walletEndpoints.statistics, { query: { ownerId: String(userId), ownerType: 1 } }, { signal }),
  });
