// A version's contracts after release (DOMAIN §3.2 "After release"): PUT …/versions/{version}
// {resolveResources} replaces a resolved resource's contracts, batchSetContracts applies and removes
// them version by version, coverageVersions tells which versions use a contract. A resolved resource
// is never left without one.
import { compareVersionTexts, ErrCode, isHex24, normalizeVersion } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { RowUpdate } from '../../platform/db/schema';
import { AppError, badParam } from '../../platform/errors';
import type { ResourceQueries, ResourceRow } from '../resources';
import {
  ContractOperation,
  VERSION_LIMITS,
  type BatchSetContractsBody,
  type CoverageVersionsWire,
  type UpdateVersionBody,
} from '@tessera/contract/versions';
import { versionIdOf } from './create';
import {
  checkedPolicies,
  enabledPoliciesOf,
  type ContractRef,
  type DependencySigning,
  type SigningSubject,
} from './contracts';
import type { VersionRepo, VersionRow } from './repo';
import { resolvedOf, type StoredResolve } from './views';

export type VersionContractDeps = {
  repo: VersionRepo;
  resourceQueries: ResourceQueries;
  signing: DependencySigning;
  clock: Clock;
};

type Rows = ReadonlyMap<string, VersionRow>;
type Signed = ReadonlyMap<string, ContractRef[]>;
/** What an edit makes of the versions' lists, given the contracts just signed: versionId → list. */
type ListEdit = (rows: Rows, signed: Signed) => Map<string, StoredResolve[]>;
type Operation = { versionId: string; version: string; subjectId: string; policyId: string; apply: boolean };

const versionNotFound = (data: unknown = null): AppError => new AppError(ErrCode.Business, 'versions.notFound', data);
const rowsById = (rows: readonly VersionRow[]): Map<string, VersionRow> =>
  new Map(rows.map((row) => [row.versionId, row]));

function rowOf(rows: Rows, versionId: string): VersionRow {
  const row = rows.get(versionId);
  if (!row) throw versionNotFound();
  return row;
}

/** The entry with these policies, each with its contract: the one just signed, else the one it had. */
function withPolicies(entry: StoredResolve, policyIds: readonly string[], signed: Signed): StoredResolve {
  const contractOf = (policyId: string) =>
    signed.get(entry.resourceId)?.find((contract) => contract.policyId === policyId) ??
    entry.contracts.find((contract) => contract.policyId === policyId);
  return {
    ...entry,
    policyIds: [...policyIds],
    contracts: policyIds.flatMap((policyId) => contractOf(policyId) ?? []),
  };
}

function notResolved(version: string, resourceId: string): AppError {
  return new AppError(ErrCode.Business, 'versions.notResolved', { resourceId, version }, { version });
}

export class VersionContracts {
  readonly #deps: VersionContractDeps;

  constructor(deps: VersionContractDeps) {
    this.#deps = deps;
  }

  /**
   * PUT …/versions/{version}: for resources the version already resolves, the given policies'
   * contracts replace the list; `changes` (description, descriptors) are written with them.
   */
  async replace(
    userId: number,
    resource: ResourceRow,
    row: VersionRow,
    requested: NonNullable<UpdateVersionBody['resolveResources']>,
    changes: RowUpdate<'resource_versions'>,
  ): Promise<void> {
    const resolved = new Map(resolvedOf(row).map((entry) => [entry.resourceId, entry]));
    const enabled = await enabledPoliciesOf(
      this.#deps.resourceQueries,
      requested.map((entry) => entry.resourceId),
    );
    const seen = new Set<string>();
    const chosen: SigningSubject[] = requested.map((entry, index) => {
      if (seen.has(entry.resourceId))
        throw badParam(`resolveResources.${index}.resourceId`, 'unique', 'versions.param.resolveTwice');
      seen.add(entry.resourceId);
      const ref = resolved.get(entry.resourceId);
      if (!ref) throw notResolved(row.version, entry.resourceId);
      const policyIds = entry.contracts.map((contract) => contract.policyId);
      return {
        resourceId: ref.resourceId,
        policyIds: checkedPolicies(ref, policyIds, enabled.get(ref.resourceId), `resolveResources.${index}`),
      };
    });
    const byResource = new Map(chosen.map((entry) => [entry.resourceId, entry.policyIds]));
    const edit: ListEdit = (rows, signed) =>
      new Map([
        [
          row.versionId,
          resolvedOf(rowOf(rows, row.versionId)).map((entry) => {
            const policyIds = byResource.get(entry.resourceId);
            return policyIds ? withPolicies(entry, policyIds, signed) : entry;
          }),
        ],
      ]);
    await this.#commit(userId, resource, [row.versionId], chosen, edit, changes);
  }

