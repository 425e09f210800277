// Trees over versions (DOMAIN §3.3): the dependency tree (each dependency at the highest version its
// range matches now), the three-level relation tree, and what a resource's versions resolve.
import { compareVersionTexts, maxSatisfying, md5Hex, normalizeVersion, satisfiesRange } from '@tessera/domain';
import { badParam } from '../../platform/errors';
import { isTruthyFlag } from '../../platform/projection';
import { isVisibleTo, resourceNotFound, type ResourceQueries, type ResourceRow } from '../resources';
import { versionIdOf } from './create';
import type { VersionRepo, VersionRow } from './repo';
import type { ResolveResourceWire, TreeQuery } from '@tessera/contract/versions';
import { dependenciesOf, parseJson, resolvedOf, resolveWire, type ResourceRef } from './views';

const DEFAULT_MAX_DEEP = 100;

export type DependencyTreeNode = {
  nid: string;
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  version: string;
  versions: string[];
  versionRange: string;
  versionId: string;
  fileSha1: string;
  baseUpcastResources: ResourceRef[];
  resolveResources: ReturnType<typeof resolveWire>[];
  dependencies: DependencyTreeNode[];
};

export type RelationNode = {
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  resourceStatus: number;
  versionRanges: string[];
  versions: string[];
  children: RelationNode[];
};

const nidOf = (parentNid: string, resourceId: string, version: string): string =>
  md5Hex(`${parentNid}-${resourceId}-${version}`).slice(0, 12);
const versionsOf = (row: ResourceRow): string[] =>
  parseJson<{ version: string }[]>(row.resourceVersions).map((entry) => entry.version);

export class VersionTrees {
  readonly #repo: VersionRepo;
  readonly #resources: ResourceQueries;

  constructor(repo: VersionRepo, resources: ResourceQueries) {
    this.#repo = repo;
    this.#resources = resources;
  }

