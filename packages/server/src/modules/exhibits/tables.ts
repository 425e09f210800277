// The exhibits tables (presentables, presentable_policies, presentable_versions): row types, merged
// into Database.

/** An exhibit (DOMAIN §2.17). Never deleted. */
export type PresentablesTable = {
  /** hex24; also the exhibitId of the node-site calls. */
  presentableId: string;
  presentableName: string;
  /** presentableName lower-cased: unique within the node. */
  presentableNameKey: string;
  presentableTitle: string;
  intro: string;
  nodeId: number;
  /** The node owner. */
  userId: number;
  resourceId: string;
  resourceName: string;
  /** JSON array: the resource's type path. */
  resourceType: string;
  resourceOwnerId: number;
  /** The chosen resource version; '' for a collection. */
  version: string;
  /**
   * JSON `[{resourceId, resourceName, contracts: [{policyId, contractId}]}]`: the resource and its
   * baseUpcastResources, with the node contracts (licensee = the node, identity 2).
   */
  resolveResources: string;
  /** JSON arrays. */
  tags: string;
  coverImages: string;
  /** 0 offline, 1 online. */
  onlineStatus: number;
  ignoredUpdateVersion: string;
  /** 0 normal. */
  status: number;
  createDate: string;
  updateDate: string;
};

/** An exhibit's policy binding (subject type 2), shaped like a resource's. */
export type PresentablePoliciesTable = {
  presentableId: string;
  policyId: string;
  policyName: string;
  policyNameKey: string;
  /** 0 disabled, 1 enabled. */
  status: number;
  sortNo: number;
  createDate: string;
  updateDate: string;
};

/** One per (exhibit, version) ever chosen (DOMAIN §2.18): its frozen trees and properties. */
export type PresentableVersionsTable = {
  /** md5 of presentableId + version. */
  presentableVersionId: string;
  presentableId: string;
  version: string;
  resourceId: string;
  /** JSON, copied from the resource version. */
  resourceSystemProperty: string;
  resourceCustomPropertyDescriptors: string;
  /** JSON `[{key, value, remark}]` (≤ 30). */
  presentableRewriteProperty: string;
  /** JSON: the flattened dependency tree frozen when the version was chosen. */
  dependencyTree: string;
  /** JSON: the flattened auth tree frozen when the version was chosen. */
  authTree: string;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    presentables: PresentablesTable;
    presentable_policies: PresentablePoliciesTable;
    presentable_versions: PresentableVersionsTable;
  }
}
