// Exhibit writes (DOMAIN §2.17, §2.18, §3.4): creation with the node contracts, edits, version switch,
// rewrite properties, the update-tip note and the batch calls (each item its own transaction).
import { ErrCode, md5Hex, ResourceSubjectType, SubjectType, type Language } from '@tessera/domain';
import type { BatchItemResultWire, CreatePresentableBody, UpdatePresentableBody } from '@tessera/contract/exhibits';
import type { PolicyInputBody } from '@tessera/contract/resources';
import type { Clock } from '../../platform/clock';
import { newHex24 } from '../../platform/ids';
import { isUniqueViolation } from '../../platform/db/constraints';
import { failureEnvelope } from '../../platform/envelope';
import { AppError, failureOf, type FieldIssue } from '../../platform/errors';
import type { Translator } from '../../platform/messages';
import { isNodeFrozen, type NodeQueries, type NodeRow } from '../nodes';
import type { ContractService } from '../contracts';
import type { PolicyCatalog } from '../policies';
import {
  compileBindings,
  coverImagesParam,
  enabledCount,
  isVisibleTo,
  planBindings,
  policyRequests,
  StoredStatus,
  tagsParam,
  type BindingChange,
  type ResourceQueries,
  type ResourceRow,
} from '../resources';
import type { VersionService } from '../versions';
import {
  checkChoices,
  contractChoices,
  exhibitNameParam,
  INTRO_MAX_LENGTH,
  plainTextParam,
  rewritePropertyParam,
  throwIssues,
  TITLE_MAX_LENGTH,
  versionParam,
  type ContractChoice,
} from './inputs';
import type { FrozenRootResource, FrozenTrees } from './frozen-trees';
import type { ExhibitRepo, PresentablePolicyRow, PresentableRow, PresentableVersionRow } from './repo';
import { fixedKeysOf, isOpenToOthers, resolveResourcesOf } from './views';
import type { RewritePropertyWire } from '@tessera/contract/exhibits';

/**
 * The contracts module: checks the node contracts now (licensee = the node, identity 2) and answers
 * the writer that signs or reuses them inside the exhibit's transaction.
 */
export type NodeContractSigner = Pick<ContractService, 'prepareNodeSigning'>;

/** The frozen trees of DOMAIN §2.18 for a resource version; undefined when it has no such version. */
export type TreeFreezer = (root: FrozenRootResource, version: string) => Promise<FrozenTrees | undefined>;

/**
 * Refuses (throws, errCode 2 with the failed auth result) switching an online exhibit to `version`
 * when either auth side would fail. Without it an online exhibit must go offline to switch.
 */
export type OnlineSwitchCheck = (row: PresentableRow, version: string) => Promise<void>;

export type ExhibitServiceDeps = {
  repo: ExhibitRepo;
  nodes: NodeQueries;
  resources: Pick<ResourceQueries, 'findByIdOrName' | 'bindingsOf' | 'rowsByIds'>;
  versions: Pick<VersionService, 'detail'>;
  policies: PolicyCatalog;
  contracts: NodeContractSigner;
  freeze: TreeFreezer;
  onlineSwitchCheck?: OnlineSwitchCheck;
  translator: Translator;
  clock: Clock;
};

const notFound = (presentableId: string): AppError =>
  new AppError(ErrCode.Business, 'exhibits.notFound', { presentableId });

type ResolvedResource = { resourceId: string; resourceName: string };

/** The resource and its base upcasts: what an exhibit of it resolves (DOMAIN §3.4). */
function resolvedBy(resource: ResourceRow): ResolvedResource[] {
  const upcasts = JSON.parse(resource.baseUpcastResources) as ResolvedResource[];
  return [{ resourceId: resource.resourceId, resourceName: resource.resourceName }, ...upcasts];
}

function versionsOf(resource: ResourceRow): string[] {
  return (JSON.parse(resource.resourceVersions) as { version: string }[]).map((entry) => entry.version);
}

export class ExhibitService {
  readonly #deps: ExhibitServiceDeps;

  constructor(deps: ExhibitServiceDeps) {
    this.#deps = deps;
  }

  get repo(): ExhibitRepo {
    return this.#deps.repo;
  }

  // ── creation ──

