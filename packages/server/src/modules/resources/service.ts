// Writing resources (DOMAIN §2.5, §3.1): creation with a type from the catalogue and policies
// compiled on the way in, owner-only changes (content, policy bindings, status), generated names,
// freezing by operators and the hooks of the versions module. Reads live in queries.ts. Another
// user's unreleased resource is "not found"; a released one is changed only by its owner (errCode 3).
import { ErrCode, isHex24, ResourceSubjectType, SubjectType, type Language } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { PortList } from '../../platform/modules';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/constraints';
import { failureEnvelope } from '../../platform/envelope';
import { AppError, badParam, BadParamsError, failureOf, type FieldIssue } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import type { Translator } from '../../platform/messages';
import { compileBindings, enabledCount, planBindings, type BindingChange, type NewBinding } from './bindings';
import type { TypeCatalogue } from './catalogue/service';
import {
  coverImagesParam,
  freezeReasonParam,
  introParam,
  listOf,
  nameParam,
  policyRequests,
  POLICY_NAME_MAX_LENGTH,
  POLICY_NAME_MIN_LENGTH,
  siteCovers,
  subjectTypeParam,
  tagsParam,
  titleParam,
  typeParam,
  type PolicyRequest,
  type TypeInput,
} from './inputs';
import { firstFreeName, lookupPrefix, sanitizeResourceName } from './names';
import { searchTextOf } from './search-text';
import { parseTranslations, type ResourceTexts, type ResourceTranslations } from './translations';
import type { FileCatalog } from '../files';
import type { CompiledPolicyRecord, PolicyCatalog } from '../policies';
import { resourceNotFound, type LatestVersionSource, type ResourceQueries } from './queries';
import { FreezeRecordType, ResourceRepo, StoredStatus, type ResourceRow } from './repo';
import {
  MAX_IDS_PER_CALL,
  type BatchItemBody,
  type BatchItemResultWire,
  type CreateBatchBody,
  type CreateResourceBody,
  type GeneratedNameWire,
  type GenerateNamesBody,
  type ResourceWire,
  type UpdateBatchBody,
  type UpdatePolicyBody,
  type UpdateResourceBody,
} from '@tessera/contract/resources';
import { isVisibleTo } from './views';

const POLICY_ID = /^[0-9a-f]{32}$/;

/** Who owns what: the owner's username goes into the resource name. */
export type ResourceOwners = { usernameOf(userId: number): Promise<string> };

/**
 * What the versions module contributes (the `resourceVersions` port; DOMAIN §2.6, §3.2). In an app
 * without it, createBatch creates the resources only and latestVersionInfo is null.
 */
export interface ResourceVersionsPort extends LatestVersionSource {
  /**
   * Checks the first version of a createBatch item (DOMAIN §3.2, as a version of `resource`, the row
   * about to be inserted) and answers its writes, which createBatch runs in the transaction that
   * inserts the resource: killed midway, neither is stored.
   */
  prepareFirstVersion(userId: number, resource: ResourceRow, item: BatchItemBody): Promise<FirstVersionWrite>;
  /** In the transaction that deletes an unreleased resource: what the versions module keeps of it (a draft) goes. */
  forgetResource(resourceId: string, transaction: Db): Promise<void>;
}

/** The writes of a first version, in the caller's transaction. */
export type FirstVersionWrite = (transaction: Db) => Promise<void>;

/** The versions module refused an item's first version: the item answers with it and creates nothing. */
class FirstVersionRefused extends Error {
  constructor(readonly refusal: unknown) {
    super('first version refused', { cause: refusal });
  }
}

/** The first version fixes the base upcasts (DOMAIN §3.2); `transaction` joins the caller's transaction. */
export type RecordVersionOptions = {
  baseUpcastResources?: { resourceId: string; resourceName: string }[];
  transaction?: Db;
  /** The latest version the caller's checks saw: nothing is recorded when another version came since. */
  expectedLatestVersion?: string;
};

