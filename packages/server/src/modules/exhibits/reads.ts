// Exhibit reads (API.md §3.3): by id, by node and resource or name, the node's list, lists by ids, the
// exhibits a node contract serves and the frozen trees. The node owner sees every exhibit of the node;
// anyone else only online exhibits of a public node that is not frozen, without the owner's fields.
import { ErrCode, type Language, type Page } from '@tessera/domain';
import type {
  PresentableDetailQuery,
  PresentableListQuery,
  PresentableReadQuery,
  PresentableView,
  PresentableWire,
} from '@tessera/contract/exhibits';
import type { AuthTreeItemWire } from '@tessera/contract/auths';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import { AppError, badParam } from '../../platform/errors';
import { projected, projectionFields } from '../../platform/projection';
import type { NodeQueries } from '../nodes';
import type { PolicyCatalog } from '../policies';
import { textsForReader, type ResourceQueries, type ResourceRow } from '../resources';
import type { VersionService, VersionTrees } from '../versions';
import type { ExhibitRepo, PresentableRow, PresentableVersionRow } from './repo';
import { isOpenToOthers, isOwner, presentableWire, resolveResourcesOf, type Reader, type WireExtras } from './views';

/** authStatus of each exhibit, computed by the auth chain (0 until it is wired). */
export type AuthStatusSource = (rows: readonly PresentableRow[]) => Promise<Map<string, number>>;

/** The auth tree of an exhibit's version with the contracts named now (the auth chain's). */
export type AuthTreeSource = (row: PresentableRow, version: PresentableVersionRow) => Promise<AuthTreeItemWire[][]>;

export type ExhibitReadsDeps = {
  repo: ExhibitRepo;
  nodes: NodeQueries;
  resources: Pick<ResourceQueries, 'rowsByIds'>;
  versions: Pick<VersionService, 'detail'>;
  versionTrees: Pick<VersionTrees, 'relationTree'>;
  policies: PolicyCatalog;
  authStatus?: AuthStatusSource;
  authTree?: AuthTreeSource;
};

const MAX_IDS = 100;
const MAX_CONTRACT_IDS = 300;

const WIRE_FIELDS: readonly (keyof PresentableWire)[] = [
  'presentableId',
  'presentableName',
  'presentableTitle',
  'intro',
  'nodeId',
  'userId',
  'resourceInfo',
  'version',
  'policies',
  'resolveResources',
  'tags',
  'coverImages',
  'onlineStatus',
  'authStatus',
  'ignoredUpdateVersion',
  'status',
  'createDate',
  'updateDate',
  'versionProperty',
  'latestVersion',
  'isShowVersionUpdateTip',
  'customPropertyDescriptors',
  'presentableRewriteProperty',
  'resourceVersionInfo',
];

const notFound = (presentableId: string): AppError =>
  new AppError(ErrCode.Business, 'exhibits.notFound', { presentableId });

