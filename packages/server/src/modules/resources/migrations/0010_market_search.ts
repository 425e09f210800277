// The market at scale (bench/market.ts): the web's default order (updateDate) gets an index, the
// type index covers the market's status, and keyword search gets an index of the search text. SQLite: an FTS5 table with the trigram tokenizer,
// kept in step with resources.searchText by triggers (a small table maps each resource to a stable
// FTS row id; resources have no integer key, and their implicit rowids may change on VACUUM).
// PostgreSQL: a pg_trgm GIN index, which LIKE '%word%' uses by itself, when the extension can be
// had; without it searches stay correct, only slower. Existing rows are indexed here.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../../../platform/db/database';

async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`create table resource_search_rows (
    "searchRowId" integer primary key,
    "resourceId" text not null unique references resources("resourceId") on delete cascade
  )`.execute(db);
  // case_sensitive 1: the text and the keywords are lower-cased by the server already, so a phrase
  // match is exactly the substring match LIKE makes.
  await sql`create virtual table resource_search using fts5("searchText", tokenize = 'trigram case_sensitive 1')`.execute(
    db,
  );
  await sql`create trigger resource_search_insert after insert on resources begin
    insert into resource_search_rows ("resourceId") values (new."resourceId");
    insert into resource_search (rowid, "searchText") values ((select "searchRowId" from resource_search_rows where "resourceId" = new."resourceId"), new."searchText");
  end`.execute(db);
  await sql`create trigger resource_search_update after update of "searchText" on resources begin
    update resource_search set "searchText" = new."searchText" where rowid = (select "searchRowId" from resource_search_rows where "resourceId" = new."resourceId");
  end`.execute(db);
  await sql`create trigger resource_search_delete before delete on resources begin
    delete from resource_search where rowid = (select "searchRowId" from resource_search_rows where "resourceId" = old."resourceId");
  end`.execute(db);
  await sql`insert into resource_search_rows ("resourceId") select "resourceId" from resources order by "resourceId"`.execute(
    db,
  );
  await sql`insert into resource_search (rowid, "searchText")
    select rows."searchRowId", resources."searchText" from resource_search_rows rows join resources on resources."resourceId" = rows."resourceId"`.execute(
    db,
  );
}

/** The schema pg_trgm lives in, installing it when this role may; null when it cannot be had. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const existing = await installed();
  if (existing !== null) return existing;
  // Migrations run in one transaction: a refused CREATE EXTENSION must not abort it.
  await sql`savepoint pg_trgm_install`.execute(db);
  try {
    // In public, not in the connection's schema: dropping that schema would drop the extension,
    // and with it the index of every other schema using it.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`release savepoint pg_trgm_install`.execute(db);
  } catch {
    // Not available, or not allowed for this role, or created at the same moment by another start.
    await sql`rollback to savepoint pg_trgm_install`.execute(db);
  }
  return installed();
}

async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  if (schema === null) return;
  // Qualified: the connection's search path need not include the extension's schema.
  await sql`create index resources_search_trgm on resources using gin ("searchText" ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  );
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('resources_market_updated')
    .on('resources')
    .columns(['status', 'isFrozen', 'updateDate'])
    .execute();
  // A type filter's count is answered from the index alone.
  await db.schema.dropIndex('resources_type_code').execute();
  await db.schema
    .createIndex('resources_type_code')
    .on('resources')
    .columns(['resourceTypeCode', 'status', 'isFrozen'])
    .execute();
  if (dialectOf(db) === 'postgres') await postgresSearch(db);
  else await sqliteSearch(db);
}

/** Back to 0009 (the extension stays: other schemas of the database may use it). */
async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await db.schema.dropIndex('resources_search_trgm').ifExists().execute();
  } else {
    for (const trigger of ['resource_search_insert', 'resource_search_update', 'resource_search_delete'])
      await sql`drop trigger ${sql.id(trigger)}`.execute(db);
    await sql`drop table resource_search`.execute(db);
    await sql`drop table resource_search_rows`.execute(db);
  }
  await db.schema.dropIndex('resources_type_code').execute();
  await db.schema.createIndex('resources_type_code').on('resources').columns(['resourceTypeCode', 'status']).execute();
  await db.schema.dropIndex('resources_market_updated').execute();
}

export const marketSearch: Migration = { up, down };
