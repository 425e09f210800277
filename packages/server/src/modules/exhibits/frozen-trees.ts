// An exhibit version's frozen trees (DOMAIN §2.18, §3.3): the dependency tree of (resource, version)
// computed when the owner chooses the version, flattened, and the auth tree grouped under who resolves
// each node (the node at the top). Later releases of dependencies change nothing until the owner
// chooses again; contracts stay live, so thawing a tree reads each version's resolveResources anew.
import { md5Hex } from '@tessera/domain';
import type { DependencyTreeNode, VersionTrees } from '../versions';

/** One node of the frozen auth tree: parentNid is its resolver's nid ('' for the node), deep counts from 1. */
export type FrozenAuthNode = {
  nid: string;
  parentNid: string;
  deep: number;
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  version: string;
  versionId: string;
};

/** One node of the frozen dependency tree: parentNid is its parent's nid ('' for the root, deep 1). */
export type FrozenDependencyNode = FrozenAuthNode & { versionRange: string; fileSha1: string };

export type FrozenTrees = { dependencyTree: FrozenDependencyNode[]; authTree: FrozenAuthNode[] };

/** A resource as the top of an exhibit's tree when it has no version (a collection). */
export type FrozenRootResource = { resourceId: string; resourceName: string; resourceType: string[] };

export type ResolveEntry = DependencyTreeNode['resolveResources'][number];

/**
 * The frozen trees of (resourceId, version) as of now; a collection (version '') freezes its root alone.
 * undefined when the resource has no such version.
 */
export async function computeFrozenTrees(
  trees: Pick<VersionTrees, 'versionTree'>,
  callerId: number | null,
  root: FrozenRootResource,
  version: string,
): Promise<FrozenTrees | undefined> {
  if (version === '') return freezeTree(bareNode(root));
  const tree = await trees.versionTree(callerId, root.resourceId, { version });
  return tree && tree.version === version ? freezeTree(tree) : undefined;
}

function bareNode(root: FrozenRootResource): DependencyTreeNode {
  return {
    ...root,
    // The nid the versions' trees would give a root without a version.
    nid: md5Hex(`-${root.resourceId}-`).slice(0, 12),
    version: '',
    versions: [],
    versionRange: '*',
    versionId: '',
    fileSha1: '',
    baseUpcastResources: [],
    resolveResources: [],
    dependencies: [],
  };
}

/** The flattened trees of a computed dependency tree (pure: the exhibits' tests feed it trees directly). */
export function freezeTree(root: DependencyTreeNode): FrozenTrees {
  const dependencyTree: FrozenDependencyNode[] = [];
  const walk = (node: DependencyTreeNode, parentNid: string, deep: number): void => {
    dependencyTree.push({
      ...authNodeOf(node, parentNid, deep),
      versionRange: node.versionRange,
      fileSha1: node.fileSha1,
    });
    for (const child of node.dependencies) walk(child, node.nid, deep + 1);
  };
  walk(root, '', 1);

  // The node resolves the resource itself and its base upcasts (DOMAIN §3.4); below, the nearest
  // ancestor listing a node in its resolveResources resolves it.
  const nodeResolves = new Set([root.resourceId, ...root.baseUpcastResources.map((upcast) => upcast.resourceId)]);
  const byResolver = new Map<string, DependencyTreeNode[]>();
  const assign = (node: DependencyTreeNode, path: DependencyTreeNode[]): void => {
    const resolver = path.findLast((ancestor) =>
      ancestor.resolveResources.some((entry) => entry.resourceId === node.resourceId),
    );
    const key = resolver ? resolver.nid : nodeResolves.has(node.resourceId) ? '' : undefined;
    if (key !== undefined) byResolver.set(key, [...(byResolver.get(key) ?? []), node]);
    for (const child of node.dependencies) assign(child, [...path, node]);
  };
  assign(root, []);
  const authTree: FrozenAuthNode[] = [];
  const emit = (resolverNid: string, deep: number): void => {
    for (const node of byResolver.get(resolverNid) ?? []) {
      authTree.push(authNodeOf(node, resolverNid, deep));
      emit(node.nid, deep + 1);
    }
  };
  emit('', 1);
  return { dependencyTree, authTree };
}

function authNodeOf(node: DependencyTreeNode, parentNid: string, deep: number): FrozenAuthNode {
  return {
    nid: node.nid,
    parentNid,
    deep,
    resourceId: node.resourceId,
    resourceName: node.resourceName,
    resourceType: node.resourceType,
    version: node.version,
    versionId: node.versionId,
  };
}

/**
 * The inverse: the tree the chain check walks (DOMAIN §5.5, §5.6), rebuilt from a frozen dependency
 * tree, each version with what it resolves now (`resolves`, by versionId; a version missing there
 * resolves nothing). undefined when the frozen list has no root.
 */
export function thawTree(
  dependencyTree: readonly FrozenDependencyNode[],
  resolves: ReadonlyMap<string, ResolveEntry[]>,
): DependencyTreeNode | undefined {
  const children = new Map<string, FrozenDependencyNode[]>();
  for (const entry of dependencyTree) children.set(entry.parentNid, [...(children.get(entry.parentNid) ?? []), entry]);
  const build = (entry: FrozenDependencyNode): DependencyTreeNode => ({
    nid: entry.nid,
    resourceId: entry.resourceId,
    resourceName: entry.resourceName,
    resourceType: entry.resourceType,
    version: entry.version,
    versions: [],
    versionRange: entry.versionRange,
    versionId: entry.versionId,
    fileSha1: entry.fileSha1,
    baseUpcastResources: [],
    resolveResources: resolves.get(entry.versionId) ?? [],
    dependencies: (children.get(entry.nid) ?? []).map(build),
  });
  const root = dependencyTree.find((entry) => entry.parentNid === '' && entry.deep === 1);
  return root ? build(root) : undefined;
}

/** Reads a stored tree column (JSON), tolerating an empty text. */
export function parseFrozen<T>(text: string): T[] {
  if (text === '') return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

/** Every versionId a frozen dependency tree names (what thawTree needs resolves for). */
export const versionIdsOf = (dependencyTree: readonly FrozenDependencyNode[]): string[] => [
  ...new Set(dependencyTree.map((entry) => entry.versionId).filter((versionId) => versionId !== '')),
];
