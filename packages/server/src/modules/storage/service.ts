// Buckets and objects (DOMAIN §2.21, §2.22, §3.10). An object names an analysed, content-addressed
// file of the files module inside one of its owner's buckets; the sum of a user's object sizes is
// the quota's measure. Another user's objects are never revealed: an object that is not the
// caller's is "not found". Bucket names are public (isExist), so a bucket of another user is
// answered as such (errCode 3).
import type { Readable } from 'node:stream';
import { ErrCode, FileAnalysisStatus, formatFileSize, validate, type Page } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import { isUniqueViolation } from '../../platform/db/constraints';
import type { LimitLocks } from '../../platform/limits/locks';
import { AppError, badParam, BadParamsError, type FieldIssue } from '../../platform/errors';
import type { FileMetaInfo } from '../../platform/files/analysis-types';
import type { ByteRange } from '../../platform/files/file-store';
import { newHex24 } from '../../platform/ids';
import type { FileCatalog, FileHoldings, FileRecord, FileReferenceSource, StorageUsage } from '../files';
import { checkDependencyCycle, MAX_DEPENDENCY_DEPTH, type CycleVerdict } from '@tessera/domain';
import { dependencyIssues, objectDependencyIds, type DependencyInput, type StoredDependency } from './dependencies';
import {
  listOf,
  MAX_IDS_PER_CALL,
  objectIdList,
  objectNameParam,
  typeFromCode,
  typeFromContent,
  typeFromPath,
  type TypeChoice,
} from './inputs';
import { decodeIdOrName } from '../../platform/http/requests';
import { fullObjectName, parseFullObjectName, parseObjectReference, SYSTEM_BUCKET_NAME } from './object-name';
import { descriptorIssues, normalizeDescriptors } from '@tessera/domain';
import type { BucketRow, ObjectFilter, ObjectRow, StorageRepo } from './repo';
import {
  BucketType,
  type BucketWire,
  type CreateObjectBody,
  type ObjectListQuery,
  type ObjectSortField,
  type ObjectView,
  type ObjectWire,
  type SpaceStatisticsWire,
  type UpdateBatchBody,
  type UpdateObjectBody,
} from '@tessera/contract/storage';
import { isTruthyFlag, projected, projectionFields } from '../../platform/projection';
import { bucketWire, OBJECT_FIELDS, objectWire, storedDependencies } from './views';

export const MAX_USER_BUCKETS = 5;

export type StorageServiceDeps = {
  repo: StorageRepo;
  files: FileCatalog;
  clock: Clock;
  config: Config;
  /** The bucket limit and the quota are checked and written under the user's storage lock. */
  locks: LimitLocks;
};

/** The lock a user's bucket count and quota are checked and written under. */
const storageSubject = (userId: number): string => `storage:user:${userId}`;

type Paging = { skip: number; limit: number };
/** A file whose analysis succeeded: the only kind an object may name. */
type AnalysedFile = FileRecord & { metaInfo: FileMetaInfo };

const notFound = (): AppError => new AppError(ErrCode.Business, 'storage.objectNotFound');

function sortOf(sort: string | undefined): { sortField: ObjectSortField; sortOrder: 'asc' | 'desc' } {
  const [field, direction] = (sort ?? 'createDate:-1').split(':');
  return { sortField: field as ObjectSortField, sortOrder: direction === '1' ? 'asc' : 'desc' };
}

function throwIssues(issues: readonly FieldIssue[]): void {
  if (issues.length > 0) throw new BadParamsError(issues);
}

export class StorageService implements StorageUsage, FileReferenceSource, FileHoldings {
  readonly #repo: StorageRepo;
  readonly #files: FileCatalog;
  readonly #clock: Clock;
  readonly #config: Config;
  readonly #locks: LimitLocks;

  constructor({ repo, files, clock, config, locks }: StorageServiceDeps) {
    this.#repo = repo;
    this.#files = files;
    this.#clock = clock;
    this.#config = config;
    this.#locks = locks;
  }

