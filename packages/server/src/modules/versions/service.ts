// Versions (DOMAIN §2.6, §2.7, §3.2): creation (create.ts), reads, later edits, drafts and the
// single checks clients run before creating. Also the port the resources module plugs in.
import { compareVersionTexts, ErrCode, normalizeVersion } from '@tessera/domain';
import { Value } from '@sinclair/typebox/value';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError, badParam, BadParamsError, type FieldIssue } from '../../platform/errors';
import type { FileCatalog, FileHoldings, FileReferenceSource } from '../files';
import type { ServableFile } from '../../platform/http/stored-bytes';
import { projected, projectionFields } from '../../platform/projection';
import type { BatchItemBody } from '@tessera/contract/resources';
import {
  isVisibleTo,
  resourceNotFound,
  type ResourceQueries,
  type ResourceRow,
  type FirstVersionWrite,
  type ResourceService,
  type ResourceVersionsPort,
} from '../resources';
import { descriptorIssues, normalizeDescriptors } from '@tessera/domain';
import { VersionContracts } from './contract-edits';
import type { DependencySigning } from './contracts';
import { VersionCreator, versionIdOf, writableResource } from './create';
import type { DraftRow, VersionRepo, VersionRow } from './repo';
import {
  CreateVersionBody,
  VERSION_LIMITS,
  type BatchSetContractsBody,
  type CoverageVersionsWire,
  type DraftWire,
  type UpdateVersionBody,
  type VersionWire,
} from '@tessera/contract/versions';
import { flatProperty, VERSION_FIELDS, versionWire } from './views';
import { sanitizeDescription } from './description';

/** A version's stored bytes and the name it is downloaded under. */
export type VersionFile = { file: ServableFile; filename: string };

export type VersionServiceDeps = {
  repo: VersionRepo;
  files: FileCatalog;
  resources: ResourceService;
  resourceQueries: ResourceQueries;
  /** Contracts on what versions resolve (the `dependencyContracts` port). */
  signing: DependencySigning;
  clock: Clock;
};

const versionNotFound = (): AppError => new AppError(ErrCode.Business, 'versions.notFound');
const MIME_FALLBACK = 'application/octet-stream';

/** TypeBox's complaints about an item that did not pass a route schema (createBatch items), as field issues. */
function valueIssues(body: unknown): FieldIssue[] {
  const fields = new Set(
    [...Value.Errors(CreateVersionBody, body)].map(
      (error) =>
        error.path
          .split('/')
          .filter((part) => part !== '')
          .join('.') || 'body',
    ),
  );
  return [...fields].slice(0, 20).map((field) => ({ field, code: 'invalid', messageKey: 'errors.param.invalid' }));
}

/** A createBatch item's version fields as the body of a version. */
function firstVersionBody(item: BatchItemBody): CreateVersionBody {
  const body = {
    version: item.version,
    fileSha1: item.fileSha1 ?? '',
    filename: item.filename ?? '',
    ...Object.fromEntries(Object.entries(item).filter(([key]) => !['version', 'fileSha1', 'filename'].includes(key))),
  };
  if (!Value.Check(CreateVersionBody, body)) throw new BadParamsError(valueIssues(body));
  return body;
}

export class VersionService implements ResourceVersionsPort, FileReferenceSource, FileHoldings {
  readonly #deps: VersionServiceDeps;
  readonly #creator: VersionCreator;
  readonly #contracts: VersionContracts;

  constructor(deps: VersionServiceDeps) {
    this.#deps = deps;
    this.#creator = new VersionCreator(deps);
    this.#contracts = new VersionContracts(deps);
  }

  // ── helpers ──

  async #resource(resourceId: string): Promise<ResourceRow | undefined> {
    return (await this.#deps.resourceQueries.rowsByIds([resourceId]))[0];
  }

