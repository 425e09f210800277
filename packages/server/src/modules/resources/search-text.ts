// What market keywords match (DOMAIN §2.5): the search text stored with each resource, lower-cased in JS
// so that any script folds the same way on both databases, and the keywords as words.

/** The text market keywords are matched against: name, title, intro and tags, lower-cased. */
export function searchTextOf(resource: {
  resourceName: string;
  resourceTitle: string;
  intro: string;
  tags: readonly string[];
}): string {
  return [resource.resourceName, resource.resourceTitle, resource.intro, ...resource.tags].join('\n').toLowerCase();
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