  /**
   * batchSetContracts: per subject and version, 1 signs (or reuses) the policy's contract and lists
   * it, 0 takes it out. Answers the ids of the versions changed, in the order first named.
   */
  async batchSet(userId: number, resource: ResourceRow, body: BatchSetContractsBody): Promise<string[]> {
    const operations = this.#operations(resource, body);
    const versionIds = [...new Set(operations.map((operation) => operation.versionId))];
    const rows = rowsById(await this.#deps.repo.findByIds(versionIds));
    for (const operation of operations) {
      const row = rows.get(operation.versionId);
      if (!row) throw versionNotFound({ version: operation.version });
      if (!resolvedOf(row).some((entry) => entry.resourceId === operation.subjectId))
        throw notResolved(operation.version, operation.subjectId);
    }
    const applied = operations.filter((operation) => operation.apply);
    const enabled = await enabledPoliciesOf(
      this.#deps.resourceQueries,
      applied.map((operation) => operation.subjectId),
    );
    const subjects = new Map<string, Set<string>>();
    for (const operation of applied) {
      if (!enabled.get(operation.subjectId)?.has(operation.policyId)) {
        const ref = resolvedOf(rowOf(rows, operation.versionId)).find(
          (entry) => entry.resourceId === operation.subjectId,
        );
        throw new AppError(ErrCode.Business, 'versions.policyNotEnabled', ref, { name: ref?.resourceName ?? '' });
      }
      subjects.set(operation.subjectId, (subjects.get(operation.subjectId) ?? new Set()).add(operation.policyId));
    }
    const edit: ListEdit = (current, signed) => {
      const lists = new Map<string, StoredResolve[]>();
      for (const operation of operations) {
        const list = lists.get(operation.versionId) ?? resolvedOf(rowOf(current, operation.versionId));
        const changed = list.map((entry) => {
          if (entry.resourceId !== operation.subjectId) return entry;
          if (!operation.apply)
            return withPolicies(
              entry,
              entry.policyIds.filter((policyId) => policyId !== operation.policyId),
              signed,
            );
          const listed = entry.policyIds.includes(operation.policyId);
          return withPolicies(entry, listed ? entry.policyIds : [...entry.policyIds, operation.policyId], signed);
        });
        lists.set(operation.versionId, changed);
      }
      return lists;
    };
    const signing = [...subjects].map(([resourceId, policyIds]) => ({ resourceId, policyIds: [...policyIds] }));
    await this.#commit(userId, resource, versionIds, signing, edit);
    return versionIds;
  }

  #operations(resource: ResourceRow, body: BatchSetContractsBody): Operation[] {
    return body.subjects.flatMap((subject, subjectIndex) =>
      subject.versions.map((entry, index) => {
        const version = normalizeVersion(entry.version);
        if (!version)
          throw badParam(`subjects.${subjectIndex}.versions.${index}.version`, 'pattern', 'versions.param.version');
        return {
          versionId: versionIdOf(resource.resourceId, version),
          version,
          subjectId: subject.subjectId,
          policyId: entry.policyId,
          apply: entry.operation === ContractOperation.Apply,
        };
      }),
    );
  }

  /**
   * Checks the edit against the versions as they are (so a refusal comes before anything is signed),
   * then, in one transaction over the locked versions, signs, edits again and writes.
   */
  async #commit(
    userId: number,
    resource: ResourceRow,
    versionIds: readonly string[],
    subjects: readonly SigningSubject[],
    edit: ListEdit,
    changes: RowUpdate<'resource_versions'> = {},
  ): Promise<void> {
    const before = rowsById(await this.#deps.repo.findByIds(versionIds));
    checkLists(edit(before, new Map()), before);
    const sign = await this.#deps.signing.prepare(
      userId,
      { resourceId: resource.resourceId, resourceName: resource.resourceName },
      subjects,
    );
    await this.#deps.repo.inTransaction(async (repo, transaction) => {
      await repo.lockVersions(versionIds);
      const rows = rowsById(await repo.findByIds(versionIds));
      const lists = checkLists(edit(rows, await sign(transaction)), rows);
      const updateDate = this.#deps.clock.now().toISOString();
      for (const [versionId, list] of lists)
        await repo.updateVersion(versionId, { ...changes, resolveResources: JSON.stringify(list), updateDate });
    });
  }

  /** Per contract, the versions of the resource whose resolveResources list it, in version order. */
  async coverageVersions(resourceId: string, contractIdsText: string): Promise<CoverageVersionsWire[]> {
    const ids = [
      ...new Set(
        contractIdsText
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (ids.length > VERSION_LIMITS.contractIdsPerCall)
      throw badParam('contractIds', 'maxItems', 'errors.param.maxItems', { limit: VERSION_LIMITS.contractIdsPerCall });
    if (!ids.every(isHex24)) throw badParam('contractIds', 'pattern', 'versions.param.contractIds');
    const versions = (await this.#deps.repo.ofResources([resourceId]))
      .sort((a, b) => compareVersionTexts(a.version, b.version))
      .map((row) => ({
        version: row.version,
        versionId: row.versionId,
        contractIds: new Set(
          resolvedOf(row).flatMap((entry) => entry.contracts.map((contract) => contract.contractId)),
        ),
      }));
    return ids.map((contractId) => ({
      contractId,
      versions: versions
        .filter((entry) => entry.contractIds.has(contractId))
        .map(({ version, versionId }) => ({ version, versionId })),
    }));
  }
}

/** Every resolved resource keeps 1–10 contracts (DOMAIN §3.2): nothing is written otherwise. */
function checkLists(lists: Map<string, StoredResolve[]>, rows: Rows): Map<string, StoredResolve[]> {
  for (const [versionId, list] of lists) {
    const { version } = rowOf(rows, versionId);
    for (const entry of list) {
      const data = { resourceId: entry.resourceId, resourceName: entry.resourceName, version };
      const params = { name: entry.resourceName, version, max: VERSION_LIMITS.contractsPerResource };
      if (entry.policyIds.length === 0) throw new AppError(ErrCode.Business, 'versions.contractRequired', data, params);
      if (entry.policyIds.length > VERSION_LIMITS.contractsPerResource)
        throw new AppError(ErrCode.Business, 'versions.tooManyContracts', data, params);
    }
  }
  return lists;
}
