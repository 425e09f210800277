// Signing contracts (DOMAIN §3.6 steps 1–3, §4.3): preconditions, audiences, idempotence, creation and
// initialisation in one transaction. Resources and nodes (licensee identities 1 and 2) sign resources'
// policies; consumers (identity 3) sign exhibits' policies, which the exhibits module describes
// through the `exhibitSubjects` port.
import type { BatchSignBody, ContractWire, SignContractBody } from '@tessera/contract/contracts';
import { ContractPartyIdentityType, ErrCode, SubjectType } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError, badParam } from '../../platform/errors';
import type { PortList } from '../../platform/modules';
import type { IdentityService } from '../identity';
import { isNodeFrozen, type NodeQueries, type NodeRow } from '../nodes';
import type { PolicyCatalog } from '../policies';
import type { AccountService } from '../wallet';
import { isVisibleTo, type ResourceQueries } from '../resources';
import { checkExhibitSubjects, type ExhibitSubjects } from './exhibit-subjects';
import type { ContractRepo } from './repo';
import {
  checkResourceSubjects,
  consumerLicensee,
  nodeLicensee,
  refuseOffline,
  resourceLicensee,
  type CheckedSigning,
  type LicenseeParty,
  type OfflineAllowance,
  type SubjectRequest,
} from './resource-subjects';
import { signContract } from './signing-writer';
import { contractWire } from './views';

export type ContractServiceDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  resources: ResourceQueries;
  nodes: Pick<NodeQueries, 'findNode'>;
  /** Filled by the exhibits module (listed after contracts); read only once every module is built. */
  exhibits: PortList<ExhibitSubjects>;
  identity: Pick<IdentityService, 'resolveUser'>;
  /** The licensor owner's account, bound to `self.account` at signing. */
  walletAccounts: Pick<AccountService, 'accountOfUser'>;
  clock: Clock;
  utcOffsetMinutes: number;
};

/** A contract a version signs for one of its dependencies (stored in the version's resolveResources). */
export type SignedContractRef = { policyId: string; contractId: string };

/** Writes the contracts inside the caller's transaction; per subject resource id, its contracts. */
export type ResourceSigningWriter = (trx: Db) => Promise<Map<string, SignedContractRef[]>>;

/** A node's contract on one resource (an exhibit's resolveResources entry). */
export type NodeContractRef = { resourceId: string; policyId: string; contractId: string };

/** Writes a node's contracts inside the caller's transaction, in the order of the subjects and their policyIds. */
export type NodeSigningWriter = (trx: Db) => Promise<NodeContractRef[]>;

/** The resources and the policies of each that a licensee signs (policyIds in the order wanted). */
export type ResourceSubjects = readonly { resourceId: string; policyIds: readonly string[] }[];

const requestsOf = (subjects: ResourceSubjects): SubjectRequest[] =>
  subjects.flatMap(({ resourceId, policyIds }) => policyIds.map((policyId) => ({ subjectId: resourceId, policyId })));

export class ContractService {
  readonly #deps: ContractServiceDeps;

  constructor(deps: ContractServiceDeps) {
    this.#deps = deps;
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }

