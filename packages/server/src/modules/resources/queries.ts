// Reading resources (DOMAIN §2.5, §1.4): the market, details by id or name, batch look-ups, counts,
// recommended themes, and the short form other modules list. Another user's unreleased resource is
// never shown; released ones are public (frozen ones as status 2, never in other users' market lists).
import {
  ErrCode,
  isHex24,
  isResourceName,
  isUsername,
  type Language,
  type Page,
  ResourceStatus,
} from '@tessera/domain';
import type { Config } from '../../platform/config';
import type { PortList } from '../../platform/modules';
import { AppError, badParam } from '../../platform/errors';
import type { TypeCatalogue } from './catalogue/service';
import { decodeIdOrName } from '../../platform/http/requests';
import { listOf } from './inputs';
import { keywordWords } from './search-text';
import type { PolicyCatalog } from '../policies';
import { isTruthyFlag, projectionFields } from '../../platform/projection';
import { type BindingRow, type ResourceFilter, type ResourceRepo, type ResourceRow } from './repo';
import {
  MAX_IDS_PER_CALL,
  type CountQuery,
  type ListQuery,
  type ReadOptionsQuery,
  type RecommendQuery,
  type ResourceView,
  type ResourceWire,
  type SearchQuery,
} from '@tessera/contract/resources';
import { isOwnerView, pageRequest, searchFilter, typeCodesFor } from './search-filter';
import { MarketPageCache } from './market-cache';
import { sharedReads } from '../../platform/shared-reads';
import {
  isVisibleTo,
  projectedResource,
  RESOURCE_FIELDS,
  resourceSummary,
  resourceWire,
  type ResourceExtras,
  type ResourceReader,
  type ResourceSummary,
} from './views';

const RECOMMEND_LIMIT = 20;
const RECOMMEND_TAGS: Record<number, string> = { 1: '推荐主题', 2: '占位主题' };
const THEME_CODE = 'theme';

/** The version records the versions module keeps (`isLoadLatestVersionInfo`). */
export type LatestVersionSource = {
  latestVersionInfos(resourceIds: readonly string[]): Promise<Map<string, Record<string, unknown>>>;
};

export type ReadOptions = {
  policyInfo: boolean;
  translate: boolean;
  latestVersionInfo: boolean;
  freezeReason: boolean;
  fields: (keyof ResourceWire)[] | null;
  language: Language;
  /** Who reads: everyone but the owner reads the title and intro in their language (translations.ts). */
  readerId: number | null;
};

/** Filters of lists that show resources another module picked (favourites). */
export type ResourceListFilter = {
  keywords?: string;
  resourceType?: string;
  resourceTypeCode?: string;
  resourceTypeCategory?: number;
  omitResourceType?: string;
  resourceStatus?: number;
};

export const resourceNotFound = (): AppError => new AppError(ErrCode.Business, 'resources.notFound');

export function readOptions(query: ReadOptionsQuery, language: Language, readerId: number | null): ReadOptions {
  return {
    policyInfo: isTruthyFlag(query.isLoadPolicyInfo),
    translate: isTruthyFlag(query.isTranslate),
    latestVersionInfo: isTruthyFlag(query.isLoadLatestVersionInfo),
    freezeReason: isTruthyFlag(query.isLoadFreezeReason),
    fields: projectionFields(query.projection, RESOURCE_FIELDS),
    language,
    readerId,
  };
}

/** Every field, nothing extra: what writes answer. */
export const plainRead = (language: Language, readerId: number | null): ReadOptions => ({
  policyInfo: false,
  translate: false,
  latestVersionInfo: false,
  freezeReason: false,
  fields: null,
  language,
  readerId,
});

/** `username/name` lower-cased (the name key); null when it is not shaped like a full resource name. */
function fullNameKey(text: string): string | null {
  const slash = text.indexOf('/');
  if (slash <= 0) return null;
  return isUsername(text.slice(0, slash)) && isResourceName(text.slice(slash + 1)) ? text.toLowerCase() : null;
}

export class ResourceQueries {
  readonly #repo: ResourceRepo;
  readonly #policies: PolicyCatalog;
  readonly #catalogue: TypeCatalogue;
  readonly #config: Config;
  readonly #versions: PortList<LatestVersionSource>;
  readonly #marketPages: MarketPageCache<Page<ResourceView>>;

