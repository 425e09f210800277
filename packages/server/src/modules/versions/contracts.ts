// The contracts a version holds on what it resolves (DOMAIN §3.2 steps 6–7, §5.1): the port through
// which the contracts module signs them, and the rules the version calls share about chosen policies.
import { ErrCode } from '@tessera/domain';
import type { Db } from '../../platform/db/database';
import { AppError, badParam } from '../../platform/errors';
import type { PortList } from '../../platform/modules';
import type { ResourceQueries } from '../resources';
import { VERSION_LIMITS } from '@tessera/contract/versions';
import type { ContractRef, ResourceRef } from './views';

export type { ContractRef };
export type SigningSubject = { resourceId: string; policyIds: string[] };

/** Per subject resource id, its contracts in the order of the policies asked. */
export type ContractWriter = (transaction: Db) => Promise<Map<string, ContractRef[]>>;

/**
 * What the contracts module contributes (the `dependencyContracts` port): resource → resource signing.
 * Everything is checked when it answers (enabled bindings, audiences, online subjects); the writer it
 * answers reuses live contracts or signs and initialises new ones (licensee identity 1) in the caller's
 * transaction.
 */
export interface DependencyContractSigner {
  prepareResourceSigning(userId: number, licensee: ResourceRef, subjects: SigningSubject[]): Promise<ContractWriter>;
}

const signsNothing: ContractWriter = () => Promise.resolve(new Map());

/** Signing through the port; an app without the contracts module keeps the chosen policies only. */
export class DependencySigning {
  readonly #signers: PortList<DependencyContractSigner>;

  constructor(signers: PortList<DependencyContractSigner>) {
    this.#signers = signers;
  }

  async prepare(userId: number, licensee: ResourceRef, subjects: readonly SigningSubject[]): Promise<ContractWriter> {
    const wanted = subjects.filter((subject) => subject.policyIds.length > 0);
    const signer = this.#signers.optional();
    if (wanted.length === 0 || !signer) return signsNothing;
    return signer.prepareResourceSigning(userId, licensee, wanted);
  }
}

/** The enabled policies of each resource, by resource id. */
export async function enabledPoliciesOf(
  resourceQueries: ResourceQueries,
  resourceIds: readonly string[],
): Promise<Map<string, Set<string>>> {
  const bindings = await resourceQueries.bindingsOf([...new Set(resourceIds)]);
  return new Map(
    [...bindings].map(([resourceId, rows]) => [
      resourceId,
      new Set(rows.filter((binding) => binding.status === 1).map((binding) => binding.policyId)),
    ]),
  );
}

/** A resolved resource's chosen policies: 1–10 (`field` names them), each an enabled binding of it. */
export function checkedPolicies(
  ref: ResourceRef,
  policyIds: readonly string[],
  enabled: ReadonlySet<string> | undefined,
  field: string,
): string[] {
  const unique = [...new Set(policyIds)];
  if (unique.length < 1 || unique.length > VERSION_LIMITS.contractsPerResource)
    throw badParam(field, 'policyCount', 'versions.param.policyCount', { max: VERSION_LIMITS.contractsPerResource });
  if (!unique.every((policyId) => enabled?.has(policyId)))
    throw new AppError(ErrCode.Business, 'versions.policyNotEnabled', ref, { name: ref.resourceName });
  return unique;
}