  async create(userId: number, body: CreatePresentableBody, language: Language): Promise<PresentableRow> {
    const issues: FieldIssue[] = [];
    const presentableName = exhibitNameParam(body.presentableName, issues);
    const title = plainTextParam(body.presentableTitle ?? '', 'presentableTitle', TITLE_MAX_LENGTH, issues);
    const tags = body.tags === undefined ? undefined : tagsParam(body.tags, new Set(), issues);
    const requests = policyRequests(body.policies ?? [], 'policies', issues);
    throwIssues(issues);
    const choices = contractChoices(body);
    const { compiled, bindings } = compileBindings(this.#deps.policies, requests, SubjectType.Exhibit, language);
    planBindings([], bindings, []);

    const node = await this.#writableNode(userId, body.nodeId);
    const resource = await this.#exhibitableResource(userId, body.resourceId);
    const version = resource.subjectType === ResourceSubjectType.Collection ? '' : versionParam(body.version);
    if (version !== '' && !versionsOf(resource).includes(version))
      throw new AppError(ErrCode.Business, 'exhibits.versionNotFound', { version });
    await this.#checkChoices(resource, choices, true);
    await this.#ensureFree(node.nodeId, resource.resourceId, presentableName);
    const properties = await this.#versionProperties(resource, version);
    const trees = await this.#freeze(resource, version);
    const signing = await this.#prepareSigning(userId, node.nodeId, choices);

    const date = this.#deps.clock.now().toISOString();
    const presentableId = newHex24(this.#deps.clock.now());
    const row: PresentableRow = {
      presentableId,
      presentableName,
      presentableNameKey: presentableName.toLowerCase(),
      presentableTitle: title || presentableName,
      intro: '',
      nodeId: node.nodeId,
      userId,
      resourceId: resource.resourceId,
      resourceName: resource.resourceName,
      resourceType: resource.resourceType,
      resourceOwnerId: resource.userId,
      version,
      resolveResources: '[]',
      tags: tags ? JSON.stringify(tags) : resource.tags,
      coverImages: resource.coverImages,
      onlineStatus: 0,
      ignoredUpdateVersion: '',
      status: 0,
      createDate: date,
      updateDate: date,
    };
    const versionRow = this.#versionRow(row, version, properties, trees, '[]', date);
    const policyRows = bindings.map((binding, index) =>
      this.#policyRow(presentableId, { ...binding, sortNo: index + 1 }, date),
    );
    await this.#deps.policies.store(compiled, userId);
    try {
      await this.#deps.repo.inTransaction(async (repo, trx) => {
        row.resolveResources = JSON.stringify(resolvedWith(resolvedBy(resource), await signing(trx), []));
        await repo.insert(row, versionRow, policyRows);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another creation won the race between the check above and the insert.
      await this.#ensureFree(node.nodeId, resource.resourceId, presentableName);
      throw new AppError(ErrCode.Business, 'exhibits.alreadyExhibited', { resourceId: resource.resourceId });
    }
    return row;
  }

  /**
   * createPresentableBatchEasy: each resource at its latest version, named after the resource (with
   * `_1`, `_2`… when taken), its and its upcasts' node contracts under the given or first enabled policy.
   */
  async createBatch(
    userId: number,
    body: { nodeId: number; resources: { resourceId: string; policyId?: string }[] },
    language: Language,
  ): Promise<BatchItemResultWire[]> {
    const results: BatchItemResultWire[] = [];
    for (const item of body.resources) {
      try {
        const created = await this.create(userId, await this.#easyBody(userId, body.nodeId, item), language);
        results.push({ id: created.presentableId, success: true, errCode: 0, msg: '' });
      } catch (error) {
        results.push({ id: item.resourceId, success: false, ...this.#outcomeOf(error, language) });
      }
    }
    return results;
  }

  async #easyBody(
    userId: number,
    nodeId: number,
    item: { resourceId: string; policyId?: string },
  ): Promise<CreatePresentableBody> {
    const resource = await this.#exhibitableResource(userId, item.resourceId);
    const resolved = resolvedBy(resource);
    const bindings = await this.#deps.resources.bindingsOf(resolved.map((entry) => entry.resourceId));
    const firstEnabled = (resourceId: string): string[] => {
      const enabled = (bindings.get(resourceId) ?? []).find((binding) => binding.status === 1);
      return enabled ? [enabled.policyId] : [];
    };
    const namePart = resource.resourceName.slice(resource.resourceName.indexOf('/') + 1);
    return {
      nodeId,
      resourceId: resource.resourceId,
      version: resource.latestVersion,
      presentableName: await this.#freeName(nodeId, namePart),
      batchSignContracts: resolved.map((entry) => ({
        resourceId: entry.resourceId,
        policyIds:
          entry.resourceId === resource.resourceId && item.policyId ? [item.policyId] : firstEnabled(entry.resourceId),
      })),
    };
  }

  async #freeName(nodeId: number, wanted: string): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const name = attempt === 0 ? wanted : `${wanted}_${attempt}`;
      if (!(await this.#deps.repo.findInNode(nodeId, { presentableName: name }))) return name;
    }
  }

  // ── edits ──

  async update(userId: number, presentableId: string, body: UpdatePresentableBody, language: Language) {
    const row = await this.#ownExhibit(userId, presentableId);
    const issues: FieldIssue[] = [];
    const title =
      body.presentableTitle === undefined
        ? undefined
        : plainTextParam(body.presentableTitle, 'presentableTitle', TITLE_MAX_LENGTH, issues);
    const introText = body.presentableIntro ?? body.intro;
    const intro =
      introText === undefined
        ? undefined
        : plainTextParam(
            introText,
            body.presentableIntro === undefined ? 'intro' : 'presentableIntro',
            INTRO_MAX_LENGTH,
            issues,
          );
    const tags = body.tags === undefined ? undefined : tagsParam(body.tags, new Set(), issues);
    const coverImages = body.coverImages === undefined ? undefined : coverImagesParam(body.coverImages, issues);
    const requests = policyRequests(body.addPolicies ?? [], 'addPolicies', issues);
    const changes = policyChanges(body.updatePolicies ?? [], issues);
    throwIssues(issues);
    const { compiled, bindings } = compileBindings(this.#deps.policies, requests, SubjectType.Exhibit, language);
    const plan = planBindings(await this.#deps.repo.policiesOf([presentableId]), bindings, changes);
    if (row.onlineStatus === 1 && enabledCount(plan.final) === 0)
      throw new AppError(ErrCode.Business, 'exhibits.lastPolicyWhileOnline');
    const choices = body.resolveResources ? contractChoices({ resolveResources: body.resolveResources }) : [];
    const resolved = resolveResourcesOf(row);
    if (choices.length > 0) await this.#checkChoicesAgainst(resolved, choices, false);

    const signing = choices.length > 0 ? await this.#prepareSigning(userId, row.nodeId, choices) : undefined;
    const date = this.#deps.clock.now().toISOString();
    if (compiled.length > 0) await this.#deps.policies.store(compiled, userId);
    await this.#deps.repo.inTransaction(async (repo, trx) => {
      const resolveResources = signing ? resolvedWith(resolved, await signing(trx), resolved) : undefined;
      await repo.update(presentableId, {
        ...(title === undefined ? {} : { presentableTitle: title || row.presentableName }),
        ...(intro === undefined ? {} : { intro }),
        ...(tags === undefined ? {} : { tags: JSON.stringify(tags) }),
        ...(coverImages === undefined ? {} : { coverImages: JSON.stringify(coverImages) }),
        ...(resolveResources === undefined ? {} : { resolveResources: JSON.stringify(resolveResources) }),
        updateDate: date,
      });
      await repo.insertPolicies(plan.inserts.map((binding) => this.#policyRow(presentableId, binding, date)));
      for (const update of plan.updates)
        await repo.updatePolicy(presentableId, update.policyId, {
          status: update.status,
          policyName: update.policyName,
          policyNameKey: update.policyName.toLowerCase(),
          updateDate: date,
        });
    });
  }

  /** updatePresentableBatch: the same policies added to each exhibit, each in its own transaction. */
  async updateBatch(
    userId: number,
    body: { presentableIds: string[]; addPolicies: PolicyInputBody[] },
    language: Language,
  ): Promise<BatchItemResultWire[]> {
    const results: BatchItemResultWire[] = [];
    for (const presentableId of body.presentableIds) {
      try {
        await this.update(userId, presentableId, { addPolicies: body.addPolicies }, language);
        results.push({ id: presentableId, success: true, errCode: 0, msg: '' });
      } catch (error) {
        results.push({ id: presentableId, success: false, ...this.#outcomeOf(error, language) });
      }
    }
    return results;
  }

  /** Chooses another version: its trees are frozen now, the rewrite list comes along (DOMAIN §3.4). */
  async switchVersion(userId: number, presentableId: string, versionText: string): Promise<void> {
    const row = await this.#ownExhibit(userId, presentableId);
    const version = versionParam(versionText);
    const [resource] = await this.#deps.resources.rowsByIds([row.resourceId]);
    if (!resource || resource.subjectType === ResourceSubjectType.Collection || !versionsOf(resource).includes(version))
      throw new AppError(ErrCode.Business, 'exhibits.versionNotFound', { version });
    if (resource.isFrozen) throw new AppError(ErrCode.Business, 'exhibits.resourceFrozen');
    if (version === row.version) return;
    if (row.onlineStatus === 1) {
      // Both auth sides must keep passing (the auth chain's check); without it: offline first.
      if (!this.#deps.onlineSwitchCheck) throw new AppError(ErrCode.Business, 'exhibits.offlineToSwitch');
      await this.#deps.onlineSwitchCheck(row, version);
    }
    const current = await this.#deps.repo.findVersion(presentableId, row.version);
    const properties = await this.#versionProperties(resource, version);
    const trees = await this.#freeze(resource, version);
    const date = this.#deps.clock.now().toISOString();
    const versionRow = this.#versionRow(
      row,
      version,
      properties,
      trees,
      current?.presentableRewriteProperty ?? '[]',
      date,
    );
    await this.#deps.repo.inTransaction(async (repo) => {
      await repo.saveVersion(versionRow);
      await repo.update(presentableId, { version, updateDate: date });
    });
  }

  async setRewriteProperty(userId: number, presentableId: string, properties: RewritePropertyWire[]): Promise<void> {
    const row = await this.#ownExhibit(userId, presentableId);
    const current = await this.#deps.repo.findVersion(presentableId, row.version);
    if (!current) throw notFound(presentableId);
    const list = rewritePropertyParam(properties, fixedKeysOf(current));
    const date = this.#deps.clock.now().toISOString();
    await this.#deps.repo.setRewriteProperty(presentableId, row.version, JSON.stringify(list), date);
  }

  /** Remembers the version the owner does not want to be reminded of. */
  async ignoreUpdateTip(userId: number, presentableId: string, ignoreVersion: string): Promise<void> {
    const row = await this.#ownExhibit(userId, presentableId);
    const version = versionParam(ignoreVersion);
    const [resource] = await this.#deps.resources.rowsByIds([row.resourceId]);
    if (!resource || !versionsOf(resource).includes(version))
      throw new AppError(ErrCode.Business, 'exhibits.versionNotFound', { version });
    await this.#deps.repo.update(presentableId, {
      ignoredUpdateVersion: version,
      updateDate: this.#deps.clock.now().toISOString(),
    });
  }

  // ── shared steps ──

  /**
   * The caller's exhibit on a node that is not frozen: errCode 2 when missing or hidden from the caller,
   * 3 when another's that the caller may see.
   */
  async #ownExhibit(userId: number, presentableId: string): Promise<PresentableRow> {
    const row = await this.#deps.repo.findById(presentableId);
    if (!row) throw notFound(presentableId);
    if (row.userId !== userId) {
      // What others cannot see answers as missing; what they can, as not theirs.
      const node = row.onlineStatus === 1 ? await this.#deps.nodes.findNode(row.nodeId) : undefined;
      if (!node || !isOpenToOthers(node)) throw notFound(presentableId);
      throw new AppError(ErrCode.Forbidden, 'exhibits.notYours', { presentableId });
    }
    await this.#writableNode(userId, row.nodeId);
    return row;
  }

  async #writableNode(userId: number, nodeId: number): Promise<NodeRow> {
    const node = await this.#deps.nodes.ownNode(userId, nodeId);
    if (isNodeFrozen(node)) throw new AppError(ErrCode.Business, 'exhibits.nodeFrozen', { nodeId });
    return node;
  }

  /** An unreleased resource of someone else answers as a missing one. */
  async #exhibitableResource(userId: number, resourceId: string): Promise<ResourceRow> {
    const resource = /^[0-9a-f]{24}$/.test(resourceId)
      ? await this.#deps.resources.findByIdOrName(resourceId)
      : undefined;
    if (!resource || !isVisibleTo(resource, userId))
      throw new AppError(ErrCode.Business, 'exhibits.resourceNotFound', { resourceId });
    if (resource.isFrozen || resource.status !== StoredStatus.Online)
      throw new AppError(ErrCode.Business, 'exhibits.resourceNotOnline', { resourceId });
    return resource;
  }

  async #ensureFree(nodeId: number, resourceId: string, presentableName: string): Promise<void> {
    if (await this.#deps.repo.findInNode(nodeId, { resourceId }))
      throw new AppError(ErrCode.Business, 'exhibits.alreadyExhibited', { resourceId });
    if (await this.#deps.repo.findInNode(nodeId, { presentableName }))
      throw new AppError(ErrCode.Business, 'exhibits.nameTaken', { presentableName }, { name: presentableName });
  }

  #checkChoices(resource: ResourceRow, choices: readonly ContractChoice[], exact: boolean): Promise<void> {
    return this.#checkChoicesAgainst(resolvedBy(resource), choices, exact);
  }

  async #checkChoicesAgainst(
    resolved: readonly ResolvedResource[],
    choices: readonly ContractChoice[],
    exact: boolean,
  ): Promise<void> {
    const bindings = await this.#deps.resources.bindingsOf(resolved.map((entry) => entry.resourceId));
    const enabled = new Map(
      resolved.map((entry) => [
        entry.resourceId,
        new Set(
          (bindings.get(entry.resourceId) ?? [])
            .filter((binding) => binding.status === 1)
            .map((binding) => binding.policyId),
        ),
      ]),
    );
    checkChoices(choices, enabled, exact);
  }

