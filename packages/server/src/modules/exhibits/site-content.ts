// What a node site's theme reads in-process (issue 14, the default theme and theme apps): the node's
// online exhibits by page with their pricing, the visitor's auth results for a page of them in one
// call (the full chain, as batch auth with authType 4), and an exhibit's own file once the visitor may
// have it. Themes decide how to show them; the auth rules stay here (DOMAIN §5.4).
import type { Readable } from 'node:stream';
import { isAuthorizedCode } from '@tessera/domain';
import type { FileCatalog } from '../files';
import type { PolicyCatalog } from '../policies';
import { AuthLayers, type AuthVerdict } from './chain';
import type { ExhibitAuths } from './exhibit-auths';
import type { FrozenDependencyNode } from './frozen-trees';
import type { ExhibitRepo, PresentablePolicyRow, PresentableRow } from './repo';

/** An exhibit as a site shows it. */
export type SiteExhibit = {
  exhibitId: string;
  exhibitName: string;
  nodeId: number;
  title: string;
  intro: string;
  resourceId: string;
  resourceName: string;
  resourceType: string[];
  coverImages: string[];
  tags: string[];
  version: string;
  onlineStatus: number;
  /** From the enabled policies: some free one, only paid ones, none. Only `list` reads it. */
  pricing?: 'free' | 'paid' | 'unknown';
};

/** A visitor's auth result (DOMAIN §5.2) as far as a site needs it. */
export type SiteAuth = { authCode: number; isAuth: boolean; defaulterIdentityType: number };

export type SiteListQuery = {
  keywords: string;
  /** A level-1 type code; '' for all. */
  type: string;
  skip: number;
  limit: number;
};

/** One entry of the exhibit's frozen dependency tree (a collection's items are the root's children). */
export type SiteDependency = Pick<FrozenDependencyNode, 'nid' | 'resourceId' | 'resourceName' | 'resourceType'>;

/** What the visitor may have of one exhibit. */
export type SiteAccess = {
  auth: SiteAuth;
  /** Present when authorised: the exhibit's own file (the root version's), when it has one. */
  file?: { sha1: string; fileSize: number; mime: string; open(): Promise<Readable> };
  /** Present when authorised: the root's direct dependencies in tree order. */
  dependencies?: SiteDependency[];
};

export type ExhibitSiteDeps = {
  repo: ExhibitRepo;
  auths: ExhibitAuths;
  files: Pick<FileCatalog, 'find' | 'open'>;
  policies: Pick<PolicyCatalog, 'wiresOf'>;
};

const isThemeType = (types: readonly string[]) => (types[0] ?? '').startsWith('theme');
const parseList = (json: string): string[] => JSON.parse(json) as string[];

export class ExhibitSiteContent {
  readonly #deps: ExhibitSiteDeps;

  constructor(deps: ExhibitSiteDeps) {
    this.#deps = deps;
  }

  /** The node's exhibit by id, online or not (the caller decides who may see an offline one). */
  async find(nodeId: number, exhibitId: string): Promise<SiteExhibit | undefined> {
    if (!/^[0-9a-f]{24}$/.test(exhibitId)) return undefined;
    const row = await this.#deps.repo.findById(exhibitId);
    return row && row.nodeId === nodeId ? siteExhibitOf(row) : undefined;
  }

  /** A page of the node's online exhibits, newest first, themes left out; keywords match name or title. */
  async list(nodeId: number, query: SiteListQuery): Promise<{ totalItems: number; exhibits: SiteExhibit[] }> {
    const keywords = query.keywords.trim().toLowerCase();
    const rows = (await this.#deps.repo.listInNode({ nodeId, onlineStatus: 1 })).filter((row) => {
      const types = parseList(row.resourceType);
      if (isThemeType(types)) return false;
      if (query.type !== '' && types[0] !== query.type) return false;
      return (
        keywords === '' ||
        row.presentableName.toLowerCase().includes(keywords) ||
        row.presentableTitle.toLowerCase().includes(keywords)
      );
    });
    const page = rows.slice(query.skip, query.skip + query.limit);
    return { totalItems: rows.length, exhibits: await this.#withPricing(page) };
  }

