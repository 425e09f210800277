// The time events scheduler (DOMAIN §2.15, §3.6): every instance polls due rows, takes them with
// leases (FOR UPDATE SKIP LOCKED on PostgreSQL) and fires each in its own transaction. Built by the
// scheduler work (issue 12).
import type { Clock } from '../../platform/clock';
import type { PolicyCatalog } from '../policies';
import type { ContractRepo } from './repo';

export type ContractSchedulerDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  clock: Clock;
  utcOffsetMinutes: number;
};

export class ContractScheduler {
  readonly #deps: ContractSchedulerDeps;

  constructor(deps: ContractSchedulerDeps) {
    this.#deps = deps;
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }

  /** Background polling while the app serves. */
  start(): void {}

  async stop(): Promise<void> {}
}
