// One language's translation texts (issue 15). The server names the current version of each
// language's file in index.html (a <meta>); the versioned file is cached by the browser for a year,
// and a copy in localStorage lets a warm visit start at once, with no request when its version is
// the current one. Without a version (the dev server, tests) the plain address is revalidated.
import {
  I18N_TEXTS_DIR,
  I18N_TEXTS_META,
  languageTextsName,
  parseTextsVersions,
  type Language,
  type LanguageTexts,
  type TextsVersions,
} from '@tessera/domain';

/** The localStorage key of one language's texts. */
export const textsCacheKey = (language: Language) => `tessera.i18n.texts.${language}`;
/** Where both languages were kept before issue 15; removed so that it frees its room. */
const LEGACY_CACHE_KEY = 'tessera.i18n.texts';

export interface CachedTexts {
  texts: LanguageTexts;
  /** True when the copy is of the version the page names: there is nothing to fetch. */
  current: boolean;
}

export interface TextsSource {
  /** The texts of a language cached by an earlier visit, if any. */
  cached(language: Language): CachedTexts | null;
  /** Fetches the current texts of one language from the server and caches them. */
  fetch(language: Language): Promise<LanguageTexts>;
}

export interface TextsSourceOptions {
  /** The directory of the texts files; the page's own /i18n unless told. */
  base?: string;
  /** The current versions; read from index.html unless told. */
  versions?: TextsVersions;
  storage?: Storage;
}

/** The versions the server wrote into the page. */
export function pageTextsVersions(): TextsVersions {
  return parseTextsVersions(document.querySelector(`meta[name="${I18N_TEXTS_META}"]`)?.getAttribute('content'));
}

function isLanguageTexts(value: unknown): value is LanguageTexts {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((text) => typeof text === 'string')
  );
}

export function createTextsSource({
  base = I18N_TEXTS_DIR,
  versions = pageTextsVersions(),
  storage = window.localStorage,
}: TextsSourceOptions = {}): TextsSource {
  try {
    storage.removeItem(LEGACY_CACHE_KEY);
  } catch {
    // A disabled storage keeps nothing anyway.
  }
  return {
    cached(language) {
      try {
        const parsed: unknown = JSON.parse(storage.getItem(textsCacheKey(language)) ?? 'null');
        if (typeof parsed !== 'object' || parsed === null) return null;
        const { version, texts } = parsed as { version?: unknown; texts?: unknown };
        if (!isLanguageTexts(texts)) return null;
        const expected = versions[language];
        return { texts, current: expected !== undefined && version === expected };
      } catch {
        return null;
      }
    },
    async fetch(language) {
      const version = versions[language];
      // The texts are the same for everyone. A versioned file comes from the browser's cache when it
      // has it (the fetch matches the page's preload); the plain one is revalidated.
      const response = await fetch(`${base}/${languageTextsName(language, version)}`, {
        credentials: 'same-origin',
        ...(version ? {} : { cache: 'no-cache' as const }),
      });
      if (!response.ok) throw new Error(`translation texts: HTTP ${response.status}`);
      const texts: unknown = await response.json();
      if (!isLanguageTexts(texts)) throw new Error('translation texts: not a {key: text} object');
      try {
        storage.setItem(textsCacheKey(language), JSON.stringify({ version, texts }));
      } catch {
        // A full or disabled storage only costs the next visit a wait.
      }
      return texts;
    },
  };
}
