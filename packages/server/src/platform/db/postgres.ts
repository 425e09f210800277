import { Kysely, PostgresDialect } from 'kysely';
import type Pg from 'pg';
import { loadOnUse } from '../load-on-use';
import { defaultPostgresHeavyReads, limitHeavyReads } from './heavy-reads';
import type { Database } from './schema';

const loadPg = loadOnUse<typeof Pg>('pg');

export type PostgresOptions = {
  /** Search path for every pooled connection (tests give each app its own schema). */
  schema?: string;
  maxConnections?: number;
  /** How many heavy reads run at once (heavy-reads.ts). */
  heavyReads?: number;
};

export function openPostgres(
  url: string,
  { schema, maxConnections = 10, heavyReads = defaultPostgresHeavyReads() }: PostgresOptions = {},
): Kysely<Database> {
  const pg = loadPg();
  // int8 (bigint: counts, money in cents) arrives as a JS number instead of a string.
  pg.types.setTypeParser(pg.types.builtins.INT8, Number);
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    // A startup parameter rather than a SET after connecting: it is in force before the first query.
    options: schema === undefined ? undefined : `-c search_path=${schema}`,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  limitHeavyReads(db, heavyReads);
  return db;
}
