import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { heavyRead } from './heavy-reads';
import { openSqlite, READ_PRAGMAS, sqliteReadersOf } from './sqlite';
import { ConfigError, loadConfig } from '../config';
import { ReaderClosedError, SqliteReaders } from './sqlite-readers';
import type { Database } from './schema';

type Scratch = { n: number; word: string };
const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];

function scratchFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-readers-'));
  dirs.push(dir);
  return join(dir, 'readers.db');
}

async function scratchDb(readers: number): Promise<Kysely<Database>> {
  const db = openSqlite(scratchFile(), readers);
  closers.push(() => db.destroy());
  await sql`create table scratch (n integer primary key, word text not null)`.execute(db);
  await sql`insert into scratch (n, word) values (1, 'one'), (2, 'two'), (3, 'three')`.execute(db);
  return db;
}

/** The scratch table through the query builder (it is not in the app's schema). */
const scratch = (db: Kysely<Database>) =>
  (db as unknown as Kysely<{ scratch: Scratch }>).selectFrom('scratch').selectAll().orderBy('n');

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('reads on SQLite reader threads', () => {
  it('answer what the main connection answers, and see what it has just written', async () => {
    const db = await scratchDb(1);
    const readers = sqliteReadersOf(db) as SqliteReaders;
    expect(await heavyRead(db, scratch(db))).toEqual(await scratch(db).execute());
    await sql`insert into scratch (n, word) values (4, 'four')`.execute(db);
    expect((await heavyRead(db, scratch(db))).map((row) => row.word)).toEqual(['one', 'two', 'three', 'four']);
    expect(readers.answered).toBe(2);
  });

  it('pass a statement error on, and keep reading after it', async () => {
    const db = await scratchDb(1);
    const broken = { compile: () => sql`select nope from scratch`.compile(db), execute: () => Promise.resolve([]) };
    await expect(heavyRead(db, broken)).rejects.toThrow(/no such column: nope/);
    expect(await heavyRead(db, scratch(db))).toHaveLength(3);
  });

  it('leave the event loop free: the main connection answers while a reader is busy', async () => {
    const db = await scratchDb(0);
    const gate = new SharedArrayBuffer(4);
    const readers = new SqliteReaders(join(dirs[0] as string, 'readers.db'), 1, READ_PRAGMAS, gate);
    closers.unshift(() => readers.close());
    let heavyDone = false;
    const heavy = readers.all(sql<{ held: number }>`select reader_gate() as held`.compile(db)).then((rows) => {
      heavyDone = true;
      return rows;
    });
    // The main thread reads and answers while the reader's statement is held.
    expect(await scratch(db).execute()).toHaveLength(3);
    expect(await heavyRead(db, scratch(db))).toHaveLength(3);
    expect(heavyDone).toBe(false);
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    expect(await heavy).toEqual([{ held: 1 }]);
  });

  it('start a second reader when the first is busy, up to the count', async () => {
    const db = await scratchDb(0);
    const gate = new SharedArrayBuffer(4);
    const readers = new SqliteReaders(join(dirs[0] as string, 'readers.db'), 2, READ_PRAGMAS, gate);
    closers.unshift(() => readers.close());
    const held = readers.all(sql`select reader_gate()`.compile(db));
    // The first reader is held at the gate: only a second reader can answer this one.
    expect(await readers.all(scratch(db).compile())).toHaveLength(3);
    Atomics.store(new Int32Array(gate), 0, 1);
    Atomics.notify(new Int32Array(gate), 0);
    await held;
  });

  it('refuse reads once closed', async () => {
    const db = await scratchDb(1);
    const readers = sqliteReadersOf(db) as SqliteReaders;
    await readers.close();
    await expect(heavyRead(db, scratch(db))).rejects.toBeInstanceOf(ReaderClosedError);
  });

  it('run where any query runs when the database has no readers', async () => {
    const db = await scratchDb(0);
    expect(sqliteReadersOf(db)).toBeUndefined();
    expect(await heavyRead(db, scratch(db))).toHaveLength(3);
  });

  it('count the cores but one, at most four, unless SQLITE_READERS says otherwise', () => {
    expect(loadConfig({ SQLITE_READERS: '0' }).sqliteReaders).toBe(0);
    expect(loadConfig({ SQLITE_READERS: '3' }).sqliteReaders).toBe(3);
    expect(loadConfig({}).sqliteReaders).toBeGreaterThanOrEqual(1);
    expect(loadConfig({}).sqliteReaders).toBeLessThanOrEqual(4);
    for (const wrong of ['many', '-1', '9']) {
      expect(() => loadConfig({ SQLITE_READERS: wrong })).toThrow(ConfigError);
    }
  });
});