export type ResourceServiceDeps = {
  repo: ResourceRepo;
  queries: ResourceQueries;
  policies: PolicyCatalog;
  catalogue: TypeCatalogue;
  owners: ResourceOwners;
  translator: Translator;
  clock: Clock;
  /** The versions module, when the app has it: createBatch items' first versions. */
  versions: PortList<ResourceVersionsPort>;
  /** The files module's public images: a cover of this site must be one. */
  images: Pick<FileCatalog, 'publicImageExts'>;
};

type NewResourceInput = Pick<
  CreateResourceBody,
  'name' | 'resourceTitle' | 'coverImages' | 'intro' | 'tags' | 'policies'
>;
type TypeChoice = TypeInput & { subjectType?: number };

type PreparedResource = {
  name: string;
  resourceType: string[];
  resourceTypeCode: string;
  customTypeName: string;
  subjectType: number;
  resourceTitle: string;
  intro: string;
  coverImages: string[];
  tags: string[];
  compiled: CompiledPolicyRecord[];
  bindings: NewBinding[];
};

/** A validated change of one resource. Undefined fields stay as they are. */
type ResourceChange = {
  status?: 0 | 1 | 4;
  resourceTitle?: string;
  intro?: string;
  coverImages?: string[];
  tags?: string[];
  compiled: CompiledPolicyRecord[];
  adds: NewBinding[];
  changes: BindingChange[];
};

const nameTaken = (resourceName: string): AppError =>
  new AppError(ErrCode.Business, 'resources.nameTaken', null, { name: resourceName });

function throwIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw new BadParamsError(issues);
}

export class ResourceService {
  readonly #repo: ResourceRepo;
  readonly #queries: ResourceQueries;
  readonly #policies: PolicyCatalog;
  readonly #catalogue: TypeCatalogue;
  readonly #owners: ResourceOwners;
  readonly #translator: Translator;
  readonly #clock: Clock;
  readonly #versions: PortList<ResourceVersionsPort>;
  readonly #images: Pick<FileCatalog, 'publicImageExts'>;

  constructor({
    repo,
    queries,
    policies,
    catalogue,
    owners,
    translator,
    clock,
    versions,
    images,
  }: ResourceServiceDeps) {
    this.#repo = repo;
    this.#queries = queries;
    this.#policies = policies;
    this.#catalogue = catalogue;
    this.#owners = owners;
    this.#translator = translator;
    this.#clock = clock;
    this.#versions = versions;
    this.#images = images;
  }

  // ── creating ──

  async create(userId: number, body: CreateResourceBody, language: Language): Promise<ResourceWire> {
    const prepared = this.#prepare(body, body, await this.#catalogue.adminOnlyTags(), language);
    throwIssues(await this.#unpublishedCovers(prepared.coverImages));
    const row = this.#newRow(userId, await this.#owners.usernameOf(userId), prepared);
    await this.#ensureNameFree(row);
    await this.#insert(userId, row, prepared);
    return this.#queries.wire(row, language);
  }

  /**
   * Creates each item as a resource of the one type, reporting per item. The type is checked first:
   * a bad type fails the whole call. Each item's first version is created by the versions module
   * (the `resourceVersions` port); `version` is null for an item without version fields. An item creates its
   * resource with its first version or nothing: a refused version is the item's refusal.
   */
  async createBatch(userId: number, body: CreateBatchBody, language: Language): Promise<BatchItemResultWire[]> {
    const issues: FieldIssue[] = [];
    const type = typeParam(body, issues);
    subjectTypeParam(body.subjectType, type?.resourceType, issues);
    throwIssues(issues);
    const adminOnly = await this.#catalogue.adminOnlyTags();
    const username = await this.#owners.usernameOf(userId);
    const results: BatchItemResultWire[] = [];
    for (const [index, item] of body.createResourceObjects.entries()) {
      const base = { index, name: item.name };
      try {
        const { row, withVersion } = await this.#createItem(
          userId,
          username,
          item,
          this.#prepare(item, body, adminOnly, language),
        );
        const resource = await this.#queries.wire((await this.#repo.findById(row.resourceId)) ?? row, language);
        const version = withVersion ? { errCode: ErrCode.Success, msg: 'success', data: null } : null;
        results.push({ ...base, errCode: ErrCode.Success, msg: 'success', data: null, resource, version });
      } catch (error) {
        const refusal = this.#outcomeOf(error instanceof FirstVersionRefused ? error.refusal : error, language);
        results.push({
          ...base,
          ...refusal,
          resource: null,
          version: error instanceof FirstVersionRefused ? refusal : null,
        });
      }
    }
    return results;
  }

