// Where the page finds the translation texts of one language (issue 15). The versioned address
// names a content hash and never changes content, so it is cached for a year; the server writes the
// current hashes into the page (a <meta> of index.html), so the page needs no round trip to learn
// them. The plain address (no hash) always answers the current texts and is revalidated.
import { isLanguage, LANGUAGES, type Language } from '../constants';

export const I18N_TEXTS_DIR = '/i18n';
/** `<meta name="tessera-texts" content="zh_CN:<hash> en_US:<hash>">` in the served index.html. */
export const I18N_TEXTS_META = 'tessera-texts';

/** One language's texts on the wire: `{key: text}`. */
export type LanguageTexts = Record<string, string>;
export type TextsVersions = Partial<Record<Language, string>>;

const VERSION = /^[0-9a-f]{8,64}$/;
const FILE_NAME = /^texts\.([A-Za-z_]+)(?:\.([^.]+))?\.json$/;

/** The file name under I18N_TEXTS_DIR: `texts.en_US.json` or `texts.en_US.<version>.json`. */
export function languageTextsName(language: Language, version?: string): string {
  return version ? `texts.${language}.${version}.json` : `texts.${language}.json`;
}

export function languageTextsPath(language: Language, version?: string): string {
  return `${I18N_TEXTS_DIR}/${languageTextsName(language, version)}`;
}

/** Reads a file name back; null when it is not one of the texts files. */
export function parseLanguageTextsName(name: string): { language: Language; version?: string } | null {
  const match = FILE_NAME.exec(name);
  if (!match || !isLanguage(match[1])) return null;
  const version = match[2];
  if (version === undefined) return { language: match[1] };
  return VERSION.test(version) ? { language: match[1], version } : null;
}

export function formatTextsVersions(versions: TextsVersions): string {
  return LANGUAGES.flatMap((language) => (versions[language] ? [`${language}:${versions[language]}`] : [])).join(' ');
}

export function parseTextsVersions(content: string | null | undefined): TextsVersions {
  const versions: TextsVersions = {};
  for (const part of (content ?? '').split(/\s+/)) {
    const [language, version] = part.split(':');
    if (isLanguage(language) && version && VERSION.test(version)) versions[language] = version;
  }
  return versions;
}
