// The exhibit's dependency tree as rows of a readable list (nested answers are walked depth first, the
// server's flattened one is read by its parentNid and deep), and what its auth tree says of each row.
import type { AuthTreeItemWire } from '@tessera/contract/auths';

/**
 * A node of an exhibit's frozen dependency tree (DOMAIN §2.18): flattened with `parentNid` and `deep`
 * (the root at deep 1), or nested through `dependencies`.
 */
export interface ExhibitTreeNode {
  nid: string;
  parentNid?: string;
  deep?: number;
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  version: string;
  versionId: string;
  versionRange?: string;
  fileSha1?: string;
  dependencies?: ExhibitTreeNode[];
}

export interface TreeRow {
  nid: string;
  /** 0 for the exhibited resource. */
  depth: number;
  resourceId: string;
  resourceName: string;
  version: string;
}

export function treeRows(nodes: readonly ExhibitTreeNode[]): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly ExhibitTreeNode[], depth: number) => {
    for (const node of list) {
      rows.push({
        nid: node.nid,
        depth: node.deep !== undefined ? node.deep - 1 : depth,
        resourceId: node.resourceId,
        resourceName: node.resourceName,
        version: node.version,
      });
      walk(node.dependencies ?? [], depth + 1);
    }
  };
  walk(nodes, 0);
  return rows;
}

/** Who licenses a row of the tree: the node (with its contracts on it) or a version above it. */
export type RowLicence = { by: 'node' | 'upstream'; contractIds: string[] };

/**
 * Per dependency-tree nid, who licenses it, from the auth tree (DOMAIN §3.3): the top groups are what
 * the node resolves, with the node's contracts; their children are resolved by the versions above them.
 */
export function licencesByNid(authTree: readonly (readonly AuthTreeItemWire[])[]): Map<string, RowLicence> {
  const licences = new Map<string, RowLicence>();
  const walk = (groups: readonly (readonly AuthTreeItemWire[])[], by: RowLicence['by']) => {
    for (const item of groups.flat()) {
      licences.set(item.nid, { by, contractIds: item.contracts.map((contract) => contract.contractId) });
      walk(item.children, 'upstream');
    }
  };
  walk(authTree, 'node');
  return licences;
}

/** DOMAIN §2.17 authStatus bits: 1 node side failed, 2 upstream failed, 4 node side passed, 8 upstream passed. */
export function sideStates(authStatus: number): { node: Side; upstream: Side } {
  const side = (failed: number, passed: number): Side =>
    authStatus & failed ? 'failed' : authStatus & passed ? 'passed' : 'unknown';
  return { node: side(1, 4), upstream: side(2, 8) };
}
export type Side = 'passed' | 'failed' | 'unknown';
