import { PostgresAdapter, type Kysely } from 'kysely';
import { join } from 'node:path';
import type { Config } from '../config';
import { openPostgres } from './postgres';
import type { Database } from './schema';
import { SQLITE_FILE_NAME, openSqlite } from './sqlite';

export type { Database } from './schema';
export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

/** PostgreSQL when DATABASE_URL is set, else the SQLite file in DATA_DIR (with the default readers and heavy-read limit unless told). */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'sqliteReaders' | 'postgresHeavyReads'>>,
): Db {
  return config.databaseUrl === null
    ? openSqlite(join(config.dataDir, SQLITE_FILE_NAME), config.sqliteReaders)
    : openPostgres(config.databaseUrl, { heavyReads: config.postgresHeavyReads });
}

export function dialectOf<DB>(db: Kysely<DB>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Where the data lives, for log lines (never the password). */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl === null) return `SQLite ${join(config.dataDir, SQLITE_FILE_NAME)}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
