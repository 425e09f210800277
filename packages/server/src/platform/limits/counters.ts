import type { Db } from '../db/database';
import type { Row } from '../db/schema';

export type AttemptCounterRow = Row<'login_attempts'>;

/**
 * Counters of attempts per key in a time window (table login_attempts, named after its first use),
 * shared by every instance through the database. Each limit keeps its keys apart by a prefix
 * ('user:', 'ip:', 'register-ip:', …).
 */
export class AttemptCounterRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findMany(keys: readonly string[]): Promise<AttemptCounterRow[]> {
    return this.#db
      .selectFrom('login_attempts')
      .selectAll()
      .where('key', 'in', [...keys])
      .execute();
  }

  /**
   * Counts one attempt in a single statement, so that concurrent attempts on several instances
   * all count. A window that started at `staleBefore` or earlier starts over. Answers the count.
   */
  async addAttempt(key: string, now: string, staleBefore: string): Promise<number> {
    const row = await this.#db
      .insertInto('login_attempts')
      .values({ key, failures: 1, windowStart: now, blockedUntil: '' })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => {
          const stale = eb(eb.ref('login_attempts.windowStart'), '<=', staleBefore);
          return {
            failures: eb
              .case()
              .when(stale)
              .then(1)
              .else(eb(eb.ref('login_attempts.failures'), '+', 1))
              .end(),
            windowStart: eb.case().when(stale).then(now).else(eb.ref('login_attempts.windowStart')).end(),
          };
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    return row.failures;
  }

  block(key: string, until: string): Promise<unknown> {
    return this.#db.updateTable('login_attempts').set({ blockedUntil: until }).where('key', '=', key).execute();
  }

  clear(key: string): Promise<unknown> {
    return this.#db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }
}