  // ── buckets ──

  async createBucket(userId: number, bucketName: string): Promise<BucketWire> {
    if (bucketName === SYSTEM_BUCKET_NAME) throw new AppError(ErrCode.Business, 'storage.bucketNameReserved');
    const failure = validate('bucketName', bucketName);
    if (failure) throw badParam('bucketName', failure.code, failure.messageKey);
    const now = this.#clock.now();
    const bucket: BucketRow = {
      bucketId: newHex24(now),
      bucketName,
      userId,
      bucketType: BucketType.User,
      createDate: now.toISOString(),
      updateDate: now.toISOString(),
    };
    // Counted and written under the user's lock: parallel creations queue and never pass the limit.
    await this.#locks.run([storageSubject(userId)], async (trx) => {
      const repo = this.#repo.within(trx);
      if ((await repo.countUserBuckets(userId)) >= MAX_USER_BUCKETS) {
        throw new AppError(ErrCode.Business, 'storage.bucketLimit', null, { limit: MAX_USER_BUCKETS });
      }
      if (await repo.findUserBucket(bucketName)) throw new AppError(ErrCode.Business, 'storage.bucketNameTaken');
      try {
        await repo.insertBucket(bucket);
      } catch (error) {
        // Another user took the name at the same moment.
        if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'storage.bucketNameTaken');
        throw error;
      }
    });
    return bucketWire(bucket, undefined);
  }

  async listBuckets(userId: number, bucketType: number): Promise<BucketWire[]> {
    const buckets = await this.#repo.listBuckets(userId, bucketType);
    const totals = await this.#repo.bucketTotals(buckets.map((bucket) => bucket.bucketId));
    return buckets.map((bucket) => bucketWire(bucket, totals.get(bucket.bucketId)));
  }

  async spaceStatistics(userId: number): Promise<SpaceStatisticsWire> {
    const [bucketCount, totalFileSize] = await Promise.all([
      this.#repo.countUserBuckets(userId),
      this.#repo.usedBytes(userId),
    ]);
    return { storageLimit: this.#config.storageQuotaBytes, bucketCount, totalFileSize };
  }

  /** One of the caller's buckets, or null (another user's bucket included). */
  async findBucket(userId: number, bucketName: string): Promise<BucketWire | null> {
    const bucket = await this.#repo.findOwnBucket(userId, bucketName);
    if (!bucket) return null;
    const totals = await this.#repo.bucketTotals([bucket.bucketId]);
    return bucketWire(bucket, totals.get(bucket.bucketId));
  }

  /** Whether anyone holds the name (the system bucket's name is always held). */
  async isBucketNameTaken(bucketName: string): Promise<boolean> {
    return bucketName === SYSTEM_BUCKET_NAME || (await this.#repo.findUserBucket(bucketName)) !== undefined;
  }

  /** Deletes a bucket and its objects; a bucket with objects only when `force` says so. */
  async deleteBucket(userId: number, bucketName: string, force: boolean): Promise<true> {
    const bucket = await this.#ownBucket(userId, bucketName);
    if (bucket.bucketType === BucketType.System)
      throw new AppError(ErrCode.Business, 'storage.systemBucketNotDeletable');
    const objectCount = await this.#repo.countObjects(bucket.bucketId);
    if (objectCount > 0 && !force)
      throw new AppError(ErrCode.Business, 'storage.bucketNotEmpty', { objectCount }, { count: objectCount });
    await this.#repo.deleteBucket(bucket.bucketId);
    return true;
  }

  /** The caller's bucket: errCode 2 when no such bucket exists, 3 when it is another user's. */
  async #ownBucket(userId: number, bucketName: string): Promise<BucketRow> {
    const own = await this.#repo.findOwnBucket(userId, bucketName);
    if (own) return own;
    if (bucketName !== SYSTEM_BUCKET_NAME && (await this.#repo.findUserBucket(bucketName)))
      throw new AppError(ErrCode.Forbidden, 'storage.bucketNotYours');
    throw new AppError(ErrCode.Business, 'storage.bucketNotFound');
  }

  // ── objects: reading ──

  async listObjects(userId: number, bucketName: string, query: ObjectListQuery): Promise<Page<ObjectView>> {
    const { skip, limit } = query;
    const bucket =
      bucketName === SYSTEM_BUCKET_NAME
        ? await this.#repo.findOwnBucket(userId, bucketName)
        : await this.#ownBucket(userId, bucketName);
    // The system bucket appears with its first document; until then it is empty rather than missing.
    if (!bucket) return { skip, limit, totalItem: 0, dataList: [] };
    const filter: ObjectFilter = {
      keywords: query.keywords,
      resourceType: query.resourceType,
      resourceTypeCode: query.resourceTypeCode,
      includeTypeless: isTruthyFlag(query.isLoadingTypeless),
      omitResourceType: query.omitResourceType,
      mimes: listOf(query.mime),
      extNames: listOf(query.extNames).map((ext) => ext.replace(/^\./, '')),
    };
    const { totalItem, rows } = await this.#repo.pageObjects(bucket.bucketId, filter, {
      skip,
      limit,
      ...sortOf(query.sort),
    });
    const fields = projectionFields(query.projection, OBJECT_FIELDS);
    const objects = await this.#wires(rows);
    return { skip, limit, totalItem, dataList: objects.map((object) => projected(object, fields)) };
  }

  /** A page of the caller's system bucket (`.UserNodeData`). */
  listSystemObjects(userId: number, paging: Paging): Promise<Page<ObjectView>> {
    return this.listObjects(userId, SYSTEM_BUCKET_NAME, paging);
  }

  /** An object of the caller by id or full name (errCode 2 when there is none). */
  async findObject(userId: number, idOrName: string): Promise<ObjectWire> {
    return this.#wire(await this.#ownObject(userId, idOrName));
  }

  /** An object of the caller in that bucket, or null. */
  async findObjectInBucket(userId: number, bucketName: string, objectId: string): Promise<ObjectWire | null> {
    const object = await this.#repo.findObject(objectId);
    if (!object || object.userId !== userId || object.bucketName !== bucketName) return null;
    return this.#wire(object);
  }

  /** The caller's objects by ids and full names, in the order given; others are left out. */
  async lookupObjects(
    userId: number,
    query: { objectIds?: string; fullObjectNames?: string; projection?: string },
  ): Promise<ObjectView[]> {
    const ids = objectIdList('objectIds', query.objectIds);
    const names = listOf(query.fullObjectNames);
    if (names.length > MAX_IDS_PER_CALL)
      throw badParam('fullObjectNames', 'maxItems', 'errors.param.maxItems', { limit: MAX_IDS_PER_CALL });
    const byId = await this.#repo.findOwnObjects(userId, ids);
    const byName = await Promise.all(
      names.map((name) => {
        const parsed = parseFullObjectName(name);
        return parsed ? this.#repo.findOwnObjectByName(userId, parsed.bucketName, parsed.objectName) : undefined;
      }),
    );
    const ordered = [...ids.map((id) => byId.find((object) => object.objectId === id)), ...byName].filter(
      (object): object is ObjectRow => object !== undefined,
    );
    const unique = [...new Map(ordered.map((object) => [object.objectId, object])).values()];
    const fields = projectionFields(query.projection, OBJECT_FIELDS);
    return (await this.#wires(unique)).map((object) => projected(object, fields));
  }

  async #ownObject(userId: number, idOrName: string): Promise<ObjectRow> {
    const reference = parseObjectReference(decodeIdOrName(idOrName));
    if (!reference) throw badParam('objectIdOrName', 'pattern', 'storage.param.objectIdOrName');
    const object =
      'objectId' in reference
        ? await this.#repo.findObject(reference.objectId)
        : await this.#repo.findOwnObjectByName(userId, reference.bucketName, reference.objectName);
    if (!object || object.userId !== userId) throw notFound();
    return object;
  }

  async #wire(object: ObjectRow): Promise<ObjectWire> {
    const [wire] = await this.#wires([object]);
    return wire as ObjectWire;
  }

  /** Wire objects, their object dependencies named as they are called now. */
  async #wires(objects: readonly ObjectRow[]): Promise<ObjectWire[]> {
    const dependencyIds = [...new Set(objects.flatMap((object) => objectDependencyIds(storedDependencies(object))))];
    const names = await this.#repo.fullNamesOf(dependencyIds);
    return objects.map((object) => objectWire(object, names));
  }

  // ── objects: writing ──

  /**
   * Creates an object, or gives an existing one of that name the new file (keeping properties and dependencies).
   * A type the creator names wins over the content's; an existing object is re-typed only when its type was
   * derived from its content, never over one its user chose.
   */
  async createObject(userId: number, bucketName: string, body: CreateObjectBody): Promise<ObjectWire> {
    const issues: FieldIssue[] = [];
    const objectName = objectNameParam(body.objectName, issues);
    const named = body.resourceType ? typeFromCode(body.resourceType, undefined, issues, 'resourceType') : undefined;
    throwIssues(issues);
    const bucket = await this.#ownBucket(userId, bucketName);
    const file = await this.#analysedFile(userId, body.sha1);
    const type = named ?? typeFromContent(file.metaInfo.mime);
    return this.#wire(
      await this.#putObject(userId, bucket, objectName as string, file, { type, derived: !named, ownerKey: null }),
    );
  }

  /** A file the user may use by its sha1 (possession); one they may not use is as unknown as one nobody stored. */
  async #analysedFile(userId: number, sha1: string): Promise<AnalysedFile> {
    const file = await this.#files.findUsable(userId, sha1);
    if (!file) throw new AppError(ErrCode.Business, 'storage.fileNotFound');
    // analyseError is the files module's translation key of the reason: the client can show it.
    if (file.metaAnalyzeStatus === FileAnalysisStatus.Fail)
      throw new AppError(ErrCode.Business, 'storage.fileAnalysisFailed', { analyseError: file.analyseError });
    if (file.metaAnalyzeStatus !== FileAnalysisStatus.Success || !file.metaInfo)
      throw new AppError(ErrCode.Business, 'storage.fileAnalysing');
    return { ...file, metaInfo: file.metaInfo };
  }

  async #assertQuota(repo: StorageRepo, userId: number, addedBytes: number, replacedBytes: number): Promise<void> {
    const used = await repo.usedBytes(userId);
    const quota = this.#config.storageQuotaBytes;
    if (used - replacedBytes + addedBytes > quota)
      throw new AppError(ErrCode.Business, 'storage.quotaExceeded', null, { quota: formatFileSize(quota) });
  }

  /**
   * Writes the object `name` of the bucket: the file replaces the one of an existing object, which takes
   * `type` only when its own type was derived from its content (one its user chose is kept, as DOMAIN says);
   * otherwise a new object gets `type`. The quota is checked and the object written under the
   * user's lock: parallel writes queue, each sees the bytes of those before it, and two creators
   * racing for a new name end as one object.
   */
  #putObject(
    userId: number,
    bucket: BucketRow,
    name: string,
    file: AnalysedFile,
    extra: { type: TypeChoice; derived: boolean; ownerKey: number | null },
  ): Promise<ObjectRow> {
    const now = this.#clock.now().toISOString();
    const fileColumns = {
      sha1: file.sha1,
      fileSize: file.fileSize,
      mime: file.metaInfo.mime,
      systemProperty: JSON.stringify(file.metaInfo),
      updateDate: now,
    };
    const typeColumns = {
      resourceType: JSON.stringify(extra.type.resourceType),
      resourceTypeCode: extra.type.resourceTypeCode,
      typeDerived: extra.derived ? 1 : 0,
    };
    return this.#locks.run([storageSubject(userId)], async (trx) => {
      const repo = this.#repo.within(trx);
      const existing = await repo.findObjectByName(bucket.bucketId, name);
      await this.#assertQuota(repo, userId, file.fileSize, existing ? Number(existing.fileSize) : 0);
      if (existing) {
        const changes = {
          ...fileColumns,
          ...(existing.typeDerived === 1 ? typeColumns : {}),
          ...(extra.ownerKey === null ? {} : { ownerKey: extra.ownerKey }),
        };
        await repo.updateObject(existing.objectId, changes);
        return { ...existing, ...changes };
      }
      const object: ObjectRow = {
        objectId: newHex24(new Date(now)),
        bucketId: bucket.bucketId,
        bucketName: bucket.bucketName,
        userId,
        objectName: name,
        ...fileColumns,
        ...typeColumns,
        customPropertyDescriptors: '[]',
        dependencies: '[]',
        ownerKey: extra.ownerKey,
        createDate: now,
      };
      await repo.insertObject(object);
      return object;
    });
  }

  /** Changes name, type, custom properties and dependencies, each only when given. */
  async updateObject(userId: number, idOrName: string, body: UpdateObjectBody): Promise<ObjectWire> {
    const issues: FieldIssue[] = [];
    const objectName = body.objectName === undefined ? undefined : objectNameParam(body.objectName, issues);
    const type =
      body.resourceType !== undefined
        ? typeFromPath(body.resourceType, issues)
        : body.resourceTypeCode !== undefined
          ? typeFromCode(body.resourceTypeCode, body.resourceTypeName, issues)
          : undefined;
    if (body.customPropertyDescriptors) issues.push(...descriptorIssues(body.customPropertyDescriptors));
    if (body.dependencies) issues.push(...dependencyIssues(body.dependencies));
    throwIssues(issues);

    const object = await this.#ownObject(userId, idOrName);
    const dependencies = body.dependencies ? await this.#resolveDependencies(userId, body.dependencies) : undefined;
    if (dependencies) await this.#assertNoCycle(userId, object.objectId, objectDependencyIds(dependencies));
    if (
      objectName !== undefined &&
      objectName !== object.objectName &&
      (await this.#repo.findObjectByName(object.bucketId, objectName))
    ) {
      throw new AppError(ErrCode.Business, 'storage.objectNameTaken');
    }
    const changes = {
      ...(objectName === undefined ? {} : { objectName }),
      ...(type
        ? { resourceType: JSON.stringify(type.resourceType), resourceTypeCode: type.resourceTypeCode, typeDerived: 0 }
        : {}),
      ...(body.customPropertyDescriptors
        ? { customPropertyDescriptors: JSON.stringify(normalizeDescriptors(body.customPropertyDescriptors)) }
        : {}),
      ...(dependencies ? { dependencies: JSON.stringify(dependencies) } : {}),
      updateDate: this.#clock.now().toISOString(),
    };
    try {
      await this.#repo.updateObject(object.objectId, changes);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'storage.objectNameTaken');
      throw error;
    }
    return this.#wire({ ...object, ...changes });
  }

  /** Gives the caller's objects one type; all of them or none (errCode 2 when one is not the caller's). */
  async updateBatch(userId: number, body: UpdateBatchBody): Promise<true> {
    const ids = objectIdList('objectIds', body.objectIds);
    if (ids.length === 0) throw badParam('objectIds', 'required', 'errors.param.required');
    const issues: FieldIssue[] = [];
    const type = typeFromCode(body.resourceTypeCode, body.resourceTypeName, issues);
    throwIssues(issues);
    const found = await this.#repo.findOwnObjects(userId, ids);
    if (found.length !== ids.length)
      throw new AppError(ErrCode.Business, 'storage.objectsNotFound', null, { count: ids.length - found.length });
    const { resourceType, resourceTypeCode } = type as TypeChoice;
    await this.#repo.updateObjects(ids, {
      resourceType: JSON.stringify(resourceType),
      resourceTypeCode,
      typeDerived: 0,
      updateDate: this.#clock.now().toISOString(),
    });
    return true;
  }

  /** Deletes the caller's objects of one bucket; all of them or none (errCode 2 when an id is not one of them). */
  async deleteObjects(userId: number, bucketName: string, objectIds: string): Promise<true> {
    const ids = objectIdList('objectIds', objectIds);
    if (ids.length === 0) throw badParam('objectIds', 'required', 'errors.param.required');
    const bucket = await this.#ownBucket(userId, bucketName);
    const found = (await this.#repo.findOwnObjects(userId, ids)).filter(
      (object) => object.bucketId === bucket.bucketId,
    );
    if (found.length !== ids.length)
      throw new AppError(ErrCode.Business, 'storage.objectsNotFound', null, { count: ids.length - found.length });
    await this.#repo.deleteObjects(ids);
    return true;
  }

  // ── dependencies ──

  /** Object dependencies must be existing objects of the caller; resources are kept by name (checked by the resources module later). */
  async #resolveDependencies(userId: number, dependencies: readonly DependencyInput[]): Promise<StoredDependency[]> {
    return Promise.all(
      dependencies.map(async (dependency): Promise<StoredDependency> => {
        if (dependency.type === 'resource')
          return { type: 'resource', name: dependency.name, versionRange: dependency.versionRange || '*' };
        const { bucketName, objectName } = parseFullObjectName(dependency.name) as {
          bucketName: string;
          objectName: string;
        };
        const object = await this.#repo.findOwnObjectByName(userId, bucketName, objectName);
        if (!object)
          throw new AppError(ErrCode.Business, 'storage.dependencyNotFound', null, { name: dependency.name });
        return {
          type: 'object',
          objectId: object.objectId,
          name: fullObjectName(object.bucketName, object.objectName),
        };
      }),
    );
  }

  #cycleVerdict(userId: number, objectId: string, directIds: readonly string[]): Promise<CycleVerdict> {
    return checkDependencyCycle(objectId, directIds, async (ids) => {
      const objects = await this.#repo.findOwnObjects(userId, ids);
      return new Map(objects.map((object) => [object.objectId, objectDependencyIds(storedDependencies(object))]));
    });
  }

  async #assertNoCycle(userId: number, objectId: string, directIds: readonly string[]): Promise<void> {
    const verdict = await this.#cycleVerdict(userId, objectId, directIds);
    if (verdict === 'cycle') throw new AppError(ErrCode.Business, 'storage.dependencyCycle');
    if (verdict === 'tooDeep')
      throw new AppError(ErrCode.Business, 'storage.dependencyTooDeep', null, { limit: MAX_DEPENDENCY_DEPTH });
  }

  /** true when the dependencies would make no cycle (and no chain deeper than 20 levels). */
  async checkCycle(userId: number, idOrName: string, dependencies: readonly DependencyInput[]): Promise<boolean> {
    throwIssues(dependencyIssues(dependencies));
    const object = await this.#ownObject(userId, idOrName);
    const directIds: string[] = [];
    for (const dependency of dependencies) {
      const parsed = dependency.type === 'object' ? parseFullObjectName(dependency.name) : null;
      const target = parsed
        ? await this.#repo.findOwnObjectByName(userId, parsed.bucketName, parsed.objectName)
        : undefined;
      if (target) directIds.push(target.objectId);
    }
    return (await this.#cycleVerdict(userId, object.objectId, directIds)) === 'none';
  }

  // ── downloads ──

  /** The caller's object to download, or undefined (missing and another user's look the same). */
  async objectForDownload(userId: number, idOrName: string): Promise<ObjectRow | undefined> {
    try {
      return await this.#ownObject(userId, idOrName);
    } catch (error) {
      if (error instanceof AppError) return undefined;
      throw error;
    }
  }

  openFile(object: Pick<ObjectRow, 'sha1'>, range?: ByteRange): Promise<Readable> {
    return this.#files.open(object.sha1, range);
  }

  // ── .UserNodeData (DOMAIN §3.10) ──

  async #systemBucket(userId: number): Promise<BucketRow> {
    const existing = await this.#repo.findOwnBucket(userId, SYSTEM_BUCKET_NAME);
    if (existing) return existing;
    const now = this.#clock.now();
    const bucket: BucketRow = {
      bucketId: newHex24(now),
      bucketName: SYSTEM_BUCKET_NAME,
      userId,
      bucketType: BucketType.System,
      createDate: now.toISOString(),
      updateDate: now.toISOString(),
    };
    try {
      await this.#repo.insertBucket(bucket);
      return bucket;
    } catch (error) {
      const raced = isUniqueViolation(error) ? await this.#repo.findOwnBucket(userId, SYSTEM_BUCKET_NAME) : undefined;
      if (raced) return raced;
      throw error;
    }
  }

  /**
   * Stores a document another module keeps for the user in their system bucket, under that module's
   * numeric key (the object is found by key first, so it keeps its id when its name changes).
   */
  async putSystemDocument(
    userId: number,
    document: { key: number; name: string; type: string; bytes: Buffer },
  ): Promise<ObjectWire> {
    const bucket = await this.#systemBucket(userId);
    const stored = await this.#files.storeBytes(userId, document.name, document.bytes);
    const file = await this.#analysedFile(userId, stored.sha1);
    const previous = await this.#repo.findKeyedObject(bucket.bucketId, document.key);
    if (previous && previous.objectName !== document.name)
      await this.#repo.updateObject(previous.objectId, { objectName: document.name });
    const type: TypeChoice = { resourceType: [document.type], resourceTypeCode: document.type };
    return this.#wire(
      await this.#putObject(userId, bucket, document.name, file, { type, derived: false, ownerKey: document.key }),
    );
  }

  /** The document of the user's system bucket under this key or object id, with its bytes; null when none. */
  async systemDocument(
    userId: number,
    by: { key: number } | { objectId: string },
  ): Promise<{ object: ObjectWire; bytes: Buffer } | null> {
    const bucket = await this.#repo.findOwnBucket(userId, SYSTEM_BUCKET_NAME);
    if (!bucket) return null;
    const object =
      'key' in by
        ? await this.#repo.findKeyedObject(bucket.bucketId, by.key)
        : await this.#repo.findObject(by.objectId);
    if (!object || object.bucketId !== bucket.bucketId) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.#files.open(object.sha1)) chunks.push(chunk as Buffer);
    return { object: await this.#wire(object), bytes: Buffer.concat(chunks) };
  }

  /** Removes the user's system documents under these keys or with these names. */
  async deleteSystemDocuments(userId: number, { keys, names }: { keys: number[]; names: string[] }): Promise<void> {
    const bucket = await this.#repo.findOwnBucket(userId, SYSTEM_BUCKET_NAME);
    if (bucket) await this.#repo.deleteKeyedObjects(bucket.bucketId, keys, names);
  }

  // ── what the files module asks ──

  usedBytes(userId: number): Promise<number> {
    return this.#repo.usedBytes(userId);
  }

  referencedAmong(sha1s: readonly string[]): Promise<Set<string>> {
    return this.#repo.sha1sInUse(sha1s);
  }

  heldAmong(userId: number, sha1s: readonly string[]): Promise<Set<string>> {
    return this.#repo.sha1sInUse(sha1s, userId);
  }
}
