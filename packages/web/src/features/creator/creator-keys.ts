// The query keys of the publishing reads. Each starts with the area it reads (resources or
// catalogue), so that invalidating an area after a change reaches them too; what a creator starts
// from is its own copy, which no change elsewhere replaces.
export const creatorKeys = {
  /** A resource with its policies and base upcasts, as a dependency or a candidate. */
  candidate: (resourceId: string) => ['resources', 'candidate', resourceId] as const,
  dependencySearch: (keywords: string) => ['resources', 'dependencySearch', keywords] as const,
  freeNames: (wanted: readonly string[]) => ['resources', 'freeNames', wanted] as const,
  /** What a creator starts from: the resource and its saved draft. */
  creatorStart: (resourceId: string) => ['creator', 'start', resourceId] as const,
  availableTags: (resourceTypeCode: string) => ['catalogue', 'availableTags', resourceTypeCode] as const,
};
