// Keyword search at 100 000 resources (bench/README.md). SQLite: the search rows of 0010 also carry
// every column a market filter or order reads, and the search text, kept in step by the triggers, so
// a keyword search counts and ranks its matches from the search index and this narrow table and
// reads only its page from `resources`. Words of one or two characters get their own index (FTS5
// over the text's characters and character pairs, platform/db/search-grams.ts); the trigram index
// of 0010 needs three. Both dialects: the market orders end with resourceId, so the order indexes
// carry it and a page is read straight off the index instead of sorting every online resource.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../../../platform/db/database';
import { SEARCH_GRAMS_FUNCTION } from '../../../platform/db/search-grams';
import { marketSearch } from './0010_market_search';

/** The columns of `resources` the search rows copy, with the default ALTER TABLE needs. */
const COPIED_COLUMNS: [name: string, type: 'integer' | 'text'][] = [
  ['status', 'integer'],
  ['isFrozen', 'integer'],
  ['userId', 'integer'],
  ['subjectType', 'integer'],
  ['resourceTypeCode', 'text'],
  ['resourceType', 'text'],
  ['searchText', 'text'],
  ['createDate', 'text'],
  ['updateDate', 'text'],
];

const columnList = (prefix: string) =>
  sql.join(
    COPIED_COLUMNS.map(([name]) => (prefix === '' ? sql.id(name) : sql.raw(`${prefix}."${name}"`))),
    sql`, `,
  );

const searchRowOf = (record: 'new' | 'old') =>
  sql.raw(`(select "searchRowId" from resource_search_rows where "resourceId" = ${record}."resourceId")`);
const grams = sql.raw(`${SEARCH_GRAMS_FUNCTION}(new."searchText")`);

async function createTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger resource_search_insert after insert on resources begin
    insert into resource_search_rows ("resourceId", ${columnList('')}) values (new."resourceId", ${columnList('new')});
    insert into resource_search (rowid, "searchText") values (${searchRowOf('new')}, new."searchText");
    insert into resource_search_grams (rowid, grams) values (${searchRowOf('new')}, ${grams});
  end`.execute(db);
  await sql`create trigger resource_search_update after update of "searchText" on resources begin
    update resource_search set "searchText" = new."searchText" where rowid = ${searchRowOf('new')};
    delete from resource_search_grams where rowid = ${searchRowOf('new')};
    insert into resource_search_grams (rowid, grams) values (${searchRowOf('new')}, ${grams});
  end`.execute(db);
  await sql`create trigger resource_search_copy after update of ${columnList('')} on resources begin
    update resource_search_rows set (${columnList('')}) = (${columnList('new')}) where "resourceId" = new."resourceId";
  end`.execute(db);
  await sql`create trigger resource_search_delete before delete on resources begin
    delete from resource_search where rowid = ${searchRowOf('old')};
    delete from resource_search_grams where rowid = ${searchRowOf('old')};
    delete from resource_search_rows where "resourceId" = old."resourceId";
  end`.execute(db);
}

async function sqliteSearchRows(db: Kysely<unknown>): Promise<void> {
  for (const trigger of ['resource_search_insert', 'resource_search_update', 'resource_search_delete'])
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  for (const [name, type] of COPIED_COLUMNS) {
    await sql`alter table resource_search_rows add column ${sql.id(name)} ${sql.raw(type)} not null default ${sql.raw(type === 'text' ? "''" : '0')}`.execute(
      db,
    );
  }
  await sql`update resource_search_rows set (${columnList('')}) = (select ${columnList('resources')} from resources where resources."resourceId" = resource_search_rows."resourceId")`.execute(
    db,
  );
  // Contentless, row ids only: the index answers which rows hold a gram, nothing else.
  await sql`create virtual table resource_search_grams using fts5(grams, content = '', contentless_delete = 1, detail = none, tokenize = 'ascii')`.execute(
    db,
  );
  await sql`insert into resource_search_grams (rowid, grams)
    select rows."searchRowId", ${sql.raw(SEARCH_GRAMS_FUNCTION)}(rows."searchText") from resource_search_rows rows`.execute(
    db,
  );
  await createTriggers(db);
}

async function orderIndexes(db: Kysely<unknown>, withResourceId: boolean): Promise<void> {
  const tail = withResourceId ? ['resourceId'] : [];
  for (const [index, column] of [
    ['resources_market', 'createDate'],
    ['resources_market_updated', 'updateDate'],
  ] as const) {
    await db.schema.dropIndex(index).execute();
    await db.schema
      .createIndex(index)
      .on('resources')
      .columns(['status', 'isFrozen', column, ...tail])
      .execute();
  }
}

async function up(db: Kysely<unknown>): Promise<void> {
  await orderIndexes(db, true);
  if (dialectOf(db) === 'sqlite') await sqliteSearchRows(db);
}

/** Back to 0010: on SQLite its search tables are built again from the resources. */
async function down(db: Kysely<unknown>): Promise<void> {
  await orderIndexes(db, false);
  if (dialectOf(db) !== 'sqlite') return;
  await sql`drop trigger resource_search_copy`.execute(db);
  await sql`drop table resource_search_grams`.execute(db);
  await marketSearch.down?.(db);
  await marketSearch.up(db);
}

export const marketSearchRows: Migration = { up, down };
