import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { testDatabaseUrl } from '../../testing/database';
import { ConfigError, loadConfig } from '../config';
import { ConcurrencyLimit, heavyRead, heavyReadLimitOf, type HeavyRead } from './heavy-reads';
import { openPostgres } from './postgres';
import type { Database } from './schema';

/** A deferred task: started when the limit lets it, finished when the test says. */
function task() {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  let started = false;
  const run = () => {
    started = true;
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { run, finish: (value: string) => finish(value), fail: (error: Error) => fail(error), started: () => started };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('a concurrency limit', () => {
  it('runs at most its limit at once, and the others in the order they came', async () => {
    const limit = new ConcurrencyLimit(2);
    const tasks = [task(), task(), task(), task()];
    const results = Promise.allSettled(tasks.map((one) => limit.run(one.run)));
    await settle();
    expect(tasks.map((one) => one.started())).toEqual([true, true, false, false]);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);

    tasks[1]?.finish('b');
    await settle();
    expect(tasks.map((one) => one.started())).toEqual([true, true, true, false]);
    tasks[0]?.fail(new Error('a failed'));
    await settle();
    expect(tasks[3]?.started()).toBe(true);
    tasks[2]?.finish('c');
    tasks[3]?.finish('d');
    await expect(results).resolves.toEqual([
      { status: 'rejected', reason: new Error('a failed') },
      { status: 'fulfilled', value: 'b' },
      { status: 'fulfilled', value: 'c' },
      { status: 'fulfilled', value: 'd' },
    ]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('refuses a limit below one', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
  });

  it('is read from POSTGRES_HEAVY_READS, the cores but one unless told', () => {
    expect(loadConfig({ POSTGRES_HEAVY_READS: '3' }).postgresHeavyReads).toBe(3);
    expect(loadConfig({}).postgresHeavyReads).toBeGreaterThanOrEqual(1);
    expect(loadConfig({}).postgresHeavyReads).toBeLessThanOrEqual(4);
    for (const wrong of ['0', 'some', '65']) {
      expect(() => loadConfig({ POSTGRES_HEAVY_READS: wrong })).toThrow(ConfigError);
    }
  });
});

const url = testDatabaseUrl();

describe.skipIf(url === null)('heavy reads on PostgreSQL', () => {
  const opened: Kysely<Database>[] = [];
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.destroy();
  });

  const open = (heavyReads: number) => {
    const db = openPostgres(url as string, { heavyReads, maxConnections: 4 });
    opened.push(db);
    return db;
  };
  const read = <Row>(db: Kysely<Database>, query: RawBuilder<Row>): HeavyRead<Row> => ({
    compile: () => query.compile(db),
    execute: async () => (await query.execute(db)).rows,
  });
  // A key of this test's own, so parallel test files never share it.
  const key = Math.floor(Math.random() * 1_000_000_000);

  it('wait their turn beyond the limit, while a transaction and ordinary queries do not', async () => {
    const db = open(1);
    const limit = heavyReadLimitOf(db) as ConcurrencyLimit;
    const holder = open(1);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;

    const blocked = heavyRead(
      db,
      read(db, sql<{ done: number }>`select 1 as done from pg_advisory_xact_lock(${key}) as l`),
    );
    const queued = heavyRead(db, read(db, sql<{ n: number }>`select 2 as n`));
    await settle();
    expect([limit.running, limit.waiting]).toEqual([1, 1]);

    // A transaction's heavy read, and any ordinary query, run at once.
    const inTransaction = await db
      .transaction()
      .execute((trx) => heavyRead(trx, read(trx, sql<{ n: number }>`select 3 as n`)));
    expect(inTransaction).toEqual([{ n: 3 }]);
    expect((await sql<{ n: number }>`select 4 as n`.execute(db)).rows).toEqual([{ n: 4 }]);
    expect(limit.waiting).toBe(1);

    release();
    await holding;
    expect(await blocked).toEqual([{ done: 1 }]);
    expect(await queued).toEqual([{ n: 2 }]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });
});
