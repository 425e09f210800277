// Whether an object's type was derived from its content (issue 16) rather than named by its user: a
// replaced file re-types the object only then. Objects older than this column kept a type someone chose
// (the demo's, an edit's) or none, so they count as named.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('objects')
    .addColumn('typeDerived', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('objects').dropColumn('typeDerived').execute();
}

export const objectTypeDerived: Migration = { up, down };
