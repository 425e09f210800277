// What market keywords match (DOMAIN §2.5): the search text stored with each resource, lower-cased in JS
// so that any script folds the same way on both databases, and the keywords as words.
import { translatedTexts, type ResourceTranslations } from './translations';

/** The text market keywords are matched against: name, title, intro, tags and translations, lower-cased. */
export function searchTextOf(resource: {
  resourceName: string;
  resourceTitle: string;
  intro: string;
  tags: readonly string[];
  translations?: ResourceTranslations;
}): string {
  const { resourceName, resourceTitle, intro, tags, translations = {} } = resource;
  return [resourceName, resourceTitle, intro, ...tags, ...translatedTexts(translations)].join('\n').toLowerCase();
}

/** Keywords as lower-cased words. */
export function keywordWords(keywords: string | undefined): string[] {
  return [
    ...new Set(
      (keywords ?? '')
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
}
