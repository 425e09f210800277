// The versions tables (resource_versions, resource_version_drafts): row types, merged into Database.

/** DOMAIN §2.6; the lists are JSON text. */
export type ResourceVersionsTable = {
  versionId: string;
  resourceId: string;
  userId: number;
  version: string;
  fileSha1: string;
  filename: string;
  description: string;
  /** [{resourceId, resourceName, versionRange}] */
  dependencies: string;
  /** [{resourceId, resourceName}] */
  upcastResources: string;
  /**
   * [{resourceId, resourceName, policyIds, contracts: [{policyId, contractId}]}]: the chosen policies and the
   * contracts signed under them through the contracts module, in the same order (rows written before
   * contracts were signed have no `contracts`).
   */
  resolveResources: string;
  customPropertyDescriptors: string;
  systemProperty: string;
  status: number;
  createDate: string;
  updateDate: string;
};

/** DOMAIN §2.7: one per resource. */
export type ResourceVersionDraftsTable = {
  resourceId: string;
  userId: number;
  /** JSON type path. */
  resourceType: string;
  /** JSON from the client. */
  draftData: string;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    resource_versions: ResourceVersionsTable;
    resource_version_drafts: ResourceVersionDraftsTable;
  }
}
