// The authorisation chain over one dependency tree (DOMAIN §3.3, §5.6): who resolves each node, the
// auth tree grouped per resolver and resolved resource, and the first contract check that fails.
import { AuthCode, contractsVerdict, isAuthorizedCode, type ContractStanding } from '@tessera/domain';
import type { AuthTreeItemWire } from '@tessera/contract/auths';
import type { DependencyTreeNode } from '../versions';

type TreeNode = DependencyTreeNode;
export type ResolveEntry = TreeNode['resolveResources'][number];

/** The nodes one resolver licenses for one resource, and the contracts it holds for them. */
export type ResolvedGroup = { resolver: TreeNode; resolve: ResolveEntry; nodes: TreeNode[] };

/** A group whose contracts do not authorise it, with the code of DOMAIN §5.3 (301, 304, 306 or 307). */
export type FailedGroup = ResolvedGroup & { authCode: AuthCode };

const resolves = (node: TreeNode, resourceId: string): boolean =>
  node.resolveResources.some((entry) => entry.resourceId === resourceId);

export class ResolvedTree {
  readonly root: TreeNode;
  /** Each resolver → the nodes below it that it resolves; a node every ancestor upcasts is the top licensee's. */
  readonly #resolvedBy = new Map<TreeNode, TreeNode[]>();

  constructor(root: TreeNode) {
    this.root = root;
    const visit = (node: TreeNode, path: TreeNode[]): void => {
      for (const child of node.dependencies) {
        // The nearest ancestor listing the child resolves it; the ones between upcast it (DOMAIN §3.2).
        const resolver = path.findLast((ancestor) => resolves(ancestor, child.resourceId));
        if (resolver) this.#resolvedBy.set(resolver, [...(this.#resolvedBy.get(resolver) ?? []), child]);
        visit(child, [...path, child]);
      }
    };
    visit(root, [root]);
  }

  /** What a version resolves that appears in the tree, per resource in the order of its resolveResources. */
  groupsOf(resolver: TreeNode): ResolvedGroup[] {
    const resolved = this.#resolvedBy.get(resolver) ?? [];
    return resolver.resolveResources
      .map((resolve) => ({
        resolver,
        resolve,
        nodes: resolved.filter((node) => node.resourceId === resolve.resourceId),
      }))
      .filter((group) => group.nodes.length > 0);
  }

  /** The auth tree of a version: one inner array per resource it resolves, each item with its own groups. */
  authTree(resolver: TreeNode = this.root): AuthTreeItemWire[][] {
    return this.groupsOf(resolver).map(({ resolve, nodes }) =>
      nodes.map((node) => ({
        nid: node.nid,
        resourceId: node.resourceId,
        resourceName: node.resourceName,
        resourceType: node.resourceType,
        version: node.version,
        versionId: node.versionId,
        versionRange: node.versionRange,
        fileSha1: node.fileSha1,
        contracts: resolve.contracts,
        children: this.authTree(node),
      })),
    );
  }

  /** Every contract id the tree's versions name. */
  contractIds(): string[] {
    const ids = new Set<string>();
    for (const node of subtreeOf(this.root))
      for (const entry of node.resolveResources) for (const contract of entry.contracts) ids.add(contract.contractId);
    return [...ids];
  }

  /**
   * DOMAIN §5.6 over the subtree of `start` (itself included): the first version, in tree order, whose
   * contracts for a resource it resolves among its children authorise none; undefined when all pass.
   */
  firstUpstreamFailure(
    standings: ReadonlyMap<string, ContractStanding>,
    start: TreeNode = this.root,
  ): FailedGroup | undefined {
    for (const resolver of subtreeOf(start)) {
      for (const group of this.groupsOf(resolver)) {
        const authCode = groupVerdict(group.resolve, standings);
        if (!isAuthorizedCode(authCode)) return { ...group, authCode };
      }
    }
    return undefined;
  }

  /** Whether any version in the subtree of `start` resolves something of the tree (else 203 rather than 200). */
  resolvesAnything(start: TreeNode = this.root): boolean {
    return subtreeOf(start).some((node) => this.groupsOf(node).length > 0);
  }
}

/** A resolver's contracts for one resource, judged; contracts the store no longer has count as absent. */
export function groupVerdict(resolve: ResolveEntry, standings: ReadonlyMap<string, ContractStanding>): AuthCode {
  const known = resolve.contracts.flatMap(({ contractId }) => {
    const standing = standings.get(contractId);
    return standing ? [standing] : [];
  });
  return contractsVerdict(known, AuthCode.ContractIncomplete);
}

/** The node and everything below it, in tree order (pre-order). */
function subtreeOf(node: TreeNode): TreeNode[] {
  return [node, ...node.dependencies.flatMap(subtreeOf)];
}
