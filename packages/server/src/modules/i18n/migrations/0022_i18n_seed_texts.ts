// Each translation row remembers the shipped text it was made from (seedZh, seedEn), so a release that
// rewords a text updates the rows nobody edited and keeps the ones an operator changed. Rows that exist
// already were made from the seed (texts have no editing call; an edit is a change in the database),
// so their shipped text is their text.
import { sql, type Kysely, type Migration } from 'kysely';

export const i18nSeedTexts: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of ['seedZh', 'seedEn'])
      await db.schema
        .alterTable('i18n_texts')
        .addColumn(column, 'text', (definition) => definition.notNull().defaultTo(''))
        .execute();
    await db
      .updateTable('i18n_texts' as never)
      .set({ seedZh: sql.ref('zh_CN'), seedEn: sql.ref('en_US') } as never)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of ['seedEn', 'seedZh']) await db.schema.alterTable('i18n_texts').dropColumn(column).execute();
  },
};
