// The exhibit's dependency tree as rows of a readable list: nested answers are walked depth first, a
// flattened one (parentNid, deep) is read as it is.
import type { ExhibitDependencyNodeWire } from '@tessera/contract/endpoints/exhibit-trees';
import type { AuthTreeItemWire } from '@tessera/contract/auths';

export interface TreeRow {
  nid: string;
  depth: number;
  resourceId: string;
  resourceName: string;
  version: string;
}

export function treeRows(nodes: readonly ExhibitDependencyNodeWire[]): TreeRow[] {
  const rows: TreeRow[] = [];
  const walk = (list: readonly ExhibitDependencyNodeWire[], depth: number) => {
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

/** Per resource the node itself resolves (the auth tree's top groups), the contract ids it holds on it. */
export function nodeResolved(authTree: readonly (readonly AuthTreeItemWire[])[]): Map<string, string[]> {
  const resolved = new Map<string, string[]>();
  for (const group of authTree) {
    for (const item of group) {
      const ids = resolved.get(item.resourceId) ?? [];
      resolved.set(item.resourceId, [...ids, ...item.contracts.map((contract) => contract.contractId)]);
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