  async #visible(callerId: number | null, resourceId: string): Promise<ResourceRow> {
    const [row] = await this.#resources.rowsByIds([resourceId]);
    if (!row || !isVisibleTo(row, callerId)) throw resourceNotFound();
    return row;
  }

  /** The version a tree starts from: the one asked, the highest in the range, else the latest. */
  #rootVersion(row: ResourceRow, query: Pick<TreeQuery, 'version' | 'versionRange'>): string | undefined {
    if (query.version) {
      const version = normalizeVersion(query.version);
      if (!version) throw badParam('version', 'pattern', 'versions.param.version');
      return versionsOf(row).includes(version) ? version : undefined;
    }
    if (query.versionRange) return maxSatisfying(versionsOf(row), query.versionRange);
    return row.latestVersion || undefined;
  }

  async #versionRows(versionIds: readonly string[]): Promise<Map<string, VersionRow>> {
    return new Map((await this.#repo.findByIds(versionIds)).map((row) => [row.versionId, row]));
  }

  /** The tree of the version the query names, its root included (the auths module's trees start here). */
  async versionTree(
    callerId: number | null,
    resourceId: string,
    query: Pick<TreeQuery, 'version' | 'versionRange' | 'maxDeep'>,
  ): Promise<DependencyTreeNode | undefined> {
    const root = await this.#visible(callerId, resourceId);
    const version = this.#rootVersion(root, query);
    return version ? this.#node(root, version, '*', '', 0, query.maxDeep ?? DEFAULT_MAX_DEEP) : undefined;
  }

  async dependencyTree(
    callerId: number | null,
    resourceId: string,
    query: TreeQuery,
  ): Promise<Record<string, unknown>[]> {
    const node = await this.versionTree(callerId, resourceId, query);
    if (!node) return [];
    const omitted = new Set(
      (query.omitFields ?? '')
        .split(',')
        .map((field) => field.trim())
        .filter((field) => field !== ''),
    );
    const nodes = isTruthyFlag(query.isContainRootNode) ? [node] : node.dependencies;
    return nodes.map((entry) => omit(entry, omitted));
  }

  async #node(
    row: ResourceRow,
    version: string,
    versionRange: string,
    parentNid: string,
    depth: number,
    maxDeep: number,
  ): Promise<DependencyTreeNode> {
    const nid = nidOf(parentNid, row.resourceId, version);
    const versionRow =
      version === ''
        ? undefined
        : (await this.#versionRows([versionIdOf(row.resourceId, version)])).get(versionIdOf(row.resourceId, version));
    const base = {
      nid,
      resourceId: row.resourceId,
      resourceName: row.resourceName,
      resourceType: parseJson<string[]>(row.resourceType),
      version,
      versions: versionsOf(row),
      versionRange,
      versionId: versionRow?.versionId ?? '',
      fileSha1: versionRow?.fileSha1 ?? '',
      baseUpcastResources: parseJson<ResourceRef[]>(row.baseUpcastResources),
      resolveResources: versionRow ? resolvedOf(versionRow).map(resolveWire) : [],
      dependencies: [] as DependencyTreeNode[],
    };
    if (!versionRow || depth >= maxDeep) return base;
    const dependencies = dependenciesOf(versionRow);
    const rows = new Map(
      (await this.#resources.rowsByIds(dependencies.map((dependency) => dependency.resourceId))).map((entry) => [
        entry.resourceId,
        entry,
      ]),
    );
    for (const dependency of dependencies) {
      const dependencyRow = rows.get(dependency.resourceId);
      if (!dependencyRow) continue;
      const chosen = maxSatisfying(versionsOf(dependencyRow), dependency.versionRange) ?? '';
      base.dependencies.push(await this.#node(dependencyRow, chosen, dependency.versionRange, nid, depth + 1, maxDeep));
    }
    return base;
  }

  /**
   * What each of these versions resolves now, with its contracts (an exhibit's frozen tree keeps the
   * versions; their contracts stay live). Versions the store no longer has are left out.
   */
  async resolvesOf(versionIds: readonly string[]): Promise<Map<string, ReturnType<typeof resolveWire>[]>> {
    const rows = await this.#versionRows(versionIds);
    return new Map([...rows].map(([versionId, row]) => [versionId, resolvedOf(row).map(resolveWire)]));
  }

  /** Three levels: the resource, its direct dependencies, their base upcasts. */
  async relationTree(
    callerId: number | null,
    resourceId: string,
    query: Pick<TreeQuery, 'version' | 'versionRange'>,
  ): Promise<RelationNode[]> {
    const root = await this.#visible(callerId, resourceId);
    const version = this.#rootVersion(root, query);
    if (!version) return [relationNode(root, [], [], [])];
    return [await this.relationTreeOf(await this.#node(root, version, '*', '', 0, DEFAULT_MAX_DEEP))];
  }

  /**
   * The relation tree of a version's dependency tree (the auths module reads it with the same tree):
   * each dependency with its range and the versions matching it, each of its base upcasts with the
   * ranges and versions found for it below the dependency (`upcastNodesBelow`).
   */
  async relationTreeOf(tree: DependencyTreeNode): Promise<RelationNode> {
    const upcastIds = (node: DependencyTreeNode) => node.baseUpcastResources.map((upcast) => upcast.resourceId);
    const ids = [tree.resourceId, ...tree.dependencies.flatMap((node) => [node.resourceId, ...upcastIds(node)])];
    const rows = new Map((await this.#resources.rowsByIds([...new Set(ids)])).map((row) => [row.resourceId, row]));
    const children = tree.dependencies.flatMap((dependency) => {
      const row = rows.get(dependency.resourceId);
      if (!row) return [];
      const upcasts = upcastIds(dependency).flatMap((upcastId) => {
        const upcastRow = rows.get(upcastId);
        if (!upcastRow) return [];
        const found = upcastNodesBelow(dependency, upcastId);
        const versions = found.map((node) => node.version).filter((version) => version !== '');
        return [relationNode(upcastRow, unique(found.map((node) => node.versionRange)), unique(versions), [])];
      });
      const range = dependency.versionRange;
      const matching = versionsOf(row).filter((version) => satisfiesRange(version, range));
      return [relationNode(row, [range], matching, upcasts)];
    });
    const root = rows.get(tree.resourceId);
    if (!root) throw resourceNotFound();
    return relationNode(root, [], [tree.version], children);
  }

  /** Per resolved resource, the versions that resolve it and their contracts for it. */
  async resolveResources(callerId: number | null, resourceId: string): Promise<ResolveResourceWire[]> {
    await this.#visible(callerId, resourceId);
    const byResource = new Map<string, ResolveResourceWire>();
    const versions = (await this.#repo.ofResources([resourceId])).sort((a, b) =>
      compareVersionTexts(a.version, b.version),
    );
    for (const version of versions) {
      for (const resolved of resolvedOf(version)) {
        const entry = byResource.get(resolved.resourceId) ?? {
          resourceId: resolved.resourceId,
          resourceName: resolved.resourceName,
          versions: [],
        };
        const { contracts } = resolveWire(resolved);
        entry.versions.push({ version: version.version, versionId: version.versionId, contracts });
        byResource.set(resolved.resourceId, entry);
      }
    }
    return [...byResource.values()];
  }
}

/**
 * The nodes of `upcastId` below `dependency` that no version on the way resolves (DOMAIN §3.3): what
 * `dependency` upcasts to the version above it, in tree order. A node below a version that lists
 * `upcastId` in its resolveResources is that version's to license, not the one above.
 */
export function upcastNodesBelow(dependency: DependencyTreeNode, upcastId: string): DependencyTreeNode[] {
  if (dependency.resolveResources.some((entry) => entry.resourceId === upcastId)) return [];
  return dependency.dependencies.flatMap((child) => [
    ...(child.resourceId === upcastId ? [child] : []),
    ...upcastNodesBelow(child, upcastId),
  ]);
}

function relationNode(
  row: ResourceRow,
  versionRanges: string[],
  versions: string[],
  children: RelationNode[],
): RelationNode {
  return {
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    resourceType: parseJson<string[]>(row.resourceType),
    resourceStatus: row.isFrozen ? 2 : row.status,
    versionRanges,
    versions,
    children,
  };
}

const unique = (texts: string[]): string[] => [...new Set(texts)];

function omit(node: DependencyTreeNode, fields: ReadonlySet<string>): Record<string, unknown> {
  const entries = Object.entries(node).filter(([field]) => !fields.has(field));
  return Object.fromEntries(
    entries.map(([field, value]) => [
      field,
      field === 'dependencies' ? (value as DependencyTreeNode[]).map((child) => omit(child, fields)) : value,
    ]),
  );
}