function csv(text: string | undefined, field: string, limit = MAX_IDS): string[] | undefined {
  if (text === undefined) return undefined;
  const items = [
    ...new Set(
      text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  ];
  if (items.length > limit) throw badParam(field, 'maxItems', 'errors.param.maxItems', { limit });
  return items;
}

type ReadFlags = PresentableReadQuery & { isLoadVersionUpdateTip?: number };

export class ExhibitReads {
  readonly #deps: ExhibitReadsDeps;

  constructor(deps: ExhibitReadsDeps) {
    this.#deps = deps;
  }

  /** The node is open to this reader: the owner, or anyone while it is public, live and not frozen. */
  async #nodeOpenTo(nodeId: number, reader: Reader): Promise<{ open: boolean; owner: boolean }> {
    const node = await this.#deps.nodes.findNode(nodeId);
    if (!node) return { open: false, owner: false };
    if (node.ownerUserId === reader.callerId) return { open: true, owner: true };
    return { open: isOpenToOthers(node), owner: false };
  }

  async #visible(rows: readonly PresentableRow[], reader: Reader): Promise<PresentableRow[]> {
    const nodes = new Map<number, { open: boolean; owner: boolean }>();
    for (const nodeId of new Set(rows.map((row) => row.nodeId)))
      nodes.set(nodeId, await this.#nodeOpenTo(nodeId, reader));
    return rows.filter((row) => {
      const node = nodes.get(row.nodeId);
      return node?.owner || (node?.open && row.onlineStatus === 1);
    });
  }

  /** The exhibit when the reader may see it; errCode 2 otherwise (a hidden exhibit looks missing). */
  async visibleRow(presentableId: string, reader: Reader): Promise<PresentableRow> {
    const row = await this.#deps.repo.findById(presentableId);
    const [visible] = row ? await this.#visible([row], reader) : [];
    if (!visible) throw notFound(presentableId);
    return visible;
  }

  async byId(presentableId: string, query: PresentableReadQuery, reader: Reader, language: Language) {
    const row = await this.visibleRow(presentableId, reader);
    const [view] = await this.views([row], query, reader, language);
    return view as PresentableView;
  }

  async detail(query: PresentableDetailQuery, reader: Reader, language: Language): Promise<PresentableView | null> {
    const row = await this.#deps.repo.findInNode(query.nodeId, query);
    const [visible] = row ? await this.#visible([row], reader) : [];
    if (!visible) return null;
    const [view] = await this.views([visible], query, reader, language);
    return view ?? null;
  }

  async list(query: PresentableListQuery, reader: Reader, language: Language): Promise<Page<PresentableView>> {
    const { open, owner } = await this.#nodeOpenTo(query.nodeId, reader);
    const empty = { skip: query.skip, limit: query.limit, totalItem: 0, dataList: [] };
    if (!open) return empty;
    const wanted = query.onlineStatus ?? 1;
    const onlineStatus = !owner ? 1 : wanted === 2 ? undefined : wanted;
    let rows = await this.#deps.repo.listInNode({ nodeId: query.nodeId, onlineStatus });
    rows = await this.#filtered(rows, query);
    const page = rows.slice(query.skip, query.skip + query.limit);
    return {
      skip: query.skip,
      limit: query.limit,
      totalItem: rows.length,
      dataList: await this.views(page, query, reader, language),
    };
  }

  /** The type, tag and keyword filters of the list. */
  async #filtered(rows: PresentableRow[], query: PresentableListQuery): Promise<PresentableRow[]> {
    const lower = (text: string) => text.toLowerCase();
    const typeOf = (row: PresentableRow) => (JSON.parse(row.resourceType) as string[]).map(lower);
    if (query.resourceType) {
      const wanted = lower(query.resourceType.trim());
      rows = rows.filter((row) => typeOf(row).includes(wanted));
    }
    if (query.omitResourceType) {
      const omitted = lower(query.omitResourceType.trim());
      rows = rows.filter((row) => !typeOf(row).includes(omitted));
    }
    if (query.resourceTypeCode) {
      const code = query.resourceTypeCode.trim();
      const resources = await this.#resourcesOf(rows);
      rows = rows.filter((row) => (resources.get(row.resourceId)?.resourceTypeCode ?? '').startsWith(code));
    }
    const tags = csv(query.tags, 'tags', 20);
    if (tags && tags.length > 0)
      rows = rows.filter((row) => (JSON.parse(row.tags) as string[]).some((tag) => tags.includes(tag)));
    const keywords = query.keywords?.trim();
    if (keywords) {
      const words = lower(keywords).split(/\s+/);
      rows = rows.filter((row) => {
        const text = lower(`${row.presentableName} ${row.presentableTitle} ${row.resourceName}`);
        return words.every((word) => text.includes(word));
      });
    }
    return rows;
  }

  /** GET /v2/presentables/list: by ids, resource ids or names, or resolved resource ids. */
  async listBy(
    query: {
      nodeId?: number;
      userId?: number;
      presentableIds?: string;
      resourceIds?: string;
      resourceNames?: string;
      resolveResourceIds?: string;
    } & PresentableReadQuery,
    reader: Reader,
    language: Language,
  ): Promise<PresentableView[]> {
    const presentableIds = csv(query.presentableIds, 'presentableIds');
    const resourceIds = csv(query.resourceIds, 'resourceIds');
    const resourceNames = csv(query.resourceNames, 'resourceNames');
    const resolveResourceIds = csv(query.resolveResourceIds, 'resolveResourceIds');
    const lists = [presentableIds, resourceIds, resourceNames, resolveResourceIds];
    if (lists.every((list) => list === undefined) && query.nodeId === undefined && query.userId === undefined)
      return [];
    let rows = await this.#deps.repo.listBy({
      nodeId: query.nodeId,
      userId: query.userId,
      presentableIds,
      resourceIds,
      resourceNames,
    });
    if (resolveResourceIds)
      rows = rows.filter((row) => resolveResourcesOf(row).some((item) => resolveResourceIds.includes(item.resourceId)));
    return this.views(await this.#visible(rows, reader), query, reader, language);
  }

  /** Per node contract, the node's exhibits that resolve through it (the node owner only). */
  async contractAppliedPresentable(userId: number, nodeId: number, contractIdsText: string) {
    await this.#deps.nodes.ownNode(userId, nodeId);
    const contractIds = csv(contractIdsText, 'contractIds', MAX_CONTRACT_IDS) ?? [];
    const rows = await this.#deps.repo.listInNode({ nodeId });
    return contractIds.map((contractId) => ({
      contractId,
      presentables: rows
        .filter((row) =>
          resolveResourcesOf(row).some((item) => item.contracts.some((contract) => contract.contractId === contractId)),
        )
        .map((row) => ({
          presentableId: row.presentableId,
          presentableName: row.presentableName,
          presentableTitle: row.presentableTitle,
        })),
    }));
  }

  async views(
    rows: readonly PresentableRow[],
    query: ReadFlags,
    reader: Reader,
    language: Language,
  ): Promise<PresentableView[]> {
    const ids = rows.map((row) => row.presentableId);
    const bindings = await this.#deps.repo.policiesOf(ids);
    const needsVersion =
      query.isLoadVersionProperty === 1 ||
      query.isLoadCustomPropertyDescriptors === 1 ||
      rows.some((row) => isOwner(row, reader));
    const versions = needsVersion ? await this.#deps.repo.currentVersions(rows) : new Map();
    const policies =
      query.isLoadPolicyInfo === 1
        ? await this.#deps.policies.wiresOf(
            bindings.map((binding) => binding.policyId),
            { isTranslate: query.isTranslate === 1, language },
          )
        : undefined;
    const resources =
      query.isLoadResourceDetailInfo === 1 || query.isLoadVersionUpdateTip === 1
        ? await this.#resourcesOf(rows)
        : new Map<string, ResourceRow>();
    const authStatus = this.#deps.authStatus ? await this.#deps.authStatus(rows) : new Map<string, number>();
    const fields = projectionFields<PresentableWire>(query.projection, WIRE_FIELDS);
    const views: PresentableView[] = [];
    for (const row of rows) {
      const resource = resources.get(row.resourceId);
      const extras: WireExtras = {
        policies: policies as ReadonlyMap<string, PolicyBindingWire> | undefined,
        version: versions.get(row.presentableId),
        withVersionProperty: query.isLoadVersionProperty === 1,
        withDescriptors: query.isLoadCustomPropertyDescriptors === 1,
        authStatus: authStatus.get(row.presentableId),
      };
      const texts = resource ? textsForReader(resource, { language, readerId: reader.callerId }) : {};
      if (resource && query.isLoadResourceDetailInfo === 1)
        extras.resourceDetail = {
          resourceTitle: texts.resourceTitle ?? resource.resourceTitle,
          intro: texts.intro ?? resource.intro,
          coverImages: JSON.parse(resource.coverImages) as string[],
          latestVersion: resource.latestVersion,
          resourceStatus: resource.status,
        };
      if (resource && query.isLoadVersionUpdateTip === 1) extras.latestVersion = resource.latestVersion;
      if (query.isLoadResourceVersionInfo === 1 && row.version !== '')
        extras.resourceVersionInfo = await this.#deps.versions.detail(null, row.resourceId, row.version);
      const owned = bindings.filter((binding) => binding.presentableId === row.presentableId);
      views.push(projected(presentableWire(row, owned, reader, extras), fields));
    }
    return views;
  }

  async #resourcesOf(rows: readonly PresentableRow[]): Promise<Map<string, ResourceRow>> {
    const found = await this.#deps.resources.rowsByIds([...new Set(rows.map((row) => row.resourceId))]);
    return new Map(found.map((resource) => [resource.resourceId, resource]));
  }

  // ── trees ──

  /** The frozen dependency tree of the chosen (or another chosen) version, flattened (DOMAIN §2.18). */
  async dependencyTree(
    presentableId: string,
    query: { version?: string; maxDeep?: number; nid?: string; isContainRootNode?: string },
    reader: Reader,
  ): Promise<unknown[]> {
    const { version } = await this.#chosenVersion(presentableId, query, reader);
    return trimFlatTree(JSON.parse(version.dependencyTree) as FlatNode[], query);
  }

  /**
   * The auth tree of the chosen (or another chosen) version as DOMAIN §3.3 answers it: an array of
   * arrays, the node's groups on top with the node's contracts (the owner's: others see none, as in
   * the exhibit's resolveResources), each item's children the groups its version resolves.
   */
  async authTree(presentableId: string, query: { version?: string }, reader: Reader): Promise<AuthTreeItemWire[][]> {
    const { row, version } = await this.#chosenVersion(presentableId, query, reader);
    const tree = this.#deps.authTree ? await this.#deps.authTree(row, version) : [];
    return isOwner(row, reader) ? tree : tree.map((group) => group.map((item) => ({ ...item, contracts: [] })));
  }

  async #chosenVersion(presentableId: string, query: { version?: string }, reader: Reader) {
    const row = await this.visibleRow(presentableId, reader);
    const version = await this.#deps.repo.findVersion(presentableId, query.version?.trim() || row.version);
    if (!version) throw new AppError(ErrCode.Business, 'exhibits.versionNotFound', { version: query.version });
    return { row, version };
  }

  async relationTree(presentableId: string, query: { version?: string }, reader: Reader) {
    const row = await this.visibleRow(presentableId, reader);
    if (row.version === '') return [];
    return this.#deps.versionTrees.relationTree(null, row.resourceId, {
      version: query.version?.trim() || row.version,
    });
  }
}

type FlatNode = { nid?: string; parentNid?: string; deep?: number };

/** maxDeep, nid (that node and what is below it) and isContainRootNode over a flattened tree. */
function trimFlatTree(
  nodes: readonly FlatNode[],
  query: { maxDeep?: number; nid?: string; isContainRootNode?: string },
): FlatNode[] {
  let result = [...nodes];
  if (query.nid) {
    const keep = new Set([query.nid]);
    for (const node of nodes) if (node.parentNid && keep.has(node.parentNid) && node.nid) keep.add(node.nid);
    result = result.filter((node) => node.nid !== undefined && keep.has(node.nid));
  }
  const top = Math.min(...result.map((node) => node.deep ?? 0));
  if (query.maxDeep !== undefined) result = result.filter((node) => (node.deep ?? 0) - top <= (query.maxDeep ?? 0));
  if (query.isContainRootNode === 'false' || query.isContainRootNode === '0')
    result = result.filter((node) => (node.deep ?? 0) !== top);
  return result;
}
