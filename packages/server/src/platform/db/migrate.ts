// Applying migrations: the platform's and every module's (the manifest gathers them, see platform/modules.ts).
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from './database';

/**
 * On PostgreSQL the migrator must look for its own tables in the schema this connection works in:
 * it otherwise finds them by name in any schema of the database (another application's, or another
 * test's) and then fails to use tables that are not on its search path.
 */
async function migrationTableSchema<DB>(db: Kysely<DB>): Promise<string | undefined> {
  if (dialectOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Applies the pending migrations; answers the names applied now. Concurrent starts on PostgreSQL wait on Kysely's lock. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  migrations: Readonly<Record<string, Migration>>,
): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: await migrationTableSchema(db),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const cause = error instanceof Error ? error : new Error(String(error ?? 'unknown error'));
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${cause.message}`, { cause });
  }
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
