// The nodes table: row type, merged into Database.

/** A node (DOMAIN §2.16). */
export type NodesTable = {
  /** Sequence from 80000000. */
  nodeId: number;
  nodeName: string;
  /** nodeName in lower case: the unique key (names are unique case-insensitively). */
  nodeNameKey: string;
  nodeDomain: string;
  nodeTitle: string;
  nodeShortDescription: string;
  nodeLogo: string;
  /** presentableId of the active theme; '' when none. */
  nodeThemeId: string;
  nodeTestThemeId: string;
  ownerUserId: number;
  ownerUserName: string;
  /** 1 public, 2 private (site for the owner only), 8 paused (visitors see nodeSuspendInfo). */
  visibility: number;
  nodeSuspendInfo: string;
  /** Bit flags: 2 normal (1 also read as normal), + 4 when frozen. */
  status: number;
  freezeReason: string;
  freezeRemark: string;
  /** JSON array of administrator tags. */
  tags: string;
  /** 1 after the owner deleted it: sites answer "not found", name and domain stay taken. */
  isDeleted: number;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    nodes: NodesTable;
  }
}