  constructor({
    repo,
    policies,
    catalogue,
    config,
    versions,
  }: {
    repo: ResourceRepo;
    policies: PolicyCatalog;
    catalogue: TypeCatalogue;
    config: Config;
    /** The versions module, when the app has it (the latest version's data). */
    versions: PortList<LatestVersionSource>;
  }) {
    this.#repo = repo;
    this.#policies = policies;
    this.#catalogue = catalogue;
    this.#versions = versions;
    this.#config = config;
    this.#marketPages = new MarketPageCache(sharedReads(() => repo.marketGeneration()));
  }

  async views(rows: readonly ResourceRow[], options: ReadOptions): Promise<ResourceView[]> {
    const ids = rows.map((row) => row.resourceId);
    const bindings = await this.#repo.bindingsOf(ids);
    const extras: ResourceExtras = { reader: options };
    if (options.policyInfo) {
      extras.policyInfo = await this.#policies.wiresOf(
        [...bindings.values()].flat().map((binding) => binding.policyId),
        { isTranslate: options.translate, language: options.language },
      );
    }
    if (options.freezeReason)
      extras.freezeRecords = await this.#repo.latestFreezeRecords(
        rows.filter((row) => row.isFrozen).map((row) => row.resourceId),
      );
    if (options.latestVersionInfo) {
      const released = rows.filter((row) => row.latestVersion !== '').map((row) => row.resourceId);
      const versions = this.#versions.optional();
      extras.latestVersionInfo =
        versions && released.length > 0 ? await versions.latestVersionInfos(released) : new Map();
    }
    return rows.map((row) =>
      projectedResource(resourceWire(row, bindings.get(row.resourceId) ?? [], extras), options.fields),
    );
  }

  /** The whole resource as writes answer it. */
  async wire(row: ResourceRow, language: Language): Promise<ResourceWire> {
    const [view] = await this.views([row], plainRead(language, row.userId));
    return view as ResourceWire;
  }

  /** A resource by id or `username/name` (any case), whoever may see it; errCode 4 when neither shape. */
  async findByIdOrName(idOrName: string): Promise<ResourceRow | undefined> {
    if (isHex24(idOrName)) return this.#repo.findById(idOrName);
    const nameKey = fullNameKey(idOrName);
    if (!nameKey) throw badParam('resourceIdOrName', 'pattern', 'resources.param.resourceIdOrName');
    return this.#repo.findByNameKey(nameKey);
  }

  /**
   * The market (DOMAIN §1.4 paging): online resources for everyone, the caller's own in any state.
   * Pages that are the same for every caller and read only this module's tables and the immutable
   * policies are kept while the market does not change (market-cache.ts).
   */
  search(callerId: number | null, query: SearchQuery, language: Language): Promise<Page<ResourceView>> {
    const options = readOptions(query, language, callerId);
    if (isOwnerView(query, callerId) || options.latestVersionInfo || options.translate)
      return this.#search(callerId, query, options);
    // A kept page is the same for every caller, owners too: it reads as a visitor reads.
    const key = JSON.stringify([language, ...Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1))]);
    return this.#marketPages.get(key, () => this.#search(callerId, query, { ...options, readerId: null }));
  }

  async #search(callerId: number | null, query: SearchQuery, options: ReadOptions): Promise<Page<ResourceView>> {
    const filter = searchFilter(
      query,
      { callerId },
      {
        utcOffsetMinutes: this.#config.utcOffsetMinutes,
        categoryConditions: (code) => this.#catalogue.categoryConditions(code),
      },
    );
    if (!filter) return { skip: query.skip, limit: query.limit, totalItem: 0, dataList: [] };
    const { totalItem, rows } = await this.#repo.page(filter, pageRequest(query));
    return {
      skip: query.skip,
      limit: query.limit,
      totalItem,
      dataList: await this.views(rows, options),
    };
  }

  /** By id or `username/name` (any case; the path arrives encoded twice). */
  async detail(
    callerId: number | null,
    idOrName: string,
    query: ReadOptionsQuery,
    language: Language,
  ): Promise<ResourceView> {
    const row = await this.findByIdOrName(decodeIdOrName(idOrName));
    if (!row || !isVisibleTo(row, callerId)) throw resourceNotFound();
    const [view] = await this.views([row], readOptions(query, language, callerId));
    return view as ResourceView;
  }

  /** Batch look-up: ids first, then names, in the order given, leaving out what the caller may not see. */
  async list(callerId: number | null, query: ListQuery, language: Language): Promise<ResourceView[]> {
    const ids = listOf(query.resourceIds);
    const names = listOf(query.resourceNames).map((name) => name.toLowerCase());
    if (ids.length > MAX_IDS_PER_CALL)
      throw badParam('resourceIds', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    if (names.length > MAX_IDS_PER_CALL)
      throw badParam('resourceNames', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    if (!ids.every((id) => isHex24(id))) throw badParam('resourceIds', 'pattern', 'resources.param.resourceIds');
    const byId = new Map((await this.#repo.findByIds(ids)).map((row) => [row.resourceId, row]));
    const byName = new Map((await this.#repo.findByNameKeys(names)).map((row) => [row.resourceNameKey, row]));
    const ordered = [...ids.map((id) => byId.get(id)), ...names.map((name) => byName.get(name))];
    const seen = new Set<string>();
    const rows = ordered.filter((row): row is ResourceRow => {
      if (!row || !isVisibleTo(row, callerId) || seen.has(row.resourceId)) return false;
      seen.add(row.resourceId);
      return true;
    });
    return this.views(rows, readOptions(query, language, callerId));
  }

  /** Resources per user, in the order asked (0 for users without any). */
  async countByUsers(query: CountQuery): Promise<{ userId: number; createdResourceCount: number }[]> {
    const texts = listOf(query.userIds);
    if (texts.length > MAX_IDS_PER_CALL)
      throw badParam('userIds', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    if (texts.length === 0 || !texts.every((text) => /^[1-9]\d{0,14}$/.test(text)))
      throw badParam('userIds', 'pattern', 'resources.param.userIds');
    const userIds = texts.map(Number);
    const filter: ResourceFilter = query.status === undefined ? {} : { wireStatuses: [query.status] };
    const counts = await this.#repo.countByUsers(userIds, filter);
    return userIds.map((userId) => ({ userId, createdResourceCount: counts.get(userId) ?? 0 }));
  }

  /**
   * Themes for nodes: 1 recommended (tagged 推荐主题; the newest online themes when none is tagged),
   * 2 placeholders (tagged 占位主题).
   */
  async recommend(query: RecommendQuery, language: Language): Promise<ResourceView[]> {
    const themes: ResourceFilter = { typeCodes: typeCodesFor(THEME_CODE, true), wireStatuses: [ResourceStatus.Online] };
    const request = { skip: 0, limit: RECOMMEND_LIMIT, sortField: 'updateDate', sortOrder: 'desc' } as const;
    const tag = RECOMMEND_TAGS[query.recommendType] as string;
    let { rows } = await this.#repo.page({ ...themes, tagGroups: [[tag]] }, request);
    if (rows.length === 0 && query.recommendType === 1) ({ rows } = await this.#repo.page(themes, request));
    return this.views(rows, readOptions(query, language, null));
  }

  // ── for other modules' lists (favourites) ──

  /** A resource the caller may see, in short. */
  async visibleSummary(reader: ResourceReader, resourceId: string): Promise<ResourceSummary | undefined> {
    const row = await this.#repo.findById(resourceId);
    return row && isVisibleTo(row, reader.readerId) ? resourceSummary(row, reader) : undefined;
  }

  async summaries(reader: ResourceReader, resourceIds: readonly string[]): Promise<Map<string, ResourceSummary>> {
    const rows = await this.#repo.findByIds(resourceIds);
    return new Map(rows.map((row) => [row.resourceId, resourceSummary(row, reader)]));
  }

  // ── for the versions module ──

  /** Resources by id, whoever owns them (the caller decides what may be seen). */
  rowsByIds(resourceIds: readonly string[]): Promise<ResourceRow[]> {
    return this.#repo.findByIds(resourceIds);
  }

  /** The policy bindings of each resource. */
  bindingsOf(resourceIds: readonly string[]): Promise<Map<string, BindingRow[]>> {
    return this.#repo.bindingsOf(resourceIds);
  }

  /** Which of the resources pass a list's filters. */
  idsMatching(resourceIds: readonly string[], filter: ResourceListFilter): Promise<Set<string>> {
    return this.#repo.idsMatching(resourceIds, {
      keywords: keywordWords(filter.keywords),
      ...(filter.resourceTypeCode
        ? { typeCodes: typeCodesFor(filter.resourceTypeCode, filter.resourceTypeCategory === 2) }
        : {}),
      ...(filter.resourceType ? { typePathEntry: filter.resourceType } : {}),
      ...(filter.omitResourceType ? { omitTypePathEntry: filter.omitResourceType } : {}),
      ...(filter.resourceStatus === undefined ? {} : { wireStatuses: [filter.resourceStatus] }),
    });
  }
}
