// The market at 100 000 resources (issue 15, bench/README.md): no page counts 85 000 rows per request.
// `resource_market_counts` holds, per type code, how many resources are online and how many offline
// (unfrozen: what other users' market lists show); `resource_market_state.generation` changes with every
// write to resources, their tags and their policy bindings, so a cached market page knows when it is
// out of date, across every instance. Both are kept by triggers, whoever writes (the server, the CLI,
// a bulk load).
// SQLite writes one at a time, so plain triggers are exact. PostgreSQL: deferred constraint triggers, run
// at commit, take the generation row first and the count rows after it; a committing transaction holds
// nothing else another one waits for, so parallel writers queue for a moment at commit and never deadlock,
// and a reader sees a write's rows, counts and generation together.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../../../platform/db/database';

/** Tables whose writes change what a market page shows. */
const WATCHED = ['resources', 'resource_tags', 'resource_policies'] as const;
const CHANGE_FUNCTION = 'tessera_market_change';

/** Wire status 1 / 4 of a row (`new` or `old`) as 0 or 1. */
const isOnline = (row: 'new' | 'old') => sql.raw(`(${row}.status = 1 and ${row}."isFrozen" = 0)`);
const isOffline = (row: 'new' | 'old') => sql.raw(`(${row}.status = 4 and ${row}."isFrozen" = 0)`);

async function createTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_market_counts')
    .addColumn('resourceTypeCode', 'text', (column) => column.primaryKey())
    .addColumn('online', 'integer', (column) => column.notNull())
    .addColumn('offline', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('resource_market_state')
    .addColumn('stateId', 'integer', (column) => column.primaryKey())
    .addColumn('generation', 'bigint', (column) => column.notNull())
    .execute();
  // Starts at the clock, so a cache that outlived a down and up of this migration cannot meet its old values.
  await sql`insert into resource_market_state ("stateId", generation) values (1, ${Date.now()})`.execute(db);
  await sql`insert into resource_market_counts ("resourceTypeCode", online, offline)
    select "resourceTypeCode",
      sum(case when status = 1 and "isFrozen" = 0 then 1 else 0 end),
      sum(case when status = 4 and "isFrozen" = 0 then 1 else 0 end)
    from resources group by "resourceTypeCode"`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (row: 'new') => sql`insert into resource_market_counts ("resourceTypeCode", online, offline)
    values (${sql.raw(`${row}."resourceTypeCode"`)}, ${isOnline(row)}, ${isOffline(row)})
    on conflict ("resourceTypeCode") do update set online = online + excluded.online, offline = offline + excluded.offline;`;
  const remove = (row: 'old') => sql`update resource_market_counts
    set online = online - ${isOnline(row)}, offline = offline - ${isOffline(row)}
    where "resourceTypeCode" = ${sql.raw(`${row}."resourceTypeCode"`)};`;
  await sql`create trigger resource_market_count_insert after insert on resources begin ${add('new')} end`.execute(db);
  await sql`create trigger resource_market_count_update after update of status, "isFrozen", "resourceTypeCode" on resources begin
    ${remove('old')} ${add('new')} end`.execute(db);
  await sql`create trigger resource_market_count_delete after delete on resources begin ${remove('old')} end`.execute(
    db,
  );
  for (const table of WATCHED)
    for (const event of ['insert', 'update', 'delete'])
      await sql`create trigger ${sql.id(`${table}_market_${event}`)} after ${sql.raw(event)} on ${sql.id(table)} begin
        update resource_market_state set generation = generation + 1 where "stateId" = 1;
      end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function ${sql.id(CHANGE_FUNCTION)}() returns trigger language plpgsql as $$
    begin
      -- Once a transaction: a bulk write changes the generation row once, not once a row.
      if current_setting('tessera.market_changed_by', true) is distinct from txid_current()::text then
        update resource_market_state set generation = generation + 1 where "stateId" = 1;
        perform set_config('tessera.market_changed_by', txid_current()::text, true);
      end if;
      if tg_table_name <> 'resources' then return null; end if;
      if tg_op = 'UPDATE' then
        if old.status = new.status and old."isFrozen" = new."isFrozen"
          and old."resourceTypeCode" = new."resourceTypeCode" then return null; end if;
      end if;
      if tg_op in ('UPDATE', 'DELETE') then
        update resource_market_counts
          set online = online - ${isOnline('old')}::int, offline = offline - ${isOffline('old')}::int
          where "resourceTypeCode" = old."resourceTypeCode";
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into resource_market_counts as counts ("resourceTypeCode", online, offline)
          values (new."resourceTypeCode", ${isOnline('new')}::int, ${isOffline('new')}::int)
          on conflict ("resourceTypeCode")
          do update set online = counts.online + excluded.online, offline = counts.offline + excluded.offline;
      end if;
      return null;
    end
  $$`.execute(db);
  for (const table of WATCHED)
    await sql`create constraint trigger ${sql.id(`${table}_market_change`)}
      after insert or update or delete on ${sql.id(table)} deferrable initially deferred
      for each row execute function ${sql.id(CHANGE_FUNCTION)}()`.execute(db);
}

async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  if (dialectOf(db) === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    for (const table of WATCHED)
      await sql`drop trigger ${sql.id(`${table}_market_change`)} on ${sql.id(table)}`.execute(db);
    await sql`drop function ${sql.id(CHANGE_FUNCTION)}()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger ${sql.id(`resource_market_count_${event}`)}`.execute(db);
      for (const table of WATCHED) await sql`drop trigger ${sql.id(`${table}_market_${event}`)}`.execute(db);
    }
  }
  await db.schema.dropTable('resource_market_state').execute();
  await db.schema.dropTable('resource_market_counts').execute();
}

export const marketCounts: Migration = { up, down };
