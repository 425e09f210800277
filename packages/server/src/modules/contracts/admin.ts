// What operators do to contracts (`tessera admin contract …`, DOMAIN §3.6 step 6): list and inspect
// them with their history and time events, set and clear an exception.
import { ContractStatus, ErrCode } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { PolicyCatalog } from '../policies';
import { enterException, leaveException, policyFsm } from './exceptions';
import type { ContractRepo, ContractRow, ScheduledEventRow, TransitionRecordRow } from './repo';
import { SchedulerRepo } from './scheduler-repo';

export type ContractAdminDeps = {
  repo: ContractRepo;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  clock: Clock;
  utcOffsetMinutes: number;
};

export type ContractDetails = {
  contract: ContractRow;
  /** How many transition records the contract has; `records` are the last ones, oldest first. */
  recordCount: number;
  records: TransitionRecordRow[];
  /** The current entry's time events and those that failed. */
  events: ScheduledEventRow[];
};

/** Transition records `show` prints. */
export const SHOWN_RECORDS = 20;

export class ContractAdmin {
  readonly #deps: ContractAdminDeps;
  readonly #reads: SchedulerRepo;

  constructor(deps: ContractAdminDeps) {
    this.#deps = deps;
    this.#reads = new SchedulerRepo(deps.repo.db);
  }

  /** The newest contracts first, optionally of one status (0 in force, 1 terminated, 2 exception). */
  list(filter: { status?: number; limit: number }): Promise<ContractRow[]> {
    return this.#reads.listContracts(filter);
  }

  async show(contractId: string): Promise<ContractDetails> {
    const contract = await this.#found(contractId);
    const { total, records } = await this.#reads.recentRecords(contractId, SHOWN_RECORDS);
    return { contract, recordCount: total, records, events: await this.#reads.eventsToShow(contract) };
  }

  /** The contract grants nothing and accepts no events until cleared; its waiting time events are cancelled. */
  async setException(contractId: string): Promise<ContractRow> {
    const now = this.#deps.clock.now();
    return this.#deps.repo.inTransaction(async (repo) => {
      const contract = await repo.lock(contractId);
      if (!contract) throw notFound();
      if (contract.status === ContractStatus.Terminated)
        throw new AppError(ErrCode.Business, 'contracts.exception.ended');
      if (contract.status === ContractStatus.Exception)
        throw new AppError(ErrCode.Business, 'contracts.exception.already');
      return enterException(repo, contract, now);
    });
  }

  /** Back in force in the state it was in; that entry's time events are scheduled again (see leaveException). */
  async clearException(contractId: string): Promise<ContractRow> {
    // The machine is looked up before the transaction: on SQLite a read outside it would wait for it.
    const fsm = await policyFsm(this.#deps.policies, (await this.#found(contractId)).policyId);
    const now = this.#deps.clock.now();
    return this.#deps.repo.inTransaction(async (repo) => {
      const contract = await repo.lock(contractId);
      if (!contract) throw notFound();
      if (contract.status !== ContractStatus.Exception) {
        throw new AppError(ErrCode.Business, 'contracts.exception.notSet');
      }
      return leaveException(repo, contract, fsm, now, this.#deps.utcOffsetMinutes);
    });
  }

  async #found(contractId: string): Promise<ContractRow> {
    const contract = await this.#deps.repo.find(contractId);
    if (!contract) throw notFound();
    return contract;
  }
}

const notFound = () => new AppError(ErrCode.Business, 'contracts.notFound');
