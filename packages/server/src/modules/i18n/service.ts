// Translation texts: seeded from the repository, kept in the database, published to the web app as
// /i18n/texts.json and used for the server's own messages. Reads come from an in-memory copy that
// is rebuilt whenever this instance changes the table.
import type { Language } from '@tessera/domain';
import type { TranslationTexts } from '@tessera/domain/i18n-texts';
import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { translatorFor, type MessageParams, type TextsByKey, type Translator } from '../../platform/messages';
import { I18nTextStatus, type I18nRepo, type I18nTextFilter, type I18nTextRow } from './repo';

export type PublishedTexts = { body: string; etag: string };

export class I18nService implements Translator {
  readonly #repo: I18nRepo;
  readonly #clock: Clock;
  #texts: TextsByKey = new Map();
  #translator: Translator = translatorFor(this.#texts);
  #published: PublishedTexts = publish([]);

  constructor(repo: I18nRepo, clock: Clock) {
    this.#repo = repo;
    this.#clock = clock;
  }

  /** Adds the seed's new keys (edited rows are kept) and reloads; answers how many were added. */
  async loadSeed(seed: TranslationTexts): Promise<number> {
    const existing = await this.#repo.listKeys();
    const now = this.#clock.now().toISOString();
    const rows = Object.entries(seed)
      .filter(([key]) => !existing.has(key))
      .map(([key, text]) => ({
        key,
        zh_CN: text.zh_CN,
        en_US: text.en_US,
        status: text.zh_CN && text.en_US ? I18nTextStatus.Published : I18nTextStatus.ToTranslate,
        createDate: now,
        updateDate: now,
      }));
    const added = rows.length > 0 ? await this.#repo.insertMissing(rows) : 0;
    await this.reload();
    return added;
  }

  async reload(): Promise<void> {
    const rows = await this.#repo.listAll();
    const texts: TextsByKey = new Map(rows.map((row) => [row.key, { zh_CN: row.zh_CN, en_US: row.en_US }]));
    this.#texts = texts;
    this.#translator = translatorFor(texts);
    this.#published = publish(rows);
  }

  translate(key: string, language: Language, params?: MessageParams): string {
    return this.#translator.translate(key, language, params);
  }

  /** Every text by key (the policy translator renders whole sentences from them). */
  texts(): TextsByKey {
    return this.#texts;
  }

  /** The `{key: {zh_CN, en_US}}` file of every text, with its ETag. */
  publishedTexts(): PublishedTexts {
    return this.#published;
  }

  /** Matching entries by key, in code-point order whatever the database's collation. */
  async listConfigs(filter: I18nTextFilter): Promise<I18nTextRow[]> {
    const rows = await this.#repo.search(filter);
    return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

function publish(rows: I18nTextRow[]): PublishedTexts {
  const texts: Record<string, { zh_CN: string; en_US: string }> = {};
  for (const row of rows) texts[row.key] = { zh_CN: row.zh_CN, en_US: row.en_US };
  const body = JSON.stringify(texts);
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
