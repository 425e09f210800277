// A resource's title and intro in other languages (translations.ts): JSON `{language: {resourceTitle, intro}}`,
// '{}' for every resource written before, and for any whose owner wrote one language only.
import type { Kysely, Migration } from 'kysely';

export const resourceTranslations: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('resources')
      .addColumn('translations', 'text', (column) => column.notNull().defaultTo('{}'))
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('resources').dropColumn('translations').execute();
  },
};
