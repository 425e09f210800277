import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from './schema';
import { SEARCH_GRAMS_FUNCTION, searchGrams } from './search-grams';

export const SQLITE_FILE_NAME = 'tessera.db';
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a statement for every query; preparing costs as much as running a simple one.
 * Statements are kept per SQL text instead (queries run one at a time on this connection).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Page cache per connection (negative: KiB): the market's search tables and indexes stay in memory. */
const CACHE_KIB = 64 * 1024;
/** Reads through a memory map up to this size, without copying pages into the cache first. */
const MMAP_BYTES = 256 * 1024 * 1024;

/**
 * The embedded database: one file, WAL journal (readers never wait for the writer), foreign keys on,
 * and the function the search triggers call (migration 0011).
 */
export function openSqlite(file: string): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${CACHE_KIB}`);
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  // Sorts and IN lists of a query live in memory, not in temporary files.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.function(SEARCH_GRAMS_FUNCTION, { deterministic: true }, (text: unknown) => searchGrams(String(text)));
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}
