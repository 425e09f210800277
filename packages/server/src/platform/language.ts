// The request language (DOMAIN §1.8, issue 16): the page's rule from @tessera/domain, with the
// preferences read from Accept-Language.
import { acceptedLanguages, chooseLanguage, type Language } from '@tessera/domain';

export function resolveLanguage(localeCookie: string | undefined, acceptLanguage: string | undefined): Language {
  return chooseLanguage(localeCookie, acceptedLanguages(acceptLanguage));
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of `msg` and of translated fields in the answer. */
    language: Language;
  }
}