  /**
   * POST /v2/contracts/batchSign: a resource or node of the caller signs resources' policies (subject
   * type 1), or the caller as consumer signs exhibits' policies (subject type 2).
   */
  async batchSign(userId: number, body: BatchSignBody): Promise<ContractWire[]> {
    if (body.subjectType === SubjectType.Exhibit) {
      assertConsumerIdentity(body.licenseeIdentityType);
      return this.#signExhibits(userId, String(body.licenseeId), body.subjects);
    }
    if (body.subjectType !== SubjectType.Resource)
      throw badParam('subjectType', 'enum', 'errors.param.enum', { allowedValues: '1, 2' });
    const licensee = await this.#resourceSideLicensee(userId, body);
    const checked = await this.#checkSubjects(userId, body.subjects, licensee, refuseOffline);
    const rows = await this.#deps.repo.inTransaction(async (repo) => {
      if (licensee.identityType === ContractPartyIdentityType.Node) await this.#recheckNode(repo.db, licensee);
      const signed = [];
      for (const signing of checked) signed.push(await this.#sign(repo, signing));
      return signed;
    });
    return rows.map(contractWire);
  }

  /** POST /v2/contracts: the consumer case only (subject type 2, identity 3, the caller as licensee). */
  async sign(userId: number, body: SignContractBody): Promise<ContractWire> {
    if (body.subjectType !== SubjectType.Exhibit)
      throw badParam('subjectType', 'enum', 'errors.param.enum', { allowedValues: '2' });
    assertConsumerIdentity(body.licenseeIdentityType);
    const [contract] = await this.#signExhibits(userId, String(body.licenseeId), [body]);
    if (!contract) throw new Error('a signing answered no contract');
    return contract;
  }

  /**
   * For the exhibits module: checks now that node `nodeId` (the caller's, live, not frozen) may sign
   * each resource's policies — an offline resource only where the node already holds a live contract
   * for that policy — and answers the writer that reuses or signs them inside the caller's
   * transaction. Call it before opening the transaction (the checks read on other connections).
   */
  async prepareNodeSigning(userId: number, nodeId: number, subjects: ResourceSubjects): Promise<NodeSigningWriter> {
    const party = await this.#callersNode(userId, nodeId);
    const write = await this.#prepareSigning(userId, party, requestsOf(subjects));
    return async (trx) => {
      await this.#recheckNode(trx, party);
      const signed = await write(trx);
      return signed.map(({ subjectId, policyId, contractId }) => ({ resourceId: subjectId, policyId, contractId }));
    };
  }

  /** prepareNodeSigning and its writer in a transaction of its own. */
  async signForNode(userId: number, nodeId: number, subjects: ResourceSubjects): Promise<NodeContractRef[]> {
    const write = await this.prepareNodeSigning(userId, nodeId, subjects);
    return this.#deps.repo.inTransaction((_repo, trx) => write(trx));
  }

  /**
   * For the versions module: checks now that `licensee` (a resource of `userId`, perhaps not yet
   * inserted) may sign each subject's policies — an offline subject only where the licensee already
   * holds a live contract for that policy — and answers the writer that reuses or signs the
   * contracts inside the caller's transaction, per subject resource id in policyIds order.
   */
  async prepareResourceSigning(
    userId: number,
    licensee: { resourceId: string; resourceName: string },
    subjects: ResourceSubjects,
  ): Promise<ResourceSigningWriter> {
    const owner = await this.#deps.identity.resolveUser(String(userId));
    const party = resourceLicensee(owner, { licenseeId: licensee.resourceId, licenseeName: licensee.resourceName });
    const write = await this.#prepareSigning(userId, party, requestsOf(subjects));
    return async (trx) => {
      const signed = new Map<string, SignedContractRef[]>(subjects.map(({ resourceId }) => [resourceId, []]));
      for (const { subjectId, policyId, contractId } of await write(trx))
        signed.get(subjectId)?.push({ policyId, contractId });
      return signed;
    };
  }

  /** Resource subjects checked now, an offline one taken where the licensee holds a live contract for the policy. */
  async #prepareSigning(userId: number, party: LicenseeParty, requests: SubjectRequest[]) {
    const liveContractExists: OfflineAllowance = async ({ subjectId, policyId }) =>
      (await this.#deps.repo.findLive({
        subjectId,
        subjectType: SubjectType.Resource,
        licenseeId: party.licenseeId,
        licenseeIdentityType: party.licenseeIdentityType,
        policyId,
      })) !== undefined;
    const checked = await this.#checkSubjects(userId, requests, party, liveContractExists);
    return async (trx: Db) => {
      const repo = this.#deps.repo.within(trx);
      const signed = [];
      for (const signing of checked) signed.push(await this.#sign(repo, signing));
      return signed;
    };
  }

  /** The consumer (the caller, errCode 3 for anyone else) signs exhibits' policies in one transaction. */
  async #signExhibits(
    userId: number,
    licenseeId: string,
    requests: readonly SubjectRequest[],
  ): Promise<ContractWire[]> {
    if (licenseeId !== String(userId)) throw new AppError(ErrCode.Forbidden, 'contracts.sign.consumerNotYou');
    const licensee = consumerLicensee(await this.#deps.identity.resolveUser(String(userId)));
    const { exhibits, policies } = this.#deps;
    const checked = await this.#withPayees(await checkExhibitSubjects({ exhibits, policies }, requests, licensee));
    const rows = await this.#deps.repo.inTransaction(async (repo) => {
      const signed = [];
      for (const signing of checked) {
        // The consumer's first live contract on an exhibit is their default (DOMAIN §2.13).
        const isDefault = (await repo.hasLiveDefault(signing.terms)) ? 0 : 1;
        signed.push(await this.#sign(repo, { ...signing, terms: { ...signing.terms, isDefault } }));
      }
      return signed;
    });
    return rows.map(contractWire);
  }

  /** Checked before any transaction: looking an account up may create it, on another connection. */
  async #checkSubjects(
    userId: number,
    requests: readonly SubjectRequest[],
    licensee: LicenseeParty,
    offlineAllowed: OfflineAllowance,
  ): Promise<CheckedSigning[]> {
    const { resources, policies } = this.#deps;
    return this.#withPayees(
      await checkResourceSubjects({ resources, policies }, userId, requests, licensee, offlineAllowed),
    );
  }

  /** Each signing with its licensor owner's account, which `self.account` is bound to. */
  async #withPayees(checked: CheckedSigning[]): Promise<CheckedSigning[]> {
    const payees = new Map<number, string>();
    for (const { terms } of checked)
      if (!payees.has(terms.licensorOwnerId))
        payees.set(
          terms.licensorOwnerId,
          (await this.#deps.walletAccounts.accountOfUser(terms.licensorOwnerId)).accountId,
        );
    return checked.map((signing) => ({ ...signing, payeeAccountId: payees.get(signing.terms.licensorOwnerId) }));
  }

  #sign(repo: ContractRepo, signing: CheckedSigning) {
    return signContract(repo, signing, this.#deps.clock.now(), this.#deps.utcOffsetMinutes);
  }

  /** Licensee identity 1 (a resource of the caller) or 2 (a node of the caller). */
  #resourceSideLicensee(userId: number, body: BatchSignBody): Promise<LicenseeParty> {
    const licenseeId = String(body.licenseeId);
    if (body.licenseeIdentityType === ContractPartyIdentityType.Resource)
      return this.#callersResource(userId, licenseeId);
    if (body.licenseeIdentityType === ContractPartyIdentityType.Node) return this.#callersNode(userId, licenseeId);
    throw badParam('licenseeIdentityType', 'enum', 'errors.param.enum', { allowedValues: '1, 2' });
  }

  /** Licensee identity 1: a resource of the caller (errCode 3 when another user's), not frozen. */
  async #callersResource(userId: number, licenseeId: string): Promise<LicenseeParty> {
    const [row] = await this.#deps.resources.rowsByIds([licenseeId]);
    if (!row || !isVisibleTo(row, userId))
      throw new AppError(ErrCode.Business, 'contracts.sign.licenseeNotFound', { licenseeId }, { licenseeId });
    const named = { licenseeName: row.resourceName };
    if (row.userId !== userId) throw new AppError(ErrCode.Forbidden, 'contracts.sign.licenseeNotYours', named, named);
    if (row.isFrozen) throw new AppError(ErrCode.Business, 'contracts.sign.licenseeFrozen', named, named);
    const owner = await this.#deps.identity.resolveUser(String(userId));
    return resourceLicensee(owner, { licenseeId: row.resourceId, licenseeName: row.resourceName });
  }

  /** Licensee identity 2: a live node of the caller (errCode 3 when another user's), not frozen. */
  async #callersNode(userId: number, nodeId: string | number): Promise<LicenseeParty> {
    const node = await this.#checkedNode(userId, String(nodeId));
    return nodeLicensee(await this.#deps.identity.resolveUser(String(userId)), node);
  }

  async #checkedNode(userId: number, licenseeId: string, db?: Db): Promise<NodeRow> {
    const node = /^\d{1,15}$/.test(licenseeId) ? await this.#deps.nodes.findNode(Number(licenseeId), db) : undefined;
    if (!node) throw new AppError(ErrCode.Business, 'contracts.sign.nodeNotFound', { licenseeId }, { licenseeId });
    const named = { licenseeName: node.nodeName };
    if (node.ownerUserId !== userId) throw new AppError(ErrCode.Forbidden, 'contracts.sign.nodeNotYours', named, named);
    if (isNodeFrozen(node)) throw new AppError(ErrCode.Business, 'contracts.sign.nodeFrozen', named, named);
    return node;
  }

  /** The node is looked at again in the signing transaction: frozen or deleted since the checks, nothing is signed. */
  async #recheckNode(trx: Db, party: LicenseeParty): Promise<void> {
    await this.#checkedNode(party.licenseeOwnerId, party.licenseeId, trx);
  }
}

function assertConsumerIdentity(licenseeIdentityType: number): void {
  if (licenseeIdentityType !== ContractPartyIdentityType.Consumer)
    throw badParam('licenseeIdentityType', 'enum', 'errors.param.enum', { allowedValues: '3' });
}
