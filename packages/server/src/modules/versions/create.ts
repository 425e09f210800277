// Creating a version (DOMAIN §3.2): the checks in the order of the rule, then one transaction.
import {
  compareVersionTexts,
  ErrCode,
  isHex24,
  isVersionRange,
  md5Hex,
  normalizeVersion,
  resourceTypeEntry,
  ResourceSubjectType,
  satisfiesRange,
} from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError, badParam, BadParamsError, type FieldIssue } from '../../platform/errors';
import type { FileMetaInfo } from '../../platform/files/analysis-types';
import type { FileCatalog } from '../files';
import {
  isVisibleTo,
  resourceNotFound,
  StoredStatus,
  type ResourceQueries,
  type ResourceRow,
  type ResourceService,
} from '../resources';
import { checkDependencyCycle, type CycleVerdict } from '@tessera/domain';
import { descriptorIssues, normalizeDescriptors } from '@tessera/domain';
import type { VersionRepo } from './repo';
import type { CreateVersionBody, DependencyBody } from '@tessera/contract/versions';
import { checkedPolicies, enabledPoliciesOf, type ContractWriter, type DependencySigning } from './contracts';
import { dependenciesOf, parseJson, type ResourceRef, type StoredDependency, type StoredResolve } from './views';
import { sanitizeDescription } from './description';

const SHA1 = /^[0-9a-f]{40}$/;

export type VersionRules = {
  repo: VersionRepo;
  files: FileCatalog;
  resources: ResourceService;
  resourceQueries: ResourceQueries;
  signing: DependencySigning;
  clock: Clock;
};

/** What a version chose for the resources it resolves, before the contracts are signed. */
type ChosenResolve = Omit<StoredResolve, 'contracts'>;

/** A version that passed the checks, ready to be stored. */
type CheckedVersion = {
  version: string;
  filename: string;
  file: { sha1: string; meta: FileMetaInfo };
  dependencies: StoredDependency[];
  upcasts: { isFirst: boolean; base: ResourceRef[]; upcastResources: ResourceRef[] };
  resolveResources: ChosenResolve[];
  /** Signs (or reuses) the contracts of resolveResources in the version's transaction. */
  signContracts: ContractWriter;
};

export const versionIdOf = (resourceId: string, version: string): string => md5Hex(`${resourceId}-${version}`);

/** The caller's resource, not frozen: not found (2), not yours (3), frozen (2), as the resources module answers. */
export function writableResource(row: ResourceRow | undefined, userId: number): ResourceRow {
  if (!row || !isVisibleTo(row, userId)) throw resourceNotFound();
  if (row.userId !== userId) throw new AppError(ErrCode.Forbidden, 'resources.notYours');
  if (row.isFrozen) throw new AppError(ErrCode.Business, 'resources.frozen');
  return row;
}

const releasedVersions = (row: ResourceRow): string[] =>
  parseJson<{ version: string }[]>(row.resourceVersions).map((entry) => entry.version);

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** Step 1: the normalised version, strictly above the latest one. */
export function nextVersionOf(resource: ResourceRow, text: string): string {
  const version = normalizeVersion(text);
  if (!version) throw badParam('version', 'pattern', 'versions.param.version');
  if (resource.latestVersion !== '' && compareVersionTexts(version, resource.latestVersion) <= 0)
    throw new AppError(ErrCode.Business, 'versions.notIncreasing', null, { latest: resource.latestVersion });
  return version;
}

export class VersionCreator {
  readonly #deps: VersionRules;

  constructor(deps: VersionRules) {
    this.#deps = deps;
  }

