// The resources module's tables (resources, resource_tags, resource_freeze_records, resource_policies,
// tag_catalogue, resource_market_counts, resource_market_state): row types, merged into Database.
import type { Generated } from 'kysely';

/** A resource (DOMAIN §2.5). JSON columns hold the wire arrays. */
export type ResourcesTable = {
  resourceId: string;
  /** `{username}/{name}` as created. */
  resourceName: string;
  /** resourceName lower-cased (unique). */
  resourceNameKey: string;
  resourceTitle: string;
  /** JSON array: the type path. */
  resourceType: string;
  /** Code of the deepest catalogue entry of the path. */
  resourceTypeCode: string;
  /** The custom last entry of the path; '' when the path is all catalogue. */
  customTypeName: string;
  userId: number;
  username: string;
  intro: string;
  /** JSON arrays of strings. */
  coverImages: string;
  tags: string;
  /** 1 ordinary, 4 collection. */
  subjectType: number;
  /** Stored state: 0 unreleased, 1 online, 4 offline (DOMAIN §3.1); the wire shows 2 while frozen. */
  status: number;
  isFrozen: number;
  /** '' before the first version. */
  latestVersion: string;
  /** JSON `[{version, versionId, createDate}]` in creation order (written by the versions module). */
  resourceVersions: string;
  /** JSON `[{resourceId, resourceName}]`, fixed by the first version. */
  baseUpcastResources: string;
  /** Lower-cased name part, title, intro, tags and translations: what market keywords are matched against. */
  searchText: string;
  /** JSON `{language: {resourceTitle, intro}}`, '{}' when none (translations.ts). */
  translations: Generated<string>;
  createDate: string;
  updateDate: string;
};

/** One tag of a resource (the tags filter); the resource row keeps their order. */
export type ResourceTagsTable = {
  resourceId: string;
  tag: string;
};

export type ResourceFreezeRecordsTable = {
  recordId: string;
  resourceId: string;
  /** 0 for the command line. */
  operatorUserId: number;
  /** 1 freeze, 2 unfreeze. */
  type: number;
  reason: string;
  remark: string;
  createDate: string;
};

/** A policy bound to a resource under a name. */
export type ResourcePoliciesTable = {
  resourceId: string;
  policyId: string;
  policyName: string;
  /** policyName lower-cased (unique per resource). */
  policyNameKey: string;
  /** 0 disabled, 1 enabled. */
  status: number;
  /** Binding order. */
  sortNo: number;
  createDate: string;
  updateDate: string;
};

/** Per type code, the resources other users' market lists show (migration 0019, kept by triggers). */
export type ResourceMarketCountsTable = {
  resourceTypeCode: string;
  /** Online and unfrozen. */
  online: number;
  /** Offline and unfrozen. */
  offline: number;
};

/** One row (stateId 1): `generation` changes with every write to resources, tags and bindings. */
export type ResourceMarketStateTable = {
  stateId: number;
  generation: number;
};

/** DOMAIN §2.9. */
export type TagCatalogueTable = {
  tagId: number;
  tagName: string;
  /** 1 category, 2 operation. */
  tagType: number;
  /** 1 public, 2 hidden, 3 only administrators may attach it. */
  authority: number;
  /** 1 only the listed type codes, 2 all but them, 3 all. */
  resourceRangeType: number;
  /** JSON array of type codes. */
  resourceRange: string;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    resources: ResourcesTable;
    resource_tags: ResourceTagsTable;
    resource_freeze_records: ResourceFreezeRecordsTable;
    resource_policies: ResourcePoliciesTable;
    tag_catalogue: TagCatalogueTable;
    resource_market_counts: ResourceMarketCountsTable;
    resource_market_state: ResourceMarketStateTable;
  }
}
