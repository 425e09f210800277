// Public surface of the auths module (DOMAIN §3.3, §5.1–§5.3, §5.6, §5.8): authorisation answers over
// the versions' dependency trees and the contracts they name. It owns no table: trees come from the
// versions module, contracts from the contracts module (listed before it).
import {
  ContractAuthStatus,
  ContractPartyIdentityType,
  ContractStatus,
  DEFAULT_LANGUAGE,
  SubjectType,
} from '@tessera/domain';
import { defineModule } from '../../platform/modules';
import type { Translator } from '../../platform/messages';
import type { ContractReads } from '../contracts';
import type { ResourceQueries } from '../resources';
import type { VersionTrees } from '../versions';
import { registerAuthRoutes } from './routes';
import { AuthService, type AuthContracts, type ContractFacts } from './service';

export type { AuthService } from './service';
export { groupVerdict, ResolvedTree, type FailedGroup, type ResolvedGroup, type ResolveEntry } from './chain';

type AuthNeeds = {
  versionTrees: VersionTrees;
  resourceQueries: ResourceQueries;
  contractReads: ContractReads;
  i18n: Translator;
};

/** The contracts module's reads as the checks need them. */
function authContracts(reads: ContractReads): AuthContracts {
  const factsOf = (views: Awaited<ReturnType<ContractReads['list']>>): ContractFacts[] =>
    views.map((view) => ({
      contractId: view.contractId ?? '',
      policyId: view.policyId ?? '',
      status: view.status ?? ContractStatus.Terminated,
      authStatus: view.authStatus ?? ContractAuthStatus.None,
    }));
  return {
    byIds: async (contractIds) => (contractIds.length === 0 ? [] : reads.repo.findMany(contractIds)),
    async heldByResource(callerId, subjectId, licenseeId) {
      const query = {
        subjectIds: subjectId,
        subjectType: SubjectType.Resource,
        licenseeId,
        licenseeIdentityType: ContractPartyIdentityType.Resource,
      };
      return factsOf(await reads.list(callerId, query, DEFAULT_LANGUAGE));
    },
    async heldByCaller(callerId, subjectId) {
      const query = { subjectIds: subjectId, subjectType: SubjectType.Resource };
      return factsOf(await reads.list(callerId, query, DEFAULT_LANGUAGE));
    },
  };
}

export const authsModule = defineModule({
  name: 'auths',
  services: (_context, { versionTrees, resourceQueries, contractReads, i18n }: AuthNeeds) => ({
    auths: new AuthService({
      trees: versionTrees,
      resources: resourceQueries,
      contracts: authContracts(contractReads),
      translator: i18n,
    }),
  }),
  routes: (app, { auths }) => registerAuthRoutes(app, auths),
});