  /** Step 2 alone (isCanBeCreate): no version of another user's resource holds the file. */
  async isFileFree(userId: number, sha1: string): Promise<boolean> {
    return !(await this.#deps.repo.usedByOthers(sha1.toLowerCase(), userId));
  }

  /**
   * Step 2: an analysed file the caller may use (possession: one they may not use is as unknown as a
   * file nobody stored), that fits the type and is not another user's version's.
   */
  async #file(
    userId: number,
    resource: ResourceRow,
    sha1Text: string,
    filename: string,
  ): Promise<{ sha1: string; meta: FileMetaInfo }> {
    const sha1 = sha1Text.toLowerCase();
    if (!SHA1.test(sha1)) throw badParam('fileSha1', 'pattern', 'versions.param.fileSha1');
    const file = await this.#deps.files.findUsable(userId, sha1);
    if (!file || file.metaAnalyzeStatus !== 2 || !file.metaInfo)
      throw new AppError(ErrCode.Business, 'versions.fileNotReady');
    const config = resourceTypeEntry(resource.resourceTypeCode)?.resourceConfig;
    if (config && file.fileSize > config.fileMaxSize)
      throw new AppError(ErrCode.Business, 'versions.fileTooLarge', null, {
        limit: `${Math.round(config.fileMaxSize / 1024 / 1024)} MiB`,
      });
    if (config && config.formats.length > 0 && !config.formats.includes(extensionOf(filename))) {
      throw new AppError(ErrCode.Business, 'versions.fileFormat', null, { formats: config.formats.join(', ') });
    }
    if (!(await this.isFileFree(userId, sha1))) throw new AppError(ErrCode.Business, 'versions.fileUsedByOthers');
    return { sha1: file.sha1, meta: file.metaInfo };
  }

