import { DEFAULT_LANGUAGE, isLanguage, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, type Language } from '@tessera/domain';
import { readCookie, writeCookie } from '../browser/cookies';

export function readLanguage(): Language {
  const value = readCookie(LOCALE_COOKIE);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
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
