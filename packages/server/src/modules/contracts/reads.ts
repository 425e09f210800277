// Reading contracts (API.md §3.11): lists with every filter, detail, batch, suggestions, counts,
// transition records, isCanExecEvent. Built by the reads work (issue 12).
import type { Clock } from '../../platform/clock';
import type { PolicyCatalog } from '../policies';
import type { ContractRepo } from './repo';

export type ContractReadsDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  clock: Clock;
  utcOffsetMinutes: number;
};

export class ContractReads {
  readonly #deps: ContractReadsDeps;

  constructor(deps: ContractReadsDeps) {
    this.#deps = deps;
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }
}
