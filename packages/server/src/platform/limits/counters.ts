import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database';
import type { Row } from '../db/schema';

export type AttemptCounterRow = Row<'login_attempts'>;

/** One attempt to take: the key is blocked from `blockUntil` on when this attempt is its last. */
export type AttemptTake = { maxAttempts: number; now: string; staleBefore: string; blockUntil: string };

/**
 * Counters of attempts per key in a time window (table login_attempts, named after its first use),
 * shared by every instance through the database. Each limit keeps its keys apart by a prefix
 * ('user:', 'ip:', 'register-ip:', …). Invariant: a key is blocked exactly while its count has
 * reached its limit within the window.
 */
export class AttemptCounterRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  find(key: string): Promise<AttemptCounterRow | undefined> {
    return this.#db.selectFrom('login_attempts').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /**
   * Takes one attempt in a single statement, before the attempt is made, so that parallel attempts
   * queue on the row and never more than `maxAttempts` are taken in a window; the one that reaches the
   * limit blocks the key. A window that started at `staleBefore` or earlier, or whose block is over,
   * starts over. False when the key is blocked or its attempts are used up.
   */
  async take(key: string, { maxAttempts, now, staleBefore, blockUntil }: AttemptTake): Promise<boolean> {
    const windowStart = sql.ref('login_attempts.windowStart');
    const blockedUntil = sql.ref('login_attempts.blockedUntil');
    // Not blocked now ('' sorts first), and the window is over or ended with a block that is over.
    const startsOver = sql<SqlBool>`(${blockedUntil} <= ${now} and (${windowStart} <= ${staleBefore} or ${blockedUntil} <> ''))`;
    const row = await this.#db
      .insertInto('login_attempts')
      .values({ key, failures: 1, windowStart: now, blockedUntil: maxAttempts <= 1 ? blockUntil : '' })
      .onConflict((conflict) =>
        conflict
          .column('key')
          .doUpdateSet((eb) => {
            const count = eb
              .case()
              .when(startsOver)
              .then(1)
              .else(eb(eb.ref('login_attempts.failures'), '+', 1))
              .end();
            return {
              failures: count,
              windowStart: eb.case().when(startsOver).then(now).else(eb.ref('login_attempts.windowStart')).end(),
              blockedUntil: eb
                .case()
                .when(eb(count, '>=', maxAttempts))
                .then(blockUntil)
                .else('')
                .end(),
            };
          })
          .where((eb) =>
            eb.or([
              startsOver,
              eb.and([eb(eb.ref('login_attempts.failures'), '<', maxAttempts), eb(blockedUntil, '<=', now)]),
            ]),
          ),
      )
      .returning('failures')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives one attempt back (it did not count after all); the key is free again below its limit. */
  async giveBack(key: string, maxAttempts: number): Promise<void> {
    await this.#db
      .updateTable('login_attempts')
      .set((eb) => ({
        failures: eb('failures', '-', 1),
        blockedUntil: eb.case().when('failures', '<=', maxAttempts).then('').else(eb.ref('blockedUntil')).end(),
      }))
      .where('key', '=', key)
      .where('failures', '>', 0)
      .execute();
  }

  clear(key: string): Promise<unknown> {
    return this.#db.deleteFrom('login_attempts').where('key', '=', key).execute();
  }

  /** Removes the counters whose window started before `before` and that block nothing after `now`. */
  async sweep(before: string, now: string): Promise<number> {
    const result = await this.#db
      .deleteFrom('login_attempts')
      .where('windowStart', '<', before)
      .where('blockedUntil', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
