// Words of one or two characters (most Chinese words) on PostgreSQL: pg_trgm's index (0010) needs
// three characters, so such a word read the whole table. `resources.searchGrams` holds every
// character and every pair of neighbouring characters of the search text (platform/db/search-grams.ts),
// a column PostgreSQL computes itself whenever the text is written, under a GIN index: a short word
// is one index lookup.
// SQLite has its own gram index since 0011; nothing changes there.
import { sql, type Kysely, type Migration } from 'kysely';
import { dialectOf } from '../../../platform/db/database';
import { SEARCH_GRAMS_FUNCTION } from '../../../platform/db/search-grams';

const gramsFunction = sql.id(SEARCH_GRAMS_FUNCTION);

async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // The grams of gramsOf, as an array: characters are code points in a UTF-8 database, as in
  // JavaScript's string iterator. Built-in functions only, so it is truly immutable. Repeats are
  // dropped by bytes ("C"), which is what equality means in any deterministic collation. About
  // 40 µs for a 90-character text (a cross join of positions and lengths took twice as long).
  await sql`create function ${gramsFunction}(text) returns text[] language sql immutable strict parallel safe as $$
    select array(
      select distinct gram collate "C" from (
        select unnest(string_to_array($1, null)) as gram
        union all
        select substr($1, position, 2) from generate_series(1, char_length($1) - 1) as position
      ) grams
    )
  $$`.execute(db);
  // Adding the column computes it for every existing resource.
  await sql`alter table resources add column "searchGrams" text[] generated always as (${gramsFunction}("searchText")) stored`.execute(
    db,
  );
  await sql`create index resources_search_grams on resources using gin ("searchGrams")`.execute(db);
}

async function down(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table resources drop column "searchGrams"`.execute(db);
  await sql`drop function ${gramsFunction}(text)`.execute(db);
}

export const shortWordSearch: Migration = { up, down };
