// The dependency tab's contract choices (DOMAIN §3.2 "After release"): per resource the versions resolve,
// its policies with, for each, the versions whose contracts use it; the owner's ticks become the
// operations of PUT …/versions/batchSetContracts.
import type { BatchSetContractsBody, ResolveResourceWire } from '@tessera/contract/versions';

// ContractOperation of the contract, as values here: a value import would bring TypeBox into the bundle.
const APPLY = 1;
const REMOVE = 0;

export type PolicyRef = { policyId: string; policyName: string; status: number };

export interface CoveragePolicy {
  policyId: string;
  policyName: string;
  /** Disabled policies are shown while a version still uses them, to be taken out; they cannot be applied. */
  enabled: boolean;
  /** The contracts signed under it that the versions list, once each. */
  contractIds: string[];
  /** The versions that list its contract now. */
  usedBy: ReadonlySet<string>;
}

export interface CoverageResource {
  resourceId: string;
  resourceName: string;
  versions: string[];
  policies: CoveragePolicy[];
}

/** One resource's rows: its enabled policies, then the disabled ones a version still uses. */
export function coverageOf(resolved: ResolveResourceWire, policies: readonly PolicyRef[]): CoverageResource {
  const used = new Map<string, { contractIds: Set<string>; versions: Set<string> }>();
  for (const { version, contracts } of resolved.versions) {
    for (const { policyId, contractId } of contracts) {
      const entry = used.get(policyId) ?? { contractIds: new Set<string>(), versions: new Set<string>() };
      entry.contractIds.add(contractId);
      entry.versions.add(version);
      used.set(policyId, entry);
    }
  }
  const named = new Map(policies.map((policy) => [policy.policyId, policy]));
  const shown = [
    ...policies.filter((policy) => policy.status === 1).map((policy) => policy.policyId),
    ...[...used.keys()].filter((policyId) => named.get(policyId)?.status !== 1),
  ];
  return {
    resourceId: resolved.resourceId,
    resourceName: resolved.resourceName,
    versions: resolved.versions.map((entry) => entry.version),
    policies: shown.map((policyId) => ({
      policyId,
      policyName: named.get(policyId)?.policyName ?? policyId,
      enabled: named.get(policyId)?.status === 1,
      contractIds: [...(used.get(policyId)?.contractIds ?? [])],
      usedBy: used.get(policyId)?.versions ?? new Set<string>(),
    })),
  };
}

/** A tick the owner changed: this version should (or should no longer) use the resource's policy. */
export interface CoverageChange {
  resourceId: string;
  policyId: string;
  version: string;
  use: boolean;
}

export const changeKey = ({ resourceId, policyId, version }: Omit<CoverageChange, 'use'>): string =>
  `${resourceId} ${policyId} ${version}`;

/** The changes as batchSetContracts subjects (the server judges the lists they leave, not their order). */
export function batchSetRequest(changes: readonly CoverageChange[]): BatchSetContractsBody {
  const subjects = new Map<string, BatchSetContractsBody['subjects'][number]['versions']>();
  for (const { resourceId, policyId, version, use } of changes) {
    const operation = use ? APPLY : REMOVE;
    subjects.set(resourceId, [...(subjects.get(resourceId) ?? []), { version, policyId, operation }]);
  }
  return { subjects: [...subjects].map(([subjectId, versions]) => ({ subjectId, versions })) };
}
