// Signing contracts (DOMAIN §3.6 steps 1–3, §4.3): preconditions, audiences, idempotence, creation and
// initialisation in one transaction. Built by the signing work (issue 12).
import type { Clock } from '../../platform/clock';
import type { IdentityService } from '../identity';
import type { PolicyCatalog } from '../policies';
import type { ResourceQueries } from '../resources';
import type { ContractRepo } from './repo';

export type ContractServiceDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  resources: ResourceQueries;
  identity: Pick<IdentityService, 'resolveUser'>;
  clock: Clock;
  utcOffsetMinutes: number;
};

export class ContractService {
  readonly #deps: ContractServiceDeps;

  constructor(deps: ContractServiceDeps) {
    this.#deps = deps;
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }
}
