// A fresh, migrated database per test app: a temporary SQLite file, or, when DATABASE_URL is set,
// a PostgreSQL schema of its own (so test files run in parallel on one database server).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db, DialectName } from '../platform/db/database';
import { MIGRATIONS } from '../modules/manifest';
import { migrateToLatest } from '../platform/db/migrate';
import { openPostgres } from '../platform/db/postgres';
import { SQLITE_FILE_NAME, openSqlite } from '../platform/db/sqlite';
import { onPostgresServer } from './postgres-server';

export { onPostgresServer } from './postgres-server';

export type TestDatabase = {
  db: Db;
  dialect: DialectName;
  /** The SQLite file, or the PostgreSQL schema. */
  location: string;
  /** Removes what was created; call after the database was closed. */
  dispose(): Promise<void>;
};

export function testDatabaseUrl(): string | null {
  const url = process.env.DATABASE_URL?.trim();
  return url ? url : null;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  let test: TestDatabase;
  if (url === null) {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-test-'));
    const file = join(dir, SQLITE_FILE_NAME);
    test = {
      db: openSqlite(file),
      dialect: 'sqlite',
      location: file,
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    };
  } else {
    const schema = `test_${randomBytes(8).toString('hex')}`;
    await onPostgresServer(url, `create schema ${schema}`);
    test = {
      db: openPostgres(url, { schema, maxConnections: 4 }),
      dialect: 'postgres',
      location: schema,
      dispose: async () => void (await onPostgresServer(url, `drop schema if exists ${schema} cascade`)),
    };
  }
  try {
    await migrateToLatest(test.db, MIGRATIONS);
  } catch (error) {
    await test.db.destroy();
    await test.dispose();
    throw error;
  }
  return test;
}
