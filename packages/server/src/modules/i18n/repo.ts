import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';
import { containsIgnoringCase } from '../../platform/db/sql';

export type I18nTextRow = Row<'i18n_texts'>;

/** Workflow of a text (API.md §3.16). */
export const I18nTextStatus = { ToTranslate: 1, ToPublish: 2, Published: 3 } as const;

export type I18nTextFilter = {
  /** Part of the key, any case. */
  key?: string;
  /** Part of the Chinese or English text, any case. */
  content?: string;
  status?: number;
};

// Rows per INSERT: well below the bound-parameter limits of both databases.
const INSERT_CHUNK = 200;

export class I18nRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  listAll(): Promise<I18nTextRow[]> {
    return this.#db.selectFrom('i18n_texts').selectAll().orderBy('key').execute();
  }

  listSeeds(): Promise<Pick<I18nTextRow, 'key' | 'seedZh' | 'seedEn'>[]> {
    return this.#db.selectFrom('i18n_texts').select(['key', 'seedZh', 'seedEn']).execute();
  }

  /** Inserts the rows whose key is new; existing rows (perhaps edited) stay as they are. */
  async insertMissing(rows: NewRow<'i18n_texts'>[]): Promise<number> {
    let inserted = 0;
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const result = await this.#db
        .insertInto('i18n_texts')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
    }
    return inserted;
  }

  /** Rewords the rows nobody edited (their texts still equal their seed) to the new shipped texts. */
  async updateUnedited(rows: readonly Pick<I18nTextRow, 'key' | 'zh_CN' | 'en_US' | 'updateDate'>[]): Promise<void> {
    for (const row of rows)
      await this.#db
        .updateTable('i18n_texts')
        .set({ zh_CN: row.zh_CN, en_US: row.en_US, seedZh: row.zh_CN, seedEn: row.en_US, updateDate: row.updateDate })
        .where('key', '=', row.key)
        .whereRef('zh_CN', '=', 'seedZh')
        .whereRef('en_US', '=', 'seedEn')
        .execute();
  }

  search({ key, content, status }: I18nTextFilter): Promise<I18nTextRow[]> {
    let query = this.#db.selectFrom('i18n_texts').selectAll();
    if (key) query = query.where(containsIgnoringCase('key', key));
    if (content)
      query = query.where((eb) =>
        eb.or([containsIgnoringCase('zh_CN', content), containsIgnoringCase('en_US', content)]),
      );
    if (status) query = query.where('status', '=', status);
    return query.execute();
  }
}
