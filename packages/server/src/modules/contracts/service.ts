// Signing contracts (DOMAIN §3.6 steps 1–3, §4.3): preconditions, audiences, idempotence, creation and
// initialisation in one transaction. Resources sign resources' policies now; nodes (licensee identity
// 2) and exhibits (subject type 2, consumers) are refused until issue 14 brings them.
import type { BatchSignBody, ContractWire, SignContractBody } from '@tessera/contract/contracts';
import { ContractPartyIdentityType, ErrCode, SubjectType } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError, badParam } from '../../platform/errors';
import type { IdentityService } from '../identity';
import type { PolicyCatalog } from '../policies';
import type { AccountService } from '../wallet';
import { isVisibleTo, type ResourceQueries } from '../resources';
import type { ContractRepo } from './repo';
import {
  checkResourceSubjects,
  refuseOffline,
  resourceLicensee,
  type CheckedSigning,
  type LicenseeParty,
  type OfflineAllowance,
} from './resource-subjects';
import { signContract } from './signing-writer';
import { contractWire } from './views';

export type ContractServiceDeps = {
  repo: ContractRepo;
  policies: PolicyCatalog;
  resources: ResourceQueries;
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

const nodesNotAvailable = (): AppError => new AppError(ErrCode.Business, 'contracts.sign.nodesNotAvailable');
const exhibitsNotAvailable = (): AppError => new AppError(ErrCode.Business, 'contracts.sign.exhibitsNotAvailable');

export class ContractService {
  readonly #deps: ContractServiceDeps;

  constructor(deps: ContractServiceDeps) {
    this.#deps = deps;
  }

  get repo(): ContractRepo {
    return this.#deps.repo;
  }

  /** POST /v2/contracts/batchSign: a resource (later a node) of the caller signs resources' policies. */
  async batchSign(userId: number, body: BatchSignBody): Promise<ContractWire[]> {
    if (body.subjectType === SubjectType.Exhibit) throw exhibitsNotAvailable();
    if (body.subjectType !== SubjectType.Resource)
      throw badParam('subjectType', 'enum', 'errors.param.enum', { allowedValues: '1, 2' });
    if (body.licenseeIdentityType === ContractPartyIdentityType.Node) throw nodesNotAvailable();
    if (body.licenseeIdentityType !== ContractPartyIdentityType.Resource)
      throw badParam('licenseeIdentityType', 'enum', 'errors.param.enum', { allowedValues: '1, 2' });
    const licensee = await this.#callersResource(userId, String(body.licenseeId));
    const checked = await this.#checkSubjects(userId, body.subjects, licensee, refuseOffline);
    const rows = await this.#deps.repo.inTransaction(async (repo) => {
      const signed = [];
      for (const signing of checked) signed.push(await this.#sign(repo, signing));
      return signed;
    });
    return rows.map(contractWire);
  }

  /** POST /v2/contracts: the consumer case (subject type 2, identity 3), which waits for exhibits. */
  async sign(_userId: number, body: SignContractBody): Promise<ContractWire> {
    if (body.subjectType !== SubjectType.Exhibit)
      throw badParam('subjectType', 'enum', 'errors.param.enum', { allowedValues: '2' });
    if (body.licenseeIdentityType !== ContractPartyIdentityType.Consumer)
      throw badParam('licenseeIdentityType', 'enum', 'errors.param.enum', { allowedValues: '3' });
    throw exhibitsNotAvailable();
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
    subjects: { resourceId: string; policyIds: string[] }[],
  ): Promise<ResourceSigningWriter> {
    const owner = await this.#deps.identity.resolveUser(String(userId));
    const party = resourceLicensee(owner, { licenseeId: licensee.resourceId, licenseeName: licensee.resourceName });
    const requests = subjects.flatMap(({ resourceId, policyIds }) =>
      policyIds.map((policyId) => ({ subjectId: resourceId, policyId })),
    );
    const liveContractExists: OfflineAllowance = async ({ subjectId, policyId }) =>
      (await this.#deps.repo.findLive({
        subjectId,
        subjectType: SubjectType.Resource,
        licenseeId: party.licenseeId,
        licenseeIdentityType: party.licenseeIdentityType,
        policyId,
      })) !== undefined;
    const checked = await this.#checkSubjects(userId, requests, party, liveContractExists);
    return async (trx) => {
      const repo = this.#deps.repo.within(trx);
      const signed = new Map<string, SignedContractRef[]>(subjects.map(({ resourceId }) => [resourceId, []]));
      for (const signing of checked) {
        const { contractId, policyId, subjectId } = await this.#sign(repo, signing);
        signed.get(subjectId)?.push({ policyId, contractId });
      }
      return signed;
    };
  }

  /** Checked before any transaction: looking an account up may create it, on another connection. */
  async #checkSubjects(
    userId: number,
    requests: readonly { subjectId: string; policyId: string }[],
    licensee: LicenseeParty,
    offlineAllowed: OfflineAllowance,
  ): Promise<CheckedSigning[]> {
    const { resources, policies, walletAccounts } = this.#deps;
    const checked = await checkResourceSubjects({ resources, policies }, userId, requests, licensee, offlineAllowed);
    const payees = new Map<number, string>();
    for (const { terms } of checked)
      if (!payees.has(terms.licensorOwnerId))
        payees.set(terms.licensorOwnerId, (await walletAccounts.accountOfUser(terms.licensorOwnerId)).accountId);
    return checked.map((signing) => ({ ...signing, payeeAccountId: payees.get(signing.terms.licensorOwnerId) }));
  }

  #sign(repo: ContractRepo, signing: CheckedSigning) {
    return signContract(repo, signing, this.#deps.clock.now(), this.#deps.utcOffsetMinutes);
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
}
