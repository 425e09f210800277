// Translation texts: seeded from the repository, kept in the database, published to the web app
// (one language a file, addressed by its content hash, and the whole table as /i18n/texts.json) and
// used for the server's own messages. Reads come from an in-memory copy that is rebuilt, and the
// files compressed once, whenever this instance reloads the table.
import { LANGUAGES, type Language, type LanguageTexts, type TextsVersions } from '@tessera/domain';
import type { TranslationTexts } from '@tessera/domain/i18n-texts';
import type { Clock } from '../../platform/clock';
import { precompressed, type Precompressed } from '../../platform/http/precompressed';
import { translatorFor, type MessageParams, type TextsByKey, type Translator } from '../../platform/messages';
import { I18nTextStatus, type I18nRepo, type I18nTextFilter, type I18nTextRow } from './repo';

/** A published file and its version (the start of its SHA-256), which names it in the versioned address. */
export type PublishedFile = Precompressed & { version: string };
export type PublishedTexts = { all: PublishedFile; byLanguage: Record<Language, PublishedFile> };

const VERSION_LENGTH = 16;

export class I18nService implements Translator {
  readonly #repo: I18nRepo;
  readonly #clock: Clock;
  #texts: TextsByKey = new Map();
  #translator: Translator = translatorFor(this.#texts);
  #published: PublishedTexts | null = null;
  #generation = 0;

  constructor(repo: I18nRepo, clock: Clock) {
    this.#repo = repo;
    this.#clock = clock;
  }

  /**
   * Adds the seed's new keys and rewords the rows whose shipped text changed, unless an operator edited
   * them; then reloads. Answers how many keys were added.
   */
  async loadSeed(seed: TranslationTexts): Promise<number> {
    const shipped = new Map((await this.#repo.listSeeds()).map((row) => [row.key, row]));
    const now = this.#clock.now().toISOString();
    const added = Object.entries(seed)
      .filter(([key]) => !shipped.has(key))
      .map(([key, text]) => ({
        key,
        zh_CN: text.zh_CN,
        en_US: text.en_US,
        seedZh: text.zh_CN,
        seedEn: text.en_US,
        status: text.zh_CN && text.en_US ? I18nTextStatus.Published : I18nTextStatus.ToTranslate,
        createDate: now,
        updateDate: now,
      }));
    const reworded = Object.entries(seed).flatMap(([key, text]) => {
      const row = shipped.get(key);
      return row && (row.seedZh !== text.zh_CN || row.seedEn !== text.en_US)
        ? [{ key, zh_CN: text.zh_CN, en_US: text.en_US, updateDate: now }]
        : [];
    });
    const inserted = added.length > 0 ? await this.#repo.insertMissing(added) : 0;
    if (reworded.length > 0) await this.#repo.updateUnedited(reworded);
    await this.reload();
    return inserted;
  }

  async reload(): Promise<void> {
    const generation = ++this.#generation;
    const rows = await this.#repo.listAll();
    // Of two reloads under way, the later one's reading stands.
    if (generation !== this.#generation) return;
    const published = publish(rows);
    const texts: TextsByKey = new Map(rows.map((row) => [row.key, { zh_CN: row.zh_CN, en_US: row.en_US }]));
    this.#texts = texts;
    this.#translator = translatorFor(texts);
    this.#published = published;
  }

  translate(key: string, language: Language, params?: MessageParams): string {
    return this.#translator.translate(key, language, params);
  }

  /** Every text by key (the policy translator renders whole sentences from them). */
  texts(): TextsByKey {
    return this.#texts;
  }

  /** The files of the texts: `{key: {zh_CN, en_US}}` of every text, and `{key: text}` per language. */
  publishedTexts(): PublishedTexts {
    if (!this.#published) throw new Error('the translation texts are read at start (loadSeed) before they are served');
    return this.#published;
  }

  /** The current version of each language's file, as the page is told it; empty before the first load. */
  textsVersions(): TextsVersions {
    const published = this.#published;
    if (!published) return {};
    return Object.fromEntries(LANGUAGES.map((language) => [language, published.byLanguage[language].version]));
  }

  /** Matching entries by key, in code-point order whatever the database's collation. */
  async listConfigs(filter: I18nTextFilter): Promise<I18nTextRow[]> {
    const rows = await this.#repo.search(filter);
    return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }
}

function publishFile(body: string): PublishedFile {
  const file = precompressed(body);
  return { ...file, version: file.sha256.slice(0, VERSION_LENGTH) };
}

/** One language's `{key: text}`; a text missing in that language is left out (the page shows the key). */
function languageFile(rows: I18nTextRow[], language: Language): string {
  const texts: LanguageTexts = {};
  for (const row of rows) if (row[language]) texts[row.key] = row[language];
  return JSON.stringify(texts);
}

function publish(rows: I18nTextRow[]): PublishedTexts {
  const texts: Record<string, { zh_CN: string; en_US: string }> = {};
  for (const row of rows) texts[row.key] = { zh_CN: row.zh_CN, en_US: row.en_US };
  return {
    all: publishFile(JSON.stringify(texts)),
    byLanguage: { zh_CN: publishFile(languageFile(rows, 'zh_CN')), en_US: publishFile(languageFile(rows, 'en_US')) },
  };
}
