// A resource's title and intro in other languages (ours: DOMAIN §2.5 has one of each). They are answered
// in the reader's language, as an activity's title is (DOMAIN §2.28); the owner always reads, and so
// edits, what they wrote. Market keywords find a resource by any of its languages.
import { isLanguage, type Language } from '@tessera/domain';

export type ResourceTexts = { resourceTitle?: string; intro?: string };
export type ResourceTranslations = Partial<Record<Language, ResourceTexts>>;

/** The stored JSON, read leniently: an unknown language or a non-text entry is left out. */
export function parseTranslations(json: string): ResourceTranslations {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  const translations: ResourceTranslations = {};
  if (typeof value !== 'object' || value === null) return translations;
  for (const [language, texts] of Object.entries(value as Record<string, unknown>)) {
    if (!isLanguage(language) || typeof texts !== 'object' || texts === null) continue;
    const { resourceTitle, intro } = texts as Record<string, unknown>;
    translations[language] = {
      ...(typeof resourceTitle === 'string' && resourceTitle !== '' ? { resourceTitle } : {}),
      ...(typeof intro === 'string' && intro !== '' ? { intro } : {}),
    };
  }
  return translations;
}

/** The texts a reader sees in their language; empty for the owner and where none is written. */
export function textsForReader(
  row: { userId: number; translations: string },
  reader: { language: Language; readerId: number | null },
): ResourceTexts {
  if (row.userId === reader.readerId || row.translations === '{}') return {};
  return parseTranslations(row.translations)[reader.language] ?? {};
}

/** Every translated text, for the search text. */
export function translatedTexts(translations: ResourceTranslations): string[] {
  return Object.values(translations).flatMap((texts) =>
    [texts.resourceTitle, texts.intro].filter((text): text is string => text !== undefined),
  );
}
