// The scheduler's statements over contract_scheduled_events (DOMAIN §2.15): claiming due rows with
// leases, marking what became of each, and the operators' reads of contracts and their events.
import { dialectOf, type Db, type DialectName } from '../../platform/db/database';
import { ScheduledEventStatus, type ContractRow, type ScheduledEventRow, type TransitionRecordRow } from './repo';

export type ClaimOptions = {
  now: Date;
  /** The lease: no other instance takes the rows before this moment. */
  leaseUntil: Date;
  limit: number;
};

export class SchedulerRepo {
  readonly #db: Db;
  readonly #dialect: DialectName;

  constructor(db: Db) {
    this.#db = db;
    this.#dialect = dialectOf(db);
  }

  /** The same repo in a transaction someone else opened. */
  within(trx: Db): SchedulerRepo {
    return new SchedulerRepo(trx);
  }

  /**
   * Takes up to `limit` due rows (waiting, runAfter ≤ now, no live lease) with a lease, in one
   * statement; on PostgreSQL rows another instance is taking are skipped (FOR UPDATE SKIP LOCKED),
   * on SQLite the statement holds the writer lock. A row is due only when it is its contract's first
   * waiting row (by due date, then text order), so events of one contract due at one moment fire in
   * order and never on two instances at once.
   */
  async claimDue({ now, leaseUntil, limit }: ClaimOptions): Promise<ScheduledEventRow[]> {
    const at = now.toISOString();
    const due = this.#db
      .selectFrom('contract_scheduled_events as due')
      .select('due.scheduleId')
      .where('due.status', '=', ScheduledEventStatus.Waiting)
      .where('due.runAfter', '<=', at)
      // '' (no lease) sorts before every date.
      .where('due.lockedUntil', '<=', at)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('contract_scheduled_events as earlier')
              .select('earlier.scheduleId')
              .whereRef('earlier.contractId', '=', 'due.contractId')
              .where('earlier.status', '=', ScheduledEventStatus.Waiting)
              .where((eb) =>
                eb.or([
                  eb('earlier.dueDate', '<', eb.ref('due.dueDate')),
                  eb.and([
                    eb('earlier.dueDate', '=', eb.ref('due.dueDate')),
                    eb('earlier.eventOrder', '<', eb.ref('due.eventOrder')),
                  ]),
                ]),
              ),
          ),
        ),
      )
      .orderBy('due.runAfter')
      .orderBy('due.scheduleId')
      .limit(limit);
    const rows = await this.#db
      .updateTable('contract_scheduled_events')
      .set({ lockedUntil: leaseUntil.toISOString() })
      .where('scheduleId', 'in', this.#dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returningAll()
      .execute();
    return rows.sort((a, b) => compareText(a.runAfter, b.runAfter) || compareText(a.scheduleId, b.scheduleId));
  }

  /** The policy of each contract among `contractIds`, by contract id. */
  async policyIdsOf(contractIds: readonly string[]): Promise<Map<string, string>> {
    if (contractIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('contracts')
      .select(['contractId', 'policyId'])
      .where('contractId', 'in', [...new Set(contractIds)])
      .execute();
    return new Map(rows.map((row) => [row.contractId, row.policyId]));
  }

  find(scheduleId: string): Promise<ScheduledEventRow | undefined> {
    return this.#db
      .selectFrom('contract_scheduled_events')
      .selectAll()
      .where('scheduleId', '=', scheduleId)
      .executeTakeFirst();
  }

  async markFired(scheduleId: string, now: Date): Promise<void> {
    await this.#settle(scheduleId, { status: ScheduledEventStatus.Fired }, now);
  }

  /** The row will never fire; `reason` says why (for operators). */
  async cancel(scheduleId: string, reason: string, now: Date): Promise<void> {
    await this.#settle(scheduleId, { status: ScheduledEventStatus.Cancelled, lastError: reason }, now);
  }

  /** Gives the row up after its last failure. */
  async markFailed(scheduleId: string, attempts: number, lastError: string, now: Date): Promise<boolean> {
    return this.#settle(scheduleId, { status: ScheduledEventStatus.Failed, attempts, lastError }, now);
  }

  /** Tries the row again at `runAfter` (a back-off after a failure, or the real due date). */
  async retryAt(
    scheduleId: string,
    runAfter: Date,
    now: Date,
    failure?: { attempts: number; lastError: string },
  ): Promise<boolean> {
    return this.#settle(
      scheduleId,
      { status: ScheduledEventStatus.Waiting, runAfter: runAfter.toISOString(), ...failure },
      now,
    );
  }

  /** Updates a waiting row and drops its lease; false when it was no longer waiting. */
  async #settle(
    scheduleId: string,
    changes: { status: number; attempts?: number; lastError?: string; runAfter?: string },
    now: Date,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('contract_scheduled_events')
      .set({ ...changes, lockedUntil: '', updateDate: now.toISOString() })
      .where('scheduleId', '=', scheduleId)
      .where('status', '=', ScheduledEventStatus.Waiting)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** How many of the contract's transitions happened at `createDate` (a zero-time loop keeps adding). */
  async countRecordsAt(contractId: string, createDate: string): Promise<number> {
    const row = await this.#db
      .selectFrom('contract_transition_records')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('contractId', '=', contractId)
      .where('createDate', '=', createDate)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Operators: the newest contracts first, optionally of one status. */
  listContracts({ status, limit }: { status?: number; limit: number }): Promise<ContractRow[]> {
    let query = this.#db.selectFrom('contracts').selectAll();
    if (status !== undefined) query = query.where('status', '=', status);
    return query.orderBy('createDate', 'desc').orderBy('contractId', 'desc').limit(limit).execute();
  }

  /** Operators: the contract's last `limit` transition records, oldest first, and how many it has. */
  async recentRecords(contractId: string, limit: number): Promise<{ total: number; records: TransitionRecordRow[] }> {
    const records = await this.#db
      .selectFrom('contract_transition_records')
      .selectAll()
      .where('contractId', '=', contractId)
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    const total = records.length < limit ? records.length : Number((records[0]?.seq ?? 0) + 1);
    return { total, records: records.reverse() };
  }

  /** Operators: the events scheduled for the contract's current entry and those that failed. */
  eventsToShow(contract: Pick<ContractRow, 'contractId' | 'stateEntryRecordId'>): Promise<ScheduledEventRow[]> {
    return this.#db
      .selectFrom('contract_scheduled_events')
      .selectAll()
      .where('contractId', '=', contract.contractId)
      .where((eb) =>
        eb.or([
          eb('stateEnterRecordId', '=', contract.stateEntryRecordId),
          eb('status', '=', ScheduledEventStatus.Failed),
        ]),
      )
      .orderBy('dueDate')
      .orderBy('eventOrder')
      .orderBy('createDate')
      .execute();
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