  #prepareSigning(userId: number, nodeId: number, choices: readonly ContractChoice[]) {
    return this.#deps.contracts.prepareNodeSigning(userId, nodeId, choices);
  }

  async #freeze(resource: ResourceRow, version: string): Promise<FrozenTrees> {
    const root = {
      resourceId: resource.resourceId,
      resourceName: resource.resourceName,
      resourceType: JSON.parse(resource.resourceType) as string[],
    };
    const trees = await this.#deps.freeze(root, version);
    if (!trees) throw new AppError(ErrCode.Business, 'exhibits.versionNotFound', { version });
    return trees;
  }

  async #versionProperties(
    resource: ResourceRow,
    version: string,
  ): Promise<{ systemProperty: unknown; customPropertyDescriptors: unknown }> {
    if (version === '') return { systemProperty: {}, customPropertyDescriptors: [] };
    const detail = await this.#deps.versions.detail(null, resource.resourceId, version);
    return {
      systemProperty: detail.systemProperty ?? {},
      customPropertyDescriptors: detail.customPropertyDescriptors ?? [],
    };
  }

  #versionRow(
    row: PresentableRow,
    version: string,
    properties: { systemProperty: unknown; customPropertyDescriptors: unknown },
    trees: FrozenTrees,
    rewrites: string,
    date: string,
  ): PresentableVersionRow {
    return {
      presentableVersionId: md5Hex(`${row.presentableId}${version}`),
      presentableId: row.presentableId,
      version,
      resourceId: row.resourceId,
      resourceSystemProperty: JSON.stringify(properties.systemProperty),
      resourceCustomPropertyDescriptors: JSON.stringify(properties.customPropertyDescriptors),
      presentableRewriteProperty: rewrites,
      dependencyTree: JSON.stringify(trees.dependencyTree),
      authTree: JSON.stringify(trees.authTree),
      createDate: date,
      updateDate: date,
    };
  }

  #policyRow(
    presentableId: string,
    binding: { policyId: string; policyName: string; status: number; sortNo: number },
    date: string,
  ): PresentablePolicyRow {
    return {
      presentableId,
      policyId: binding.policyId,
      policyName: binding.policyName,
      policyNameKey: binding.policyName.toLowerCase(),
      status: binding.status,
      sortNo: binding.sortNo,
      createDate: date,
      updateDate: date,
    };
  }

  /** An application error as a batch item's outcome; anything else is a fault and ends the call. */
  #outcomeOf(error: unknown, language: Language): { errCode: number; msg: string } {
    const failure = failureOf(error);
    if (failure.unexpected) throw error;
    const { errCode, msg } = failureEnvelope(failure, language, this.#deps.translator, '');
    return { errCode, msg };
  }
}

