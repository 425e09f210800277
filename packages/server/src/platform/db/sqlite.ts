import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { BoundedMap } from '../bounded-map';
import type { Database } from './schema';
import { SEARCH_GRAMS_FUNCTION, searchGrams } from './search-grams';
import { defaultReaderCount, SqliteReaders } from './sqlite-readers';

export const SQLITE_FILE_NAME = 'tessera.db';
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares a statement for every query; preparing costs as much as running a simple one.
 * Statements are kept per SQL text instead (queries run one at a time on this connection).
 */
function withStatementCache(sqlite: BetterSqlite3.Database, readers: SqliteReaders | null): SqliteDatabase {
  const statements = new BoundedMap<string, SqliteStatement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => {
      void readers?.close();
      sqlite.close();
    },
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
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

/** What every connection to the file sets for reading, the main one and the readers alike. */
export const READ_PRAGMAS = [
  'busy_timeout = 5000',
  `cache_size = -${CACHE_KIB}`,
  `mmap_size = ${MMAP_BYTES}`,
  // Sorts and IN lists of a query live in memory, not in temporary files.
  'temp_store = MEMORY',
];

/** The reader threads of each embedded database (sqlite-readers.ts). */
const readersOf = new WeakMap<object, SqliteReaders>();

/**
 * The embedded database: one file, WAL journal (readers never wait for the writer), foreign keys on,
 * the function the search triggers call (migration 0011), and reader threads for heavy reads.
 */
export function openSqlite(file: string, readers = defaultReaderCount()): Kysely<Database> {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  for (const pragma of READ_PRAGMAS) sqlite.pragma(pragma);
  sqlite.function(SEARCH_GRAMS_FUNCTION, { deterministic: true }, (text: unknown) => searchGrams(String(text)));
  const pool = readers > 0 ? new SqliteReaders(file, readers, READ_PRAGMAS) : null;
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, pool) }) });
  if (pool) readersOf.set(db, pool);
  return db;
}

/** The reader threads of an embedded database opened by openSqlite, if it has them. */
export const sqliteReadersOf = (db: object): SqliteReaders | undefined => readersOf.get(db);
