// Check and write under one lock: a limit on what a subject already holds (buckets per user, the
// storage quota, codes per address and per IP; later nodes per user, exhibits, signings) is checked in
// the transaction that writes, after that transaction took the subject's lock. Parallel requests of
// one subject then queue, and each one's check sees the writes of those before it. The lock is the
// subject's row in limit_locks, written first thing in the transaction: on PostgreSQL the upsert holds
// the row lock until commit or rollback (READ COMMITTED: each later statement sees what the previous
// holder committed); on SQLite the write takes the database's one writer lock before anything is read
// (other processes wait up to busy_timeout; this process's queries already run one at a time).
import type { Clock } from '../clock';
import type { Db } from '../db/database';

export class LimitLocks {
  readonly #db: Db;
  readonly #clock: Clock;

  constructor(db: Db, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /**
   * Runs `work` in one transaction that first takes the lock of each subject. `work` does every read
   * and write through the transaction it is given: a query on another connection would wait for the
   * lock this one holds (SQLite), or for a pool connection that waiters on the lock hold (PostgreSQL).
   * Inside a transaction already (`db` is one), the locks are taken in it.
   */
  run<T>(subjects: readonly string[], work: (trx: Db) => Promise<T>): Promise<T> {
    const locked = async (trx: Db): Promise<T> => {
      await lockSubjects(trx, subjects, this.#clock.now().toISOString());
      return work(trx);
    };
    return this.#db.isTransaction ? locked(this.#db) : this.#db.transaction().execute(locked);
  }

  /** Removes the rows of locks nobody took since `before` (housekeeping; a lock taken again makes a new row). */
  async sweep(before: string): Promise<number> {
    const result = await this.#db.deleteFrom('limit_locks').where('lockedAt', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/** Takes the subjects' locks in the open transaction `trx`, in one order (two callers never wait on each other). */
export async function lockSubjects(trx: Db, subjects: readonly string[], now: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('limit locks are taken inside a transaction');
  for (const subject of [...new Set(subjects)].sort()) {
    await trx
      .insertInto('limit_locks')
      .values({ subject, lockedAt: now })
      .onConflict((conflict) => conflict.column('subject').doUpdateSet({ lockedAt: now }))
      .execute();
  }
}