  /** Step 3: existing, other, not collections, online (or already a dependency), ranges matched by a version. */
  async #dependencies(
    userId: number,
    resource: ResourceRow,
    requested: readonly DependencyBody[],
  ): Promise<{ stored: StoredDependency[]; rows: ResourceRow[] }> {
    const issues: FieldIssue[] = [];
    const seen = new Set<string>();
    requested.forEach((dependency, index) => {
      if (!isHex24(dependency.resourceId))
        issues.push({
          field: `dependencies.${index}.resourceId`,
          code: 'pattern',
          messageKey: 'versions.param.resourceId',
        });
      if (!isVersionRange(dependency.versionRange.trim()))
        issues.push({
          field: `dependencies.${index}.versionRange`,
          code: 'pattern',
          messageKey: 'versions.param.versionRange',
        });
      if (seen.has(dependency.resourceId))
        issues.push({
          field: `dependencies.${index}.resourceId`,
          code: 'unique',
          messageKey: 'versions.param.dependencyTwice',
        });
      seen.add(dependency.resourceId);
    });
    if (issues.length > 0) throw new BadParamsError(issues);
    const rows = new Map(
      (await this.#deps.resourceQueries.rowsByIds(requested.map((dependency) => dependency.resourceId))).map((row) => [
        row.resourceId,
        row,
      ]),
    );
    const earlier = new Set(
      (await this.#deps.repo.ofResources([resource.resourceId])).flatMap((version) =>
        dependenciesOf(version).map((dependency) => dependency.resourceId),
      ),
    );
    const stored: StoredDependency[] = [];
    for (const dependency of requested) {
      const row = rows.get(dependency.resourceId);
      if (!row || !isVisibleTo(row, userId))
        throw new AppError(ErrCode.Business, 'versions.dependencyNotFound', { resourceId: dependency.resourceId });
      const data = { resourceId: row.resourceId, resourceName: row.resourceName };
      if (row.resourceId === resource.resourceId) throw new AppError(ErrCode.Business, 'versions.dependencySelf', data);
      if (row.subjectType === ResourceSubjectType.Collection)
        throw new AppError(ErrCode.Business, 'versions.dependencyCollection', data, { name: row.resourceName });
      const online = row.status === StoredStatus.Online && !row.isFrozen;
      if (!online && !earlier.has(row.resourceId))
        throw new AppError(ErrCode.Business, 'versions.dependencyOffline', data, { name: row.resourceName });
      const versionRange = dependency.versionRange.trim() || '*';
      if (!releasedVersions(row).some((version) => satisfiesRange(version, versionRange))) {
        throw new AppError(ErrCode.Business, 'versions.rangeUnmatched', data, {
          name: row.resourceName,
          range: versionRange,
        });
      }
      stored.push({ ...data, versionRange });
    }
    return { stored, rows: [...rows.values()] };
  }

  /** Step 4 alone (cycleDependencyCheck): the verdict for these direct dependencies. */
  async cycleVerdict(resourceId: string, dependencyIds: readonly string[]): Promise<CycleVerdict> {
    return checkDependencyCycle(resourceId, dependencyIds, async (ids) => {
      const next = new Map<string, string[]>();
      for (const row of await this.#deps.resourceQueries.rowsByIds(ids)) {
        next.set(
          row.resourceId,
          parseJson<ResourceRef[]>(row.baseUpcastResources).map((upcast) => upcast.resourceId),
        );
      }
      for (const version of await this.#deps.repo.ofResources(ids)) {
        next.get(version.resourceId)?.push(...dependenciesOf(version).map((dependency) => dependency.resourceId));
      }
      return next;
    });
  }

  async #noCycle(resourceId: string, dependencyIds: readonly string[]): Promise<void> {
    const verdict = await this.cycleVerdict(resourceId, dependencyIds);
    if (verdict === 'cycle') throw new AppError(ErrCode.Business, 'versions.cycle');
    if (verdict === 'tooDeep') throw new AppError(ErrCode.Business, 'versions.tooDeep', null, { depth: 20 });
  }

  /** Step 5: Candidates, the base upcasts (chosen by the first version) and what this version passes on. */
  #upcasts(
    resource: ResourceRow,
    body: CreateVersionBody,
    dependencyRows: readonly ResourceRow[],
    dependencies: readonly StoredDependency[],
  ) {
    const candidates = new Map<string, ResourceRef>();
    for (const dependency of dependencies)
      candidates.set(dependency.resourceId, {
        resourceId: dependency.resourceId,
        resourceName: dependency.resourceName,
      });
    for (const row of dependencyRows) {
      if (!candidates.has(row.resourceId)) continue;
      for (const upcast of parseJson<ResourceRef[]>(row.baseUpcastResources))
        if (!candidates.has(upcast.resourceId)) candidates.set(upcast.resourceId, upcast);
    }
    const isFirst = resource.latestVersion === '';
    let base: ResourceRef[];
    if (isFirst) {
      const chosen = new Map<string, ResourceRef>();
      (body.baseUpcastResources ?? []).forEach((upcast, index) => {
        const candidate = candidates.get(upcast.resourceId);
        if (!candidate)
          throw badParam(`baseUpcastResources.${index}.resourceId`, 'candidate', 'versions.param.upcastNotCandidate');
        chosen.set(candidate.resourceId, candidate);
      });
      base = [...chosen.values()];
    } else {
      base = parseJson<ResourceRef[]>(resource.baseUpcastResources);
    }
    const baseIds = new Set(base.map((upcast) => upcast.resourceId));
    return {
      isFirst,
      base,
      upcastResources: base.filter((upcast) => candidates.has(upcast.resourceId)),
      toResolve: [...candidates.values()].filter((candidate) => !baseIds.has(candidate.resourceId)),
    };
  }

  /** Step 6: exactly the resources to resolve, each with 1–10 enabled policies of its own. */
  async #resolve(body: CreateVersionBody, toResolve: readonly ResourceRef[]): Promise<ChosenResolve[]> {
    const requested = body.resolveResources
      ? body.resolveResources.map((entry) => ({
          resourceId: entry.resourceId,
          policyIds: entry.contracts.map((contract) => contract.policyId),
        }))
      : (body.batchSignContracts ?? []).map((entry) => ({ resourceId: entry.resourceId, policyIds: entry.policyIds }));
    const field = body.resolveResources ? 'resolveResources' : 'batchSignContracts';
    const byId = new Map(requested.map((entry) => [entry.resourceId, entry]));
    const expected = new Set(toResolve.map((ref) => ref.resourceId));
    const extra = requested.find((entry) => !expected.has(entry.resourceId));
    if (extra) throw new AppError(ErrCode.Business, 'versions.resolveExtra', { resourceId: extra.resourceId });
    const missing = toResolve.find((ref) => !byId.has(ref.resourceId));
    if (missing)
      throw new AppError(ErrCode.Business, 'versions.resolveMissing', missing, { name: missing.resourceName });
    const enabled = await enabledPoliciesOf(
      this.#deps.resourceQueries,
      toResolve.map((ref) => ref.resourceId),
    );
    return toResolve.map((ref) => {
      const index = requested.findIndex((entry) => entry.resourceId === ref.resourceId);
      const policyIds = checkedPolicies(
        ref,
        byId.get(ref.resourceId)?.policyIds ?? [],
        enabled.get(ref.resourceId),
        `${field}.${index}`,
      );
      return { ...ref, policyIds };
    });
  }

  /**
   * Everything the rule checks before a version is stored (DOMAIN §3.2 steps 1–6, the signing's checks
   * included: audiences, online dependencies), for the resource
   * as it is stored, or as createBatch is about to store it (`prepareFirst`).
   */
  async #check(userId: number, resource: ResourceRow, body: CreateVersionBody): Promise<CheckedVersion> {
    if (resource.subjectType === ResourceSubjectType.Collection)
      throw new AppError(ErrCode.Business, 'versions.collectionHasNoVersions');
    const descriptorProblems = descriptorIssues(body.customPropertyDescriptors ?? []);
    if (descriptorProblems.length > 0) throw new BadParamsError(descriptorProblems);
    const filename = body.filename.trim();
    if (filename === '') throw badParam('filename', 'minLength', 'versions.param.filename');

    const version = nextVersionOf(resource, body.version);
    const file = await this.#file(userId, resource, body.fileSha1, filename);
    const { stored: dependencies, rows: dependencyRows } = await this.#dependencies(
      userId,
      resource,
      body.dependencies ?? [],
    );
    await this.#noCycle(
      resource.resourceId,
      dependencies.map((dependency) => dependency.resourceId),
    );
    const upcasts = this.#upcasts(resource, body, dependencyRows, dependencies);
    const resolveResources = await this.#resolve(body, upcasts.toResolve);
    const signContracts = await this.#deps.signing.prepare(
      userId,
      { resourceId: resource.resourceId, resourceName: resource.resourceName },
      resolveResources,
    );
    return { version, filename, file, dependencies, upcasts, resolveResources, signContracts };
  }

  /**
   * A first version for a resource createBatch has not stored yet (`resource` is the row it is about
   * to insert): checked now, so that a refused version leaves nothing behind; written by the function
   * answered, in the transaction that inserts the resource.
   */
  async prepareFirst(
    userId: number,
    resource: ResourceRow,
    body: CreateVersionBody,
  ): Promise<(transaction: Db) => Promise<void>> {
    const checked = await this.#check(userId, resource, body);
    return async (transaction) => {
      await this.#write(transaction, userId, resource, body, checked);
    };
  }

  async create(userId: number, resourceId: string, body: CreateVersionBody): Promise<string> {
    const resource = writableResource((await this.#deps.resourceQueries.rowsByIds([resourceId]))[0], userId);
    const checked = await this.#check(userId, resource, body);
    try {
      return await this.#deps.repo.inTransaction((_repo, transaction) =>
        this.#write(transaction, userId, resource, body, checked),
      );
    } catch (error) {
      // Two creations of the same version at once: the second finds it taken.
      if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'versions.createdMeanwhile');
      throw error;
    }
  }

  /**
   * Step 7, in `transaction`: the contracts, the version row listing them, the resource's record of it
   * (releasing it), the draft's removal.
   */
  async #write(
    transaction: Db,
    userId: number,
    resource: ResourceRow,
    body: CreateVersionBody,
    { version, filename, file, dependencies, upcasts, resolveResources, signContracts }: CheckedVersion,
  ): Promise<string> {
    const repo = this.#deps.repo.within(transaction);
    const contracts = await signContracts(transaction);
    const resolved: StoredResolve[] = resolveResources.map((entry) => ({
      ...entry,
      contracts: contracts.get(entry.resourceId) ?? [],
    }));
    const now = this.#deps.clock.now().toISOString();
    const versionId = versionIdOf(resource.resourceId, version);
    const { fileSize, mime, width, height, duration } = file.meta;
    const systemProperty = {
      fileSize,
      mime,
      ...(width === undefined ? {} : { width }),
      ...(height === undefined ? {} : { height }),
      ...(duration === undefined ? {} : { duration }),
    };
    await repo.insertVersion({
      versionId,
      resourceId: resource.resourceId,
      userId,
      version,
      fileSha1: file.sha1,
      filename,
      description: sanitizeDescription(body.description ?? ''),
      dependencies: JSON.stringify(dependencies),
      upcastResources: JSON.stringify(upcasts.upcastResources),
      resolveResources: JSON.stringify(resolved),
      customPropertyDescriptors: JSON.stringify(normalizeDescriptors(body.customPropertyDescriptors ?? [])),
      systemProperty: JSON.stringify(systemProperty),
      status: 1,
      createDate: now,
      updateDate: now,
    });
    const recorded = await this.#deps.resources.recordVersion(
      resource.resourceId,
      { version, versionId, createDate: now },
      {
        transaction,
        expectedLatestVersion: resource.latestVersion,
        ...(upcasts.isFirst ? { baseUpcastResources: upcasts.base } : {}),
      },
    );
    // Another version of this resource was created since the checks: they no longer hold.
    if (!recorded) throw new AppError(ErrCode.Business, 'versions.createdMeanwhile');
    await repo.deleteDraft(resource.resourceId);
    return versionId;
  }
}
