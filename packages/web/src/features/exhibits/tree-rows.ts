// The exhibit's dependency tree as rows of a readable list: nested answers are walked depth first, a
// flattened one (parentNid, deep) is read as it is.
import type { AuthTreeItemWire } from '@tessera/contract/auths';

/**
 * A node of an exhibit's frozen dependency tree (DOMAIN §2.18): flattened with `parentNid` and `deep`,
 * or nested through `dependencies`.
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
        depth: node.deep ?? depth,
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

/**
 * Per resource the node itself resolves (the auth tree's top groups), the contract ids it holds on it.
 * Reads the nested form (one inner array per resolved resource) and the server's flattened frozen form
 * (items with `parentNid`; the node resolves those whose parentNid is '').
 */
export function nodeResolved(authTree: readonly unknown[]): Map<string, string[]> {
  const resolved = new Map<string, string[]>();
  for (const entry of authTree) {
    const items = (Array.isArray(entry) ? entry : [entry]) as (Partial<AuthTreeItemWire> & { parentNid?: string })[];
    for (const item of items) {
      if (!item.resourceId || (item.parentNid !== undefined && item.parentNid !== '')) continue;
      const ids = resolved.get(item.resourceId) ?? [];
      resolved.set(item.resourceId, [...ids, ...(item.contracts ?? []).map((contract) => contract.contractId)]);
    }
  }
  return resolved;
}

/** DOMAIN §2.17 authStatus bits: 1 node side failed, 2 upstream failed, 4 node side passed, 8 upstream passed. */
export function sideStates(authStatus: number): { node: Side; upstream: Side } {
  const side = (failed: number, passed: number): Side =>
    authStatus & failed ? 'failed' : authStatus & passed ? 'passed' : 'unknown';
  return { node: side(1, 4), upstream: side(2, 8) };
}
export type Side = 'passed' | 'failed' | 'unknown';