  /** The visitor's results for these exhibits of the node (all three layers), in one batched check. */
  async authorise(
    nodeId: number,
    exhibitIds: readonly string[],
    viewerId: number | null,
  ): Promise<Map<string, SiteAuth>> {
    const rows = (await this.#deps.repo.findMany(exhibitIds)).filter((row) => row.nodeId === nodeId);
    const outcomes = await this.#deps.auths.consumer.checkMany(rows, viewerId, AuthLayers.Full);
    return new Map(rows.map((row, index) => [row.presentableId, authOf(outcomes[index]?.verdict)]));
  }

  /** The visitor's result for one exhibit of the node and, when authorised, its file and dependencies. */
  async access(nodeId: number, exhibitId: string, viewerId: number | null): Promise<SiteAccess> {
    const row = await this.#deps.repo.findById(exhibitId);
    const outcome = await this.#deps.auths.consumer.check(
      row?.nodeId === nodeId ? row : undefined,
      viewerId,
      AuthLayers.Full,
    );
    const auth = authOf(outcome.verdict);
    if (!auth.isAuth || !outcome.chain) return { auth };
    const tree = outcome.chain.dependencyTree;
    const root = tree.find((entry) => entry.parentNid === '');
    const dependencies = root
      ? tree
          .filter((entry) => entry.parentNid === root.nid)
          .map(({ nid, resourceId, resourceName, resourceType }) => ({ nid, resourceId, resourceName, resourceType }))
      : [];
    const record = root && root.fileSha1 !== '' ? await this.#deps.files.find(root.fileSha1) : undefined;
    if (!record) return { auth, dependencies };
    const { files } = this.#deps;
    return {
      auth,
      dependencies,
      file: {
        sha1: record.sha1,
        fileSize: record.fileSize,
        mime: record.metaInfo?.mime ?? 'application/octet-stream',
        open: () => files.open(record.sha1),
      },
    };
  }

  async #withPricing(rows: readonly PresentableRow[]): Promise<SiteExhibit[]> {
    const bindings = (await this.#deps.repo.policiesOf(rows.map((row) => row.presentableId))).filter(
      (binding) => binding.status === 1,
    );
    const wires = await this.#deps.policies.wiresOf([...new Set(bindings.map((binding) => binding.policyId))], {
      isTranslate: false,
      language: 'zh_CN',
    });
    const pricingOf = (row: PresentableRow): SiteExhibit['pricing'] => {
      const own: PresentablePolicyRow[] = bindings.filter((binding) => binding.presentableId === row.presentableId);
      if (own.some((binding) => wires.get(binding.policyId)?.isFree === 1)) return 'free';
      return own.length > 0 ? 'paid' : 'unknown';
    };
    return rows.map((row) => ({ ...siteExhibitOf(row), pricing: pricingOf(row) }));
  }
}

function siteExhibitOf(row: PresentableRow): SiteExhibit {
  return {
    exhibitId: row.presentableId,
    exhibitName: row.presentableName,
    nodeId: row.nodeId,
    title: row.presentableTitle || row.presentableName,
    intro: row.intro,
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    resourceType: parseList(row.resourceType),
    coverImages: parseList(row.coverImages),
    tags: parseList(row.tags),
    version: row.version,
    onlineStatus: row.onlineStatus,
  };
}

function authOf(verdict: AuthVerdict | undefined): SiteAuth {
  if (!verdict) throw new Error('an exhibit was left unchecked');
  return {
    authCode: verdict.authCode,
    isAuth: isAuthorizedCode(verdict.authCode),
    defaulterIdentityType: verdict.defaulter,
  };
}
