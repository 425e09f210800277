// The one language rule of the page and the server (issue 16): the `locale` cookie; else the
// browser's preferred languages, the first Chinese or English one deciding (zh* → zh_CN, en* →
// en_US) and any other list meaning English; else zh_CN. The server reads the preferences from
// Accept-Language, the page from navigator.languages, and the page writes the cookie on the first
// visit so that every later request carries the decision.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../constants';

/** zh, zh-TW, zh-Hans-CN → zh_CN; en, en-GB → en_US; anything else → null. */
export function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'zh') return 'zh_CN';
  if (primary === 'en') return 'en_US';
  return null;
}

/** The language tags of an Accept-Language header, most preferred first; `*` and q=0 are left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The rule itself: the cookie if it names a language, else the preferences, else zh_CN. */
export function chooseLanguage(localeCookie: string | null | undefined, preferred: readonly string[]): Language {
  if (isLanguage(localeCookie)) return localeCookie;
  const tags = preferred.filter((tag) => tag.trim() !== '');
  if (tags.length === 0) return DEFAULT_LANGUAGE;
  for (const tag of tags) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en_US';
}
