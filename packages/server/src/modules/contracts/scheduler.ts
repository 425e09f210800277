// The time events scheduler (DOMAIN §2.15, §3.6, "ours"): every instance polls the scheduled-event
// table every 5 seconds, takes due rows with leases (FOR UPDATE SKIP LOCKED on PostgreSQL) and fires
// each in its own transaction under the contract's lock. The machine (@tessera/domain) judges the
// event and dates the new entry at the due date, so late events (downtime) fire at once without
// drift. Failures are tried again after 1, 2, 4 and 8 minutes; the 5th puts the contract in exception.
import {
  ContractStatus,
  applyEvent,
  isTimeTransition,
  stateOf,
  timeEventDueDate,
  type PolicyFsm,
} from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import { Poller } from '../../platform/poller';
import type { PolicyCatalog } from '../policies';
import { enterException } from './exceptions';
import { ScheduledEventStatus, type ContractRepo, type ContractRow, type ScheduledEventRow } from './repo';
import { SchedulerRepo } from './scheduler-repo';
import { writeStateEntry } from './state-entries';

export type ContractSchedulerDeps = {
  repo: ContractRepo;
  /** Where the policies' state machines come from (tests give one that fails). */
  policies: Pick<PolicyCatalog, 'wiresOf'>;
  clock: Clock;
  utcOffsetMinutes: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Between two polls of start(); 0: start() does not poll (config.timeEventsPollMs). */
  pollEveryMs?: number;
};

/** What one poll did with the rows it took. */
export type SchedulerRun = {
  /** Time events that moved their contract. */
  fired: number;
  /** Rows that will never fire: their contract left the entry, ended or is in exception. */
  cancelled: number;
  /** Rows that failed and will be tried again after the back-off. */
  retried: number;
  /** Rows given up after their last failure (their contract is now in exception). */
  failed: number;
  /** Rows the machine found not due yet (their due date was wrong): waiting for the right one. */
  postponed: number;
};

export const POLL_EVERY_MS = 5_000;
/** Rows taken per claim (one round). */
export const CLAIM_LIMIT = 100;
/**
 * Claims per poll: a chain of events due at once (catch-up after downtime, past TimeEvents) moves one
 * step per round; the bound keeps a poll finite, what is left waits for the next poll.
 */
export const MAX_ROUNDS_PER_POLL = 100;
/** Long enough for a claim's rows to be handled one by one; a crashed instance's rows wait this long. */
export const LEASE_MS = 2 * 60_000;
/** Back-off after the 1st, 2nd, 3rd and 4th failure; the 5th is the last. */
export const RETRY_AFTER_MINUTES = [1, 2, 4, 8] as const;
/**
 * A policy has at most 50 states, so a chain of transitions at one moment that is longer than twice
 * that is a zero-time loop (a past TimeEvent leading back to a state with another past TimeEvent):
 * it would fire for ever, so the contract goes to exception instead.
 */
export const MAX_TRANSITIONS_AT_ONE_MOMENT = 100;

type RowOutcome = keyof SchedulerRun | 'skipped';

const emptyRun = (): SchedulerRun => ({ fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 });

export class ContractScheduler {
  readonly #deps: ContractSchedulerDeps;
  readonly #events: SchedulerRepo;
  /** Polls never overlap within an instance. */
  readonly #poller = new Poller<SchedulerRun>(emptyRun);

  constructor(deps: ContractSchedulerDeps) {
    this.#deps = deps;
    this.#events = new SchedulerRepo(deps.repo.db);
  }