  /** A resource the caller may see. */
  async #visible(callerId: number | null, resourceId: string): Promise<ResourceRow> {
    const row = await this.#resource(resourceId);
    if (!row || !isVisibleTo(row, callerId)) throw resourceNotFound();
    return row;
  }

  /** Version rows as wires, leaving out those whose resource the caller may not see. */
  async #wires(rows: readonly VersionRow[], callerId: number | null | 'any'): Promise<VersionWire[]> {
    const resources = new Map(
      (await this.#deps.resourceQueries.rowsByIds(rows.map((row) => row.resourceId))).map((row) => [
        row.resourceId,
        row,
      ]),
    );
    return rows.flatMap((row) => {
      const resource = resources.get(row.resourceId);
      if (!resource || (callerId !== 'any' && !isVisibleTo(resource, callerId))) return [];
      return [versionWire(row, resource)];
    });
  }

  #project(wires: readonly VersionWire[], projection: string | undefined): Partial<VersionWire>[] {
    const fields = projectionFields<VersionWire>(projection, VERSION_FIELDS);
    return wires.map((wire) => projected(wire, fields));
  }

  async #row(resourceId: string, versionText: string): Promise<VersionRow> {
    const version = normalizeVersion(versionText);
    if (!version) throw badParam('version', 'pattern', 'versions.param.version');
    const row = await this.#deps.repo.findById(versionIdOf(resourceId, version));
    if (!row) throw versionNotFound();
    return row;
  }

  // ── creating ──

  /** A version as it is now, whoever may see it (after a write). */
  async #current(versionId: string): Promise<VersionWire> {
    const row = await this.#deps.repo.findById(versionId);
    const [wire] = row ? await this.#wires([row], 'any') : [];
    if (!wire) throw versionNotFound();
    return wire;
  }

  async create(userId: number, resourceId: string, body: CreateVersionBody): Promise<VersionWire> {
    return this.#current(await this.#creator.create(userId, resourceId, body));
  }

  /** createBatch's first version of a resource about to be inserted: checked now, written in its transaction. */
  async prepareFirstVersion(userId: number, resource: ResourceRow, item: BatchItemBody): Promise<FirstVersionWrite> {
    return this.#creator.prepareFirst(userId, resource, firstVersionBody(item));
  }

  /** An unreleased resource is deleted: its draft goes in the same transaction. */
  async forgetResource(resourceId: string, transaction: Db): Promise<void> {
    await this.#deps.repo.within(transaction).deleteDraft(resourceId);
  }

  isCanBeCreate(userId: number, sha1: string): Promise<boolean> {
    return this.#creator.isFileFree(userId, sha1);
  }

  /** true means no cycle (API.md). */
  async cycleCheck(
    userId: number,
    resourceId: string,
    dependencies: readonly { resourceId: string }[],
  ): Promise<boolean> {
    writableResource(await this.#resource(resourceId), userId);
    return (
      (await this.#creator.cycleVerdict(
        resourceId,
        dependencies.map((dependency) => dependency.resourceId),
      )) === 'none'
    );
  }

  // ── reading ──

  async list(
    callerId: number | null,
    resourceId: string,
    query: { version?: string; projection?: string; sort?: string },
  ): Promise<Partial<VersionWire>[]> {
    await this.#visible(callerId, resourceId);
    // Versions only increase, so semver order is creation order.
    let rows = (await this.#deps.repo.ofResources([resourceId])).sort((a, b) =>
      compareVersionTexts(a.version, b.version),
    );
    if (query.version) rows = rows.filter((row) => row.version === normalizeVersion(query.version ?? ''));
    if (query.sort?.trim() === 'createDate:-1') rows = [...rows].reverse();
    return this.#project(await this.#wires(rows, callerId), query.projection);
  }

  async detail(
    callerId: number | null,
    resourceId: string,
    version: string,
    projection?: string,
  ): Promise<Partial<VersionWire>> {
    await this.#visible(callerId, resourceId);
    const [wire] = this.#project(await this.#wires([await this.#row(resourceId, version)], callerId), projection);
    if (!wire) throw versionNotFound();
    return wire;
  }

  async byId(callerId: number | null, versionId: string, projection?: string): Promise<Partial<VersionWire>> {
    const row = await this.#deps.repo.findById(versionId);
    const [wire] = this.#project(row ? await this.#wires([row], callerId) : [], projection);
    if (!wire) throw versionNotFound();
    return wire;
  }

  async byIds(callerId: number | null, versionIdsText: string, projection?: string): Promise<Partial<VersionWire>[]> {
    const ids = versionIdsText
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (ids.length > VERSION_LIMITS.idsPerCall)
      throw badParam('versionIds', 'maxItems', 'errors.param.maxItems', { limit: VERSION_LIMITS.idsPerCall });
    if (!ids.every((id) => /^[0-9a-f]{32}$/.test(id)))
      throw badParam('versionIds', 'pattern', 'versions.param.versionIds');
    const byId = new Map((await this.#deps.repo.findByIds(ids)).map((row) => [row.versionId, row]));
    const rows = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
    return this.#project(await this.#wires(rows, callerId), projection);
  }

  async property(callerId: number | null, resourceId: string, version: string): Promise<Record<string, unknown>> {
    await this.#visible(callerId, resourceId);
    return flatProperty(await this.#row(resourceId, version));
  }

  /** The versions that hold a file, among those the caller may see. */
  async versionsOfFile(callerId: number | null, sha1: string, projection?: string): Promise<Partial<VersionWire>[]> {
    return this.#project(await this.#wires(await this.#deps.repo.ofFile(sha1.toLowerCase()), callerId), projection);
  }

  /** The resources (ids) whose versions hold a file, among those the caller may see. */
  async resourceIdsOfFile(callerId: number | null, sha1: string): Promise<string[]> {
    const wires = await this.#wires(await this.#deps.repo.ofFile(sha1.toLowerCase()), callerId);
    return [...new Set(wires.map((wire) => wire.resourceId))].slice(0, VERSION_LIMITS.idsPerCall);
  }

  // ── later edits (DOMAIN §3.2: description, descriptors and the contracts) ──

  async update(userId: number, resourceId: string, version: string, body: UpdateVersionBody): Promise<VersionWire> {
    const resource = writableResource(await this.#resource(resourceId), userId);
    const row = await this.#row(resourceId, version);
    const problems = descriptorIssues(body.customPropertyDescriptors ?? []);
    if (problems.length > 0) throw new BadParamsError(problems);
    const changes = {
      ...(body.description === undefined ? {} : { description: sanitizeDescription(body.description) }),
      ...(body.customPropertyDescriptors === undefined
        ? {}
        : { customPropertyDescriptors: JSON.stringify(normalizeDescriptors(body.customPropertyDescriptors)) }),
    };
    if (body.resolveResources === undefined)
      await this.#deps.repo.updateVersion(row.versionId, {
        ...changes,
        updateDate: this.#deps.clock.now().toISOString(),
      });
    else await this.#contracts.replace(userId, resource, row, body.resolveResources, changes);
    return this.#current(row.versionId);
  }

  /** batchSetContracts (owner): the versions changed, as they are now. */
  async batchSetContracts(userId: number, resourceId: string, body: BatchSetContractsBody): Promise<VersionWire[]> {
    const resource = writableResource(await this.#resource(resourceId), userId);
    const versionIds = await this.#contracts.batchSet(userId, resource, body);
    const rows = new Map((await this.#deps.repo.findByIds(versionIds)).map((row) => [row.versionId, row]));
    return this.#wires(
      versionIds.flatMap((id) => rows.get(id) ?? []),
      'any',
    );
  }

  async coverageVersions(
    callerId: number | null,
    resourceId: string,
    contractIds: string,
  ): Promise<CoverageVersionsWire[]> {
    await this.#visible(callerId, resourceId);
    return this.#contracts.coverageVersions(resourceId, contractIds);
  }

  /** The version's file for its owner (licensees come with contracts), with the download name. */
  download(userId: number, resourceId: string, version: string): Promise<VersionFile> {
    return this.fileOf(resourceId, version, (resource) => resource.userId === userId);
  }

  /**
   * The file of a version whose resource `allowed` admits (it may throw its own refusal); a resource
   * it does not admit answers exactly as a missing version. The caller decides who may read the bytes.
   */
  async fileOf(
    resourceId: string,
    version: string,
    allowed: (resource: ResourceRow) => boolean | Promise<boolean>,
  ): Promise<VersionFile> {
    const resource = await this.#resource(resourceId);
    if (!resource || !(await allowed(resource))) throw versionNotFound();
    const row = await this.#row(resourceId, version);
    const file = await this.#deps.files.find(row.fileSha1);
    if (!file) throw versionNotFound();
    const servable: ServableFile = {
      sha1: file.sha1,
      fileSize: file.fileSize,
      mime: file.metaInfo?.mime ?? MIME_FALLBACK,
      open: (range) => this.#deps.files.open(file.sha1, range),
    };
    return { file: servable, filename: row.filename };
  }

  // ── drafts (DOMAIN §2.7) ──

  async saveDraft(userId: number, resourceId: string, draftData: unknown): Promise<DraftWire> {
    const resource = writableResource(await this.#resource(resourceId), userId);
    const text = JSON.stringify(draftData ?? null);
    if (Buffer.byteLength(text) > VERSION_LIMITS.draftBytes)
      throw badParam('draftData', 'maxLength', 'versions.param.draftTooLarge', { limit: '1 MiB' });
    const now = this.#deps.clock.now().toISOString();
    await this.#deps.repo.saveDraft({
      resourceId,
      userId,
      resourceType: resource.resourceType,
      draftData: text,
      createDate: now,
      updateDate: now,
    });
    const saved = await this.#deps.repo.findDraft(resourceId);
    if (!saved) throw versionNotFound();
    return draftWire(saved);
  }

  async draft(userId: number, resourceId: string): Promise<DraftWire | null> {
    writableResource(await this.#resource(resourceId), userId);
    const row = await this.#deps.repo.findDraft(resourceId);
    return row ? draftWire(row) : null;
  }

  async deleteDraft(userId: number, resourceId: string): Promise<void> {
    writableResource(await this.#resource(resourceId), userId);
    await this.#deps.repo.deleteDraft(resourceId);
  }

  // ── for other modules ──

  /** isLoadLatestVersionInfo: each resource's latest version. */
  async latestVersionInfos(resourceIds: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
    const resources = await this.#deps.resourceQueries.rowsByIds(resourceIds);
    const ids = resources
      .filter((row) => row.latestVersion !== '')
      .map((row) => versionIdOf(row.resourceId, row.latestVersion));
    const wires = await this.#wires(await this.#deps.repo.findByIds(ids), 'any');
    return new Map(wires.map((wire) => [wire.resourceId, wire]));
  }

  /** Version files are never swept. */
  referencedAmong(sha1s: readonly string[]): Promise<Set<string>> {
    return this.#deps.repo.filesAmong(sha1s);
  }

  heldAmong(userId: number, sha1s: readonly string[]): Promise<Set<string>> {
    return this.#deps.repo.filesAmong(sha1s, userId);
  }

  /** Rows for the trees. */
  get repo(): VersionRepo {
    return this.#deps.repo;
  }
}

function draftWire(row: DraftRow): DraftWire {
  return {
    resourceId: row.resourceId,
    userId: row.userId,
    resourceType: JSON.parse(row.resourceType) as string[],
    draftData: JSON.parse(row.draftData) as unknown,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
}
