// The only code that writes the contracts tables' rows one by one: contracts, their transition
// records and their scheduled time events. Reads for lists live in reads-repo.ts, the scheduler's
// claims in scheduler-repo.ts.
import type { Db } from '../../platform/db/database';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';

export type ContractRow = Row<'contracts'>;
export type TransitionRecordRow = Row<'contract_transition_records'>;
export type ScheduledEventRow = Row<'contract_scheduled_events'>;

/** contract_scheduled_events.status */
export const ScheduledEventStatus = { Waiting: 1, Fired: 2, Cancelled: 3, Failed: 4 } as const;

export class ContractRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get db(): Db {
    return this.#db;
  }

  inTransaction<T>(work: (repo: ContractRepo, trx: Db) => Promise<T>): Promise<T> {
    if (this.#db.isTransaction) return work(this, this.#db);
    return this.#db.transaction().execute((trx) => work(new ContractRepo(trx), trx));
  }

  /** The same repo in a transaction someone else opened. */
  within(trx: Db): ContractRepo {
    return new ContractRepo(trx);
  }

  async insertContract(row: NewRow<'contracts'>): Promise<void> {
    await this.#db.insertInto('contracts').values(row).execute();
  }

  find(contractId: string): Promise<ContractRow | undefined> {
    return this.#db.selectFrom('contracts').selectAll().where('contractId', '=', contractId).executeTakeFirst();
  }

  async findMany(contractIds: readonly string[]): Promise<ContractRow[]> {
    if (contractIds.length === 0) return [];
    return this.#db
      .selectFrom('contracts')
      .selectAll()
      .where('contractId', 'in', [...contractIds])
      .execute();
  }

  /**
   * The contract, locked for the rest of the transaction: the first statement writes its row, which
   * holds the row lock on PostgreSQL and the writer lock on SQLite, so events of one contract queue.
   */
  async lock(contractId: string): Promise<ContractRow | undefined> {
    if (!this.#db.isTransaction) throw new Error('a contract is locked inside a transaction');
    await this.#db
      .updateTable('contracts')
      .set((eb) => ({ updateDate: eb.ref('updateDate') }))
      .where('contractId', '=', contractId)
      .execute();
    return this.find(contractId);
  }

  /** The live contract (status 0 or 2) for this subject, licensee and policy, if any. */
  findLive(key: {
    subjectId: string;
    subjectType: number;
    licenseeId: string;
    licenseeIdentityType: number;
    policyId: string;
  }): Promise<ContractRow | undefined> {
    return this.#db
      .selectFrom('contracts')
      .selectAll()
      .where('subjectId', '=', key.subjectId)
      .where('subjectType', '=', key.subjectType)
      .where('licenseeId', '=', key.licenseeId)
      .where('licenseeIdentityType', '=', key.licenseeIdentityType)
      .where('policyId', '=', key.policyId)
      .where('status', '<>', 1)
      .executeTakeFirst();
  }

  /** Whether the licensee owner already has a live default contract of this identity on the subject. */
  async hasLiveDefault(
    key: Pick<ContractRow, 'subjectId' | 'subjectType' | 'licenseeOwnerId' | 'licenseeIdentityType'>,
  ) {
    const row = await this.#db
      .selectFrom('contracts')
      .select('contractId')
      .where('subjectId', '=', key.subjectId)
      .where('subjectType', '=', key.subjectType)
      .where('licenseeOwnerId', '=', key.licenseeOwnerId)
      .where('licenseeIdentityType', '=', key.licenseeIdentityType)
      .where('status', '<>', 1)
      .where('isDefault', '<>', 0)
      .executeTakeFirst();
    return row !== undefined;
  }

  async updateContract(contractId: string, changes: RowUpdate<'contracts'>): Promise<void> {
    await this.#db.updateTable('contracts').set(changes).where('contractId', '=', contractId).execute();
  }

  /** The next position in the contract's history. */
  async nextRecordSeq(contractId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('contract_transition_records')
      .select((eb) => eb.fn.max('seq').as('last'))
      .where('contractId', '=', contractId)
      .executeTakeFirst();
    const last = row?.last;
    return last === null || last === undefined ? 0 : Number(last) + 1;
  }

  async insertRecord(row: NewRow<'contract_transition_records'>): Promise<void> {
    await this.#db.insertInto('contract_transition_records').values(row).execute();
  }

  /** Cancels every waiting event of the contract (a new state entry replaces them). */
  async cancelWaitingEvents(contractId: string, now: string): Promise<void> {
    await this.#db
      .updateTable('contract_scheduled_events')
      .set({ status: ScheduledEventStatus.Cancelled, updateDate: now, lockedUntil: '' })
      .where('contractId', '=', contractId)
      .where('status', '=', ScheduledEventStatus.Waiting)
      .execute();
  }

  async insertScheduledEvents(rows: readonly NewRow<'contract_scheduled_events'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db
      .insertInto('contract_scheduled_events')
      .values([...rows])
      .execute();
  }
}
