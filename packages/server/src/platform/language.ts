// The request language (DOMAIN §1.8): the `locale` cookie, else the first supported language in
// Accept-Language, else zh_CN.
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@tessera/domain';

function languageOfTag(tag: string): Language | null {
  const primary = tag.toLowerCase().split('-')[0];
  if (primary === 'zh') return 'zh_CN';
  if (primary === 'en') return 'en_US';
  return null;
}

export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters
        .map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1])
        .find((value) => value !== undefined);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return null;
}

export function resolveLanguage(localeCookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(localeCookie)) return localeCookie;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of `msg` and of translated fields in the answer. */
    language: Language;
  }
}
