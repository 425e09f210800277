// What kind of subject a resource is (API.md §3.6 `subjectType`): an ordinary resource, or a
// collection of resources (the level-1 type `catalog`, DOMAIN §2.5). Policies and contracts name
// their subjects with SubjectType (contracts.ts) instead.

export const ResourceSubjectType = { Ordinary: 1, Collection: 4 } as const;
export type ResourceSubjectType = (typeof ResourceSubjectType)[keyof typeof ResourceSubjectType];

/** The level-1 type code of collections. */
export const COLLECTION_TYPE_CODE = 'catalog';