  /**
   * One createBatch item: the resource and its first version, or nothing. The version is checked
   * before anything is written; then the resource, its bindings and the version are written in one
   * transaction, so a refusal that comes late (things changed in between) or a crash stores none of them.
   */
  async #createItem(
    userId: number,
    username: string,
    item: BatchItemBody,
    prepared: PreparedResource,
  ): Promise<{ row: ResourceRow; withVersion: boolean }> {
    throwIssues(await this.#unpublishedCovers(prepared.coverImages));
    const row = this.#newRow(userId, username, prepared);
    await this.#ensureNameFree(row);
    const versions = item.version === undefined ? undefined : this.#versions.optional();
    const writeVersion = await versions?.prepareFirstVersion(userId, row, item).catch((error: unknown) => {
      throw new FirstVersionRefused(error);
    });
    await this.#insert(userId, row, prepared, writeVersion);
    return { row, withVersion: writeVersion !== undefined };
  }

  /** An application error as an item's outcome; anything else is a fault and ends the call. */
  #outcomeOf(error: unknown, language: Language): { errCode: number; msg: string; data: unknown } {
    const failure = failureOf(error);
    if (failure.unexpected) throw error;
    const { errCode, msg, data } = failureEnvelope(failure, language, this.#translator, '');
    return { errCode, msg, data };
  }

  #prepare(
    input: NewResourceInput,
    typeChoice: TypeChoice,
    adminOnlyTags: ReadonlySet<string>,
    language: Language,
  ): PreparedResource {
    const issues: FieldIssue[] = [];
    const name = nameParam(input.name, issues);
    const type = typeParam(typeChoice, issues);
    const subjectType = subjectTypeParam(typeChoice.subjectType, type?.resourceType, issues);
    const resourceTitle = titleParam(input.resourceTitle, input.name, issues);
    const intro = introParam(input.intro ?? '', issues);
    const coverImages = coverImagesParam(input.coverImages ?? [], issues);
    const tags = tagsParam(input.tags ?? [], adminOnlyTags, issues);
    const requests = policyRequests(input.policies ?? [], 'policies', issues);
    throwIssues(issues);
    const { compiled, bindings } = this.#compileBindings(requests, language);
    return {
      name: name as string,
      resourceType: type?.resourceType ?? [],
      resourceTypeCode: type?.resourceTypeCode ?? '',
      customTypeName: type?.customTypeName ?? '',
      subjectType,
      resourceTitle,
      intro,
      coverImages,
      tags,
      compiled,
      bindings,
    };
  }

  #compileBindings(
    requests: readonly PolicyRequest[],
    language: Language,
  ): { compiled: CompiledPolicyRecord[]; bindings: NewBinding[] } {
    return compileBindings(this.#policies, requests, SubjectType.Resource, language);
  }

  /** The row a new resource will be stored as. */
  #newRow(userId: number, username: string, prepared: PreparedResource): ResourceRow {
    const now = this.#clock.now();
    const date = now.toISOString();
    const resourceName = `${username}/${prepared.name}`;
    return {
      resourceId: newHex24(now),
      resourceName,
      resourceNameKey: resourceName.toLowerCase(),
      resourceTitle: prepared.resourceTitle,
      resourceType: JSON.stringify(prepared.resourceType),
      resourceTypeCode: prepared.resourceTypeCode,
      customTypeName: prepared.customTypeName,
      userId,
      username,
      intro: prepared.intro,
      coverImages: JSON.stringify(prepared.coverImages),
      tags: JSON.stringify(prepared.tags),
      subjectType: prepared.subjectType,
      status: StoredStatus.Unreleased,
      isFrozen: 0,
      latestVersion: '',
      resourceVersions: '[]',
      baseUpcastResources: '[]',
      searchText: searchTextOf({
        resourceName,
        resourceTitle: prepared.resourceTitle,
        intro: prepared.intro,
        tags: prepared.tags,
      }),
      translations: '{}',
      createDate: date,
      updateDate: date,
    };
  }

  async #ensureNameFree(row: ResourceRow): Promise<void> {
    if (await this.#repo.findByNameKey(row.resourceNameKey)) throw nameTaken(row.resourceName);
  }

  /** The resource with its tags and policy bindings (and, from createBatch, its first version) in one transaction. */
  async #insert(
    userId: number,
    row: ResourceRow,
    prepared: PreparedResource,
    writeVersion?: FirstVersionWrite,
  ): Promise<void> {
    const date = row.createDate;
    await this.#policies.store(prepared.compiled, userId);
    try {
      await this.#repo.inTransaction(async (repo, transaction) => {
        // A new resource has no translations: the column keeps its default.
        const { translations: _none, ...inserted } = row;
        await repo.insertResource(inserted, prepared.tags);
        await repo.insertBindings(
          prepared.bindings.map((binding, index) => ({
            resourceId: row.resourceId,
            ...binding,
            policyNameKey: binding.policyName.toLowerCase(),
            sortNo: index + 1,
            createDate: date,
            updateDate: date,
          })),
        );
        await writeVersion?.(transaction).catch((error: unknown) => {
          throw new FirstVersionRefused(error);
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(row.resourceName);
      throw error;
    }
  }

  // ── deleting ──

  /**
   * Deletes an unreleased resource of the caller that has no version (ours: API.md has no call for
   * it; DOMAIN §3.1 never deletes released resources). Its tags, bindings, favourites and search rows
   * go with it, its draft through the versions module, all in one transaction.
   */
  async deleteUnreleased(userId: number, resourceId: string): Promise<true> {
    if (!isHex24(resourceId)) throw badParam('resourceId', 'pattern', 'resources.param.resourceId');
    const versions = this.#versions.optional();
    await this.#repo.inTransaction(async (repo, transaction) => {
      const row = this.#writable(await repo.findById(resourceId), userId);
      if (row.status !== StoredStatus.Unreleased || row.latestVersion !== '')
        throw new AppError(ErrCode.Business, 'resources.releasedNotDeletable');
      await versions?.forgetResource(resourceId, transaction);
      // Only while it is still unreleased: a version recorded meanwhile keeps it.
      if (!(await repo.deleteUnreleased(resourceId)))
        throw new AppError(ErrCode.Business, 'resources.releasedNotDeletable');
    });
    return true;
  }

  // ── changing ──

  async update(
    userId: number,
    resourceId: string,
    body: UpdateResourceBody,
    language: Language,
  ): Promise<ResourceWire> {
    if (!isHex24(resourceId)) throw badParam('resourceId', 'pattern', 'resources.param.resourceId');
    const change = await this.#readChange(body, language);
    await this.#policies.store(change.compiled, userId);
    const row = await this.#repo.inTransaction(async (repo) => {
      const current = this.#writable(await repo.findById(resourceId), userId);
      await this.#apply(repo, current, change);
      return repo.findById(resourceId);
    });
    return this.#queries.wire(row as ResourceRow, language);
  }

  /**
   * The title and intro in other languages (the demo data's English, translations.ts). Texts are checked as
   * the owner's own are; a language left out keeps none.
   */
  async translate(resourceId: string, translations: ResourceTranslations): Promise<void> {
    const issues: FieldIssue[] = [];
    const checked: ResourceTranslations = {};
    for (const [language, texts] of Object.entries(translations) as [Language, ResourceTexts][]) {
      const resourceTitle = titleParam(texts.resourceTitle, '', issues, `${language}.resourceTitle`);
      const intro = introParam(texts.intro ?? '', issues, `${language}.intro`);
      checked[language] = { ...(resourceTitle ? { resourceTitle } : {}), ...(intro ? { intro } : {}) };
    }
    if (issues.length > 0) throw new BadParamsError(issues);
    await this.#repo.inTransaction(async (repo) => {
      const row = await repo.findById(resourceId);
      if (!row) throw resourceNotFound();
      const tags = JSON.parse(row.tags) as string[];
      await repo.updateResource(resourceId, {
        translations: JSON.stringify(checked),
        searchText: searchTextOf({ ...row, tags, translations: checked }),
      });
    });
  }

  /** The same change for every resource, all or nothing. */
  async updateBatch(userId: number, body: UpdateBatchBody, language: Language): Promise<true> {
    const ids = listOf(body.resourceIds);
    if (ids.length > MAX_IDS_PER_CALL)
      throw badParam('resourceIds', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    if (ids.length === 0) throw badParam('resourceIds', 'required', 'errors.param.required');
    if (!ids.every((id) => isHex24(id))) throw badParam('resourceIds', 'pattern', 'resources.param.resourceIds');
    const change = await this.#readChange({ status: body.status, addPolicies: body.addPolicies }, language);
    await this.#policies.store(change.compiled, userId);
    await this.#repo.inTransaction(async (repo) => {
      const rows = new Map((await repo.findByIds(ids)).map((row) => [row.resourceId, row]));
      const writable = ids.map((id) => this.#writable(rows.get(id), userId));
      for (const row of writable) {
        try {
          await this.#apply(repo, row, change);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const details = typeof error.data === 'object' && error.data !== null ? error.data : {};
          throw new AppError(error.errCode, error.messageKey, { resourceId: row.resourceId, ...details }, error.params);
        }
      }
    });
    return true;
  }

  /** The caller's resource, not frozen; otherwise not found (2), not yours (3) or frozen (2). */
  #writable(row: ResourceRow | undefined, userId: number): ResourceRow {
    if (!row || !isVisibleTo(row, userId)) throw resourceNotFound();
    if (row.userId !== userId) throw new AppError(ErrCode.Forbidden, 'resources.notYours');
    if (row.isFrozen) throw new AppError(ErrCode.Business, 'resources.frozen');
    return row;
  }

  async #readChange(body: UpdateResourceBody, language: Language): Promise<ResourceChange> {
    const issues: FieldIssue[] = [];
    if (body.status !== undefined && body.status !== 0 && body.status !== 1 && body.status !== 4) {
      issues.push({
        field: 'status',
        code: 'enum',
        messageKey: 'errors.param.enum',
        params: { allowedValues: '0, 1, 4' },
      });
    }
    const change: ResourceChange = {
      status: body.status as ResourceChange['status'],
      compiled: [],
      adds: [],
      changes: [],
    };
    if (body.resourceTitle !== undefined) change.resourceTitle = titleParam(body.resourceTitle, '', issues);
    if (body.intro !== undefined) change.intro = introParam(body.intro, issues);
    if (body.coverImages !== undefined) change.coverImages = coverImagesParam(body.coverImages, issues);
    if (body.tags !== undefined) change.tags = tagsParam(body.tags, await this.#catalogue.adminOnlyTags(), issues);
    const requests = policyRequests(body.addPolicies ?? [], 'addPolicies', issues);
    change.changes = this.#bindingChanges(body.updatePolicies ?? [], issues);
    issues.push(...(await this.#unpublishedCovers(change.coverImages)));
    throwIssues(issues);
    const { compiled, bindings } = this.#compileBindings(requests, language);
    return { ...change, compiled, adds: bindings };
  }

  /**
   * Possession for covers: an address of this site (`/images/{sha1}.{ext}`) must name an image published
   * here, with its own extension. Public images are anyone's to use; any other sha1 is refused alike.
   */
  async #unpublishedCovers(covers: readonly string[] | undefined): Promise<FieldIssue[]> {
    const site = siteCovers(covers ?? []);
    if (site.length === 0) return [];
    const published = await this.#images.publicImageExts(site.map((cover) => cover.sha1));
    return site
      .filter((cover) => published.get(cover.sha1) !== cover.ext)
      .map(({ index }) => ({
        field: `coverImages.${index}`,
        code: 'notPublished',
        messageKey: 'resources.param.coverNotPublished',
      }));
  }

  #bindingChanges(updates: readonly UpdatePolicyBody[], issues: FieldIssue[]): BindingChange[] {
    const seen = new Set<string>();
    return updates.map((update, index) => {
      const field = `updatePolicies.${index}`;
      if (!POLICY_ID.test(update.policyId))
        issues.push({ field: `${field}.policyId`, code: 'pattern', messageKey: 'resources.param.policyIds' });
      else if (seen.has(update.policyId))
        issues.push({ field: `${field}.policyId`, code: 'unique', messageKey: 'resources.param.policyChangedTwice' });
      seen.add(update.policyId);
      const policyName = update.policyName?.trim();
      const nameLength = policyName === undefined ? POLICY_NAME_MIN_LENGTH : [...policyName].length;
      if (nameLength < POLICY_NAME_MIN_LENGTH || nameLength > POLICY_NAME_MAX_LENGTH) {
        issues.push({
          field: `${field}.policyName`,
          code: 'length',
          messageKey: 'resources.param.policyNameLength',
          params: { min: POLICY_NAME_MIN_LENGTH, max: POLICY_NAME_MAX_LENGTH },
        });
      }
      return { policyId: update.policyId, status: update.status as 0 | 1 | undefined, policyName };
    });
  }

  async #apply(repo: ResourceRepo, row: ResourceRow, change: ResourceChange): Promise<void> {
    const bindings = (await repo.bindingsOf([row.resourceId])).get(row.resourceId) ?? [];
    const plan = planBindings(bindings, change.adds, change.changes);
    const status = this.#nextStatus(row, change.status, plan.final);
    const date = this.#clock.now().toISOString();
    const namePart = row.resourceName.slice(row.resourceName.indexOf('/') + 1);
    const resourceTitle = change.resourceTitle === undefined ? row.resourceTitle : change.resourceTitle || namePart;
    const intro = change.intro ?? row.intro;
    const tags = change.tags ?? (JSON.parse(row.tags) as string[]);
    await repo.updateResource(
      row.resourceId,
      {
        resourceTitle,
        intro,
        coverImages: change.coverImages ? JSON.stringify(change.coverImages) : row.coverImages,
        tags: JSON.stringify(tags),
        status,
        searchText: searchTextOf({
          resourceName: row.resourceName,
          resourceTitle,
          intro,
          tags,
          translations: parseTranslations(row.translations),
        }),
        updateDate: date,
      },
      change.tags,
    );
    await repo.insertBindings(
      plan.inserts.map((binding) => ({
        resourceId: row.resourceId,
        policyId: binding.policyId,
        policyName: binding.policyName,
        policyNameKey: binding.policyName.toLowerCase(),
        status: binding.status,
        sortNo: binding.sortNo,
        createDate: date,
        updateDate: date,
      })),
    );
    for (const update of plan.updates) {
      await repo.updateBinding(row.resourceId, update.policyId, {
        status: update.status,
        policyName: update.policyName,
        policyNameKey: update.policyName.toLowerCase(),
        updateDate: date,
      });
    }
  }

  /** DOMAIN §3.1: online needs a version (collections: an item) and an enabled policy; offline always works. */
  #nextStatus(row: ResourceRow, requested: ResourceChange['status'], bindings: readonly { status: number }[]): number {
    const enabled = enabledCount(bindings);
    if (requested === StoredStatus.Online) {
      // TODO(collections): a collection goes online with at least one published item.
      if (row.subjectType === ResourceSubjectType.Collection)
        throw new AppError(ErrCode.Business, 'resources.onlineNeedsItems');
      if (row.latestVersion === '') throw new AppError(ErrCode.Business, 'resources.onlineNeedsVersion');
      if (enabled === 0) throw new AppError(ErrCode.Business, 'resources.onlineNeedsPolicy');
      return StoredStatus.Online;
    }
    if (requested !== undefined)
      return row.status === StoredStatus.Unreleased ? StoredStatus.Unreleased : StoredStatus.Offline;
    if (row.status === StoredStatus.Online && enabled === 0)
      throw new AppError(ErrCode.Business, 'resources.lastPolicyWhileOnline');
    return row.status;
  }

  /** For each wanted name, one the caller can use: the name rule applied, then name, name_1, name_2… */
  async generateNames(userId: number, body: GenerateNamesBody): Promise<GeneratedNameWire[]> {
    const username = await this.#owners.usernameOf(userId);
    const chosen = new Set<string>();
    const results: GeneratedNameWire[] = [];
    for (const inputName of body.resourceNames) {
      const base = sanitizeResourceName(inputName);
      const keyOf = (name: string): string => `${username}/${name}`.toLowerCase();
      const stored = await this.#repo.nameKeysStartingWith(keyOf(lookupPrefix(base)));
      const name = firstFreeName(base, (candidate) => stored.has(keyOf(candidate)) || chosen.has(keyOf(candidate)));
      chosen.add(keyOf(name));
      results.push({ inputName, name, resourceName: `${username}/${name}` });
    }
    return results;
  }

  // ── operators ──

  /** Freezes a resource (DOMAIN §3.1): hidden from the market, the owner can no longer change it. */
  async freeze(
    idOrName: string,
    { reason, remark = '', operatorUserId = 0 }: { reason: string; remark?: string; operatorUserId?: number },
  ): Promise<ResourceRow> {
    return this.#setFrozen(idOrName, true, freezeReasonParam(reason, true), remark.trim(), operatorUserId);
  }

  async unfreeze(
    idOrName: string,
    {
      reason = '',
      remark = '',
      operatorUserId = 0,
    }: { reason?: string; remark?: string; operatorUserId?: number } = {},
  ): Promise<ResourceRow> {
    return this.#setFrozen(idOrName, false, freezeReasonParam(reason, false), remark.trim(), operatorUserId);
  }

  async #setFrozen(
    idOrName: string,
    frozen: boolean,
    reason: string,
    remark: string,
    operatorUserId: number,
  ): Promise<ResourceRow> {
    const row = await this.#queries.findByIdOrName(idOrName.trim());
    if (!row) throw resourceNotFound();
    if (Boolean(row.isFrozen) === frozen)
      throw new AppError(ErrCode.Business, frozen ? 'resources.alreadyFrozen' : 'resources.notFrozen');
    const now = this.#clock.now();
    await this.#repo.inTransaction(async (repo) => {
      await repo.updateResource(row.resourceId, { isFrozen: frozen ? 1 : 0 });
      await repo.insertFreezeRecord({
        recordId: newHex24(now),
        resourceId: row.resourceId,
        operatorUserId,
        type: frozen ? FreezeRecordType.Freeze : FreezeRecordType.Unfreeze,
        reason,
        remark,
        createDate: now.toISOString(),
      });
    });
    return { ...row, isFrozen: frozen ? 1 : 0 };
  }

  /** Every freeze and unfreeze of a resource, oldest first (administrators only: the command line). */
  freezeRecords(resourceId: string) {
    return this.#repo.freezeRecordsOf(resourceId);
  }

  // ── for the versions module ──

  /**
   * Records a new version on the resource (DOMAIN §3.1: the first one releases it, 0 → 4). Called by
   * the versions module inside its own checks; the version is already stored there. False when
   * another version was recorded meanwhile (the caller rolls back: its check is out of date).
   */
  async recordVersion(
    resourceId: string,
    version: { version: string; versionId: string; createDate: string },
    options: RecordVersionOptions = {},
  ): Promise<boolean> {
    const record = async (repo: ResourceRepo): Promise<boolean> => {
      const row = await repo.findById(resourceId);
      if (!row) throw resourceNotFound();
      const expected = options.expectedLatestVersion ?? row.latestVersion;
      if (row.latestVersion !== expected) return false;
      const versions = [...(JSON.parse(row.resourceVersions) as (typeof version)[]), version];
      return repo.updateWhileLatestVersion(resourceId, expected, {
        resourceVersions: JSON.stringify(versions),
        latestVersion: version.version,
        ...(row.status === StoredStatus.Unreleased ? { status: StoredStatus.Offline } : {}),
        ...(options.baseUpcastResources ? { baseUpcastResources: JSON.stringify(options.baseUpcastResources) } : {}),
        updateDate: version.createDate,
      });
    };
    // Inside the versions module's transaction when it gives one (Kysely transactions do not nest).
    if (options.transaction) return record(new ResourceRepo(options.transaction));
    return this.#repo.inTransaction(record);
  }
}
