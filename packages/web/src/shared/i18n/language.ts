import { chooseLanguage, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Language } from '@tessera/domain';
import { readCookie, writeCookie } from '../browser/cookies';

/** The browser's preferred languages, most preferred first. */
function preferredLanguages(): readonly string[] {
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The page's language by the rule the server also follows (issue 16), written into the `locale`
 * cookie on the first visit so that every later request, the first API calls included, agrees.
 */
export function initialLanguage(): Language {
  const cookie = readCookie(LOCALE_COOKIE);
  const language = chooseLanguage(cookie, preferredLanguages());
  if (cookie !== language) saveLanguage(language);
  return language;
}

export function saveLanguage(language: Language): void {
  writeCookie(LOCALE_COOKIE, language, { days: LOCALE_COOKIE_DAYS, path: '/' });
}

/** BCP 47 tag for the `lang` attribute: zh_CN → zh-CN. */
export function languageTag(language: Language): string {
  return language.replace('_', '-');
}

export function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = languageTag(language);
}