  /**
   * Polls at once (events due during a downtime), then every `pollEveryMs` (5 seconds by default)
   * while the app serves; never with 0.
   */
  start(): void {
    this.#poller.start(
      this.#deps.pollEveryMs ?? POLL_EVERY_MS,
      () => this.#poll(undefined),
      (error) => this.#deps.log.error({ err: error }, 'contract time events poll failed'),
    );
  }

  /** No new polls; waits for the one in progress. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /**
   * One poll: claims and fires what is due at `now` (the clock's time, read each round, when not
   * given), round after round until nothing is due or MAX_ROUNDS_PER_POLL. Waits for a poll in progress.
   */
  fireDue(now?: Date): Promise<SchedulerRun> {
    return this.#poller.run(() => this.#poll(now));
  }

  async #poll(at: Date | undefined): Promise<SchedulerRun> {
    const run = emptyRun();
    // Policies never change once stored: their machines are looked up once per poll.
    const fsms = new Map<string, PolicyFsm>();
    for (let round = 0; round < MAX_ROUNDS_PER_POLL && !this.#poller.stopped; round += 1) {
      const now = at ?? this.#deps.clock.now();
      const leaseUntil = new Date(now.getTime() + LEASE_MS);
      const claimed = await this.#events.claimDue({ now, leaseUntil, limit: CLAIM_LIMIT });
      if (claimed.length === 0) break;
      // Looked up before the rows' transactions: on SQLite a read on another connection would wait for them.
      const policyIds = await this.#events.policyIdsOf(claimed.map((row) => row.contractId));
      const lookupFailure = await this.#lookUpFsms([...new Set(policyIds.values())], fsms);
      for (const row of claimed) {
        const policyId = policyIds.get(row.contractId) ?? '';
        const fsm = fsms.get(policyId) ?? lookupFailure ?? new Error(`policy ${policyId} is not stored`);
        const outcome = await this.#handle(row, now, fsm);
        if (outcome !== 'skipped') run[outcome] += 1;
      }
    }
    return run;
  }

  /** Adds the machines of `policyIds` to `fsms`; answers the catalog's failure, if any. */
  async #lookUpFsms(policyIds: readonly string[], fsms: Map<string, PolicyFsm>): Promise<Error | null> {
    const missing = policyIds.filter((policyId) => !fsms.has(policyId));
    if (missing.length === 0) return null;
    try {
      const wires = await this.#deps.policies.wiresOf(missing, { isTranslate: false, language: 'en_US' });
      for (const [policyId, wire] of wires) fsms.set(policyId, wire.fsmDescriptionInfo as PolicyFsm);
      return null;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  async #handle(claimed: ScheduledEventRow, now: Date, fsm: PolicyFsm | Error): Promise<RowOutcome> {
    try {
      return await this.#deps.repo.inTransaction(async (repo, trx) => {
        const events = this.#events.within(trx);
        const contract = await repo.lock(claimed.contractId);
        // Read again under the contract's lock: another instance may have handled it after our lease ended.
        const row = await events.find(claimed.scheduleId);
        if (row?.status !== ScheduledEventStatus.Waiting) return 'skipped';
        const stale = staleReason(contract, row);
        if (stale !== null || !contract) {
          await events.cancel(row.scheduleId, stale ?? 'contractMissing', now);
          return 'cancelled';
        }
        if (fsm instanceof Error) throw fsm;
        const outcome = applyEvent(
          fsm,
          {
            status: contract.status as ContractStatus,
            fsmCurrentState: contract.fsmCurrentState,
            fsmStateEnterDate: new Date(contract.fsmStateEnterDate),
            entryId: contract.stateEntryRecordId,
            selfAccountId: '',
          },
          { type: 'time', eventId: row.eventId, entryId: row.stateEnterRecordId, now },
          this.#deps.utcOffsetMinutes,
        );
        if (!outcome.ok) {
          const dueDate = outcome.refusal.code === 'notDue' ? this.#dueDateOf(fsm, contract, row.eventId) : null;
          if (dueDate !== null && dueDate > now) {
            await events.retryAt(row.scheduleId, dueDate, now);
            return 'postponed';
          }
          await events.cancel(row.scheduleId, outcome.refusal.code, now);
          return 'cancelled';
        }
        if (outcome.record.createDate.toISOString() === contract.fsmStateEnterDate) {
          const atThisMoment = await events.countRecordsAt(contract.contractId, contract.fsmStateEnterDate);
          if (atThisMoment >= MAX_TRANSITIONS_AT_ONE_MOMENT) {
            await events.markFailed(row.scheduleId, row.attempts, 'zeroTimeLoop', now);
            await enterException(repo, contract, now);
            return 'failed';
          }
        }
        await events.markFired(row.scheduleId, now);
        await writeStateEntry(repo, contract, outcome, now);
        return 'fired';
      });
    } catch (error) {
      this.#deps.log.error(
        { err: error, scheduleId: claimed.scheduleId, contractId: claimed.contractId },
        'contract time event failed',
      );
      return this.#recordFailure(claimed, now, error);
    }
  }

  /** The event's due date in the contract's current entry, as the machine computes it (null: never). */
  #dueDateOf(fsm: PolicyFsm, contract: ContractRow, eventId: string): Date | null {
    const transition = stateOf(fsm, contract.fsmCurrentState).transitions.find((item) => item.eventId === eventId);
    if (!transition || !isTimeTransition(transition)) return null;
    return timeEventDueDate(transition, new Date(contract.fsmStateEnterDate), this.#deps.utcOffsetMinutes);
  }

  /** After a failure: back-off, or after the last attempt the row fails and its contract goes to exception. */
  async #recordFailure(claimed: ScheduledEventRow, now: Date, error: unknown): Promise<RowOutcome> {
    const attempts = claimed.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    try {
      const backOff = RETRY_AFTER_MINUTES[attempts - 1];
      if (backOff !== undefined) {
        const runAfter = new Date(now.getTime() + backOff * 60_000);
        return (await this.#events.retryAt(claimed.scheduleId, runAfter, now, { attempts, lastError }))
          ? 'retried'
          : 'skipped';
      }
      return await this.#deps.repo.inTransaction(async (repo, trx) => {
        const contract = await repo.lock(claimed.contractId);
        if (!(await this.#events.within(trx).markFailed(claimed.scheduleId, attempts, lastError, now)))
          return 'skipped';
        if (contract?.status === ContractStatus.InForce) await enterException(repo, contract, now);
        return 'failed';
      });
    } catch (recordError) {
      // The lease runs out and the row is taken again (this attempt is not counted).
      this.#deps.log.error(
        { err: recordError, scheduleId: claimed.scheduleId },
        'contract time event failure not recorded',
      );
      return 'skipped';
    }
  }
}

/** Why the row can no longer fire for this contract, or null when it may. */
function staleReason(contract: ContractRow | undefined, row: ScheduledEventRow): string | null {
  if (!contract) return 'contractMissing';
  if (contract.status !== ContractStatus.InForce) return 'notInForce';
  if (contract.stateEntryRecordId !== row.stateEnterRecordId) return 'staleEntry';
  return null;
}
