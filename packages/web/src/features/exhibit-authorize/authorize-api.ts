// The reads and the signing of the exhibit authorize page: the exhibit with its policies, its node, the
// caller's auth result on it and the caller's own consumer contracts on it.
import { queryOptions } from '@tanstack/react-query';
import { contractEndpoints } from '@tessera/contract/endpoints/contracts';
import { exhibitAuthEndpoints } from '@tessera/contract/endpoints/exhibit-auths';
import { exhibitEndpoints } from '@tessera/contract/endpoints/exhibits';
import { nodeEndpoints } from '@tessera/contract/endpoints/nodes';
import { SubjectType } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';
import { contractKeys } from '../contracts';

/** A consumer signs as a user (licenseeIdentityType 3). */
const USER_LICENSEE = 3;
const CONTRACTS_SHOWN = 50;

export const authorizeKeys = {
  all: ['exhibitAuthorize'] as const,
  exhibit: (exhibitId: string) => ['exhibitAuthorize', 'exhibit', exhibitId] as const,
  node: (nodeId: number) => ['exhibitAuthorize', 'node', nodeId] as const,
  /** `contractsState` changes whenever one of the caller's contracts on it appears or moves. */
  auth: (nodeId: number, exhibitId: string, contractsState: string) =>
    ['exhibitAuthorize', 'auth', nodeId, exhibitId, contractsState] as const,
  /** Under the contracts feature's key, which its pay buttons read again after a payment. */
  contracts: (exhibitId: string) => [...contractKeys.all, 'exhibitAuthorize', exhibitId] as const,
};

export const exhibitQuery = (api: ApiClient, exhibitId: string) =>
  queryOptions({
    queryKey: authorizeKeys.exhibit(exhibitId),
    queryFn: ({ signal }) =>
      api.call(
        exhibitEndpoints.byId,
        { params: { presentableId: exhibitId }, query: { isLoadPolicyInfo: 1 } },
        { signal },
      ),
  });

export const nodeQuery = (api: ApiClient, nodeId: number) =>
  queryOptions({
    queryKey: authorizeKeys.node(nodeId),
    queryFn: ({ signal }) => api.call(nodeEndpoints.byId, { params: { nodeId } }, { signal }),
  });

/** errCode 0 whether or not the caller is authorised; `isAuth` says which. */
export const authResultQuery = (api: ApiClient, nodeId: number, exhibitId: string, contractsState: string) =>
  queryOptions({
    queryKey: authorizeKeys.auth(nodeId, exhibitId, contractsState),
    queryFn: ({ signal }) =>
      api.call(
        exhibitAuthEndpoints.exhibit,
        { params: { nodeId, exhibitId, type: 'result' }, query: {} },
        { signal, noRedirect: true },
      ),
  });

/** The caller's contracts on the exhibit with their policies (whose payments they offer). */
export const myContractsQuery = (api: ApiClient, exhibitId: string) =>
  queryOptions({
    queryKey: authorizeKeys.contracts(exhibitId),
    queryFn: ({ signal }) =>
      api.call(
        contractEndpoints.page,
        {
          query: {
            identityType: 2,
            subjectIds: exhibitId,
            subjectType: SubjectType.Exhibit,
            licenseeIdentityType: USER_LICENSEE,
            isLoadPolicyInfo: '1',
            skip: 0,
            limit: CONTRACTS_SHOWN,
          },
        },
        { signal, noRedirect: true },
      ),
  });

export const signExhibitPolicy = (api: ApiClient, exhibitId: string, policyId: string, userId: number) =>
  api.call(contractEndpoints.sign, {
    body: {
      subjectId: exhibitId,
      subjectType: SubjectType.Exhibit,
      policyId,
      licenseeId: userId,
      licenseeIdentityType: USER_LICENSEE,
    },
  });