/**
 * The exhibit's resolveResources after signing: the chosen resources with their new contracts, the
 * others with their contracts from `previous`.
 */
function resolvedWith(
  resolved: readonly ResolvedResource[],
  signed: readonly { resourceId: string; policyId: string; contractId: string }[],
  previous: ReturnType<typeof resolveResourcesOf>,
) {
  return resolved.map((entry) => {
    const mine = signed.filter((contract) => contract.resourceId === entry.resourceId);
    const contracts =
      mine.length > 0
        ? mine.map(({ policyId, contractId }) => ({ policyId, contractId }))
        : (previous.find((item) => item.resourceId === entry.resourceId)?.contracts ?? []);
    return { resourceId: entry.resourceId, resourceName: entry.resourceName, contracts };
  });
}

/** updatePolicies: known policy ids, names of 2–20 characters when renamed. */
function policyChanges(
  updates: NonNullable<UpdatePresentableBody['updatePolicies']>,
  issues: FieldIssue[],
): BindingChange[] {
  return updates.map((update, index) => {
    const policyName = update.policyName?.trim();
    if (policyName !== undefined && ([...policyName].length < 2 || [...policyName].length > 20))
      issues.push({
        field: `updatePolicies.${index}.policyName`,
        code: 'length',
        messageKey: 'resources.param.policyNameLength',
        params: { min: 2, max: 20 },
      });
    return { policyId: update.policyId, status: update.status as 0 | 1 | undefined, policyName };
  });
}
