// The nodes table: row type, merged into Database.
import type { Generated } from 'kysely';

/** A node (DOMAIN §2.16). Generated: the column has a default (inserts may leave it out). */
export type NodesTable = {
  /** Sequence from 80000000. */
  nodeId: Generated<number>;
  nodeName: string;
  /** nodeName in lower case: the unique key (names are unique case-insensitively). */
  nodeNameKey: string;
  nodeDomain: string;
  nodeTitle: Generated<string>;
  nodeShortDescription: Generated<string>;
  nodeLogo: Generated<string>;
  /** presentableId of the active theme; '' when none. */
  nodeThemeId: Generated<string>;
  nodeTestThemeId: Generated<string>;
  ownerUserId: number;
  ownerUserName: string;
  /** 1 public, 2 private (site for the owner only), 8 paused (visitors see nodeSuspendInfo). */
  visibility: Generated<number>;
  nodeSuspendInfo: Generated<string>;
  /** Bit flags: 2 normal (1 also read as normal), + 4 when frozen. */
  status: Generated<number>;
  freezeReason: Generated<string>;
  freezeRemark: Generated<string>;
  /** JSON array of administrator tags. */
  tags: Generated<string>;
  /** 1 after the owner deleted it: sites answer "not found", name and domain stay taken. */
  isDeleted: Generated<number>;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    nodes: NodesTable;
  }
}
