import { isVersionRange, nextPatchVersion, normalizeVersion } from '@tessera/domain';
import { descriptorsProblem, toDescriptors, toDescriptorValues, type DescriptorValues, type Problem } from '../storage';
import type { ResourceWire } from '@tessera/contract/resources';
import type { CreateVersionBody, VersionWire } from '@tessera/contract/versions';
import type { PolicyDraft } from '../policy';

// The draft both creators keep on the server (POST …/versions/drafts) and what a version request is
// made of (DOMAIN §3.2): dependencies with ranges, the candidates they bring, and for each candidate
// either an upcast (first version only) or the policies to sign.

/** A resource named by id and `username/name`. */
export type ResourceRef = ResourceWire['baseUpcastResources'][number];

export interface DraftDependency extends ResourceRef {
  versionRange: string;
}

/** The version-level fields: the version creator reads and writes these, the wizard too. */
export interface VersionDraftData {
  version: string;
  description: string;
  fileSha1?: string;
  filename?: string;
  customPropertyDescriptors?: DescriptorValues[];
  dependencies?: DraftDependency[];
  /** Candidate resourceId → the policies chosen to sign. */
  contracts?: Record<string, string[]>;
  /** First version: the candidates chosen as base upcasts. */
  upcasts?: string[];
}

/** The wizard's draft: the first version, the resource fields set at publishing, and the step reached. */
export interface ResourceDraftData extends VersionDraftData {
  step: number;
  resourceTitle: string;
  intro: string;
  tags: string[];
  coverImages: string[];
  policies: PolicyDraft[];
}

export const MAX_POLICIES_PER_CANDIDATE = 10;
export const FIRST_VERSION = '1.0.0';

/** A resource draft before anything is chosen: the wizard's first step. */
export const newResourceDraft = (): ResourceDraftData => ({
  step: 1,
  version: FIRST_VERSION,
  description: '',
  customPropertyDescriptors: [],
  dependencies: [],
  contracts: {},
  upcasts: [],
  resourceTitle: '',
  intro: '',
  tags: [],
  coverImages: [],
  policies: [],
});

/** A resource the version must either license or upcast: a dependency or a base upcast of one. */
export interface Candidate extends ResourceRef {
  /** The dependency that brings it when it is one of that dependency's base upcasts. */
  via?: ResourceRef;
}

/** Candidates of DOMAIN §3.2 step 5: the dependencies, then each one's base upcasts, once each. */
export function candidatesOf(
  dependencies: readonly DraftDependency[],
  known: ReadonlyMap<string, ResourceWire>,
): Candidate[] {
  const found = new Map<string, Candidate>();
  for (const dependency of dependencies)
    found.set(dependency.resourceId, { resourceId: dependency.resourceId, resourceName: dependency.resourceName });
  for (const dependency of dependencies) {
    for (const upcast of known.get(dependency.resourceId)?.baseUpcastResources ?? []) {
      if (!found.has(upcast.resourceId))
        found.set(upcast.resourceId, {
          ...upcast,
          via: { resourceId: dependency.resourceId, resourceName: dependency.resourceName },
        });
    }
  }
  return [...found.values()];
}

/** Where the version stands on upcasts: the first version chooses them, later ones inherit the resource's. */
export type UpcastRule = { kind: 'choose' } | { kind: 'fixed'; base: readonly ResourceRef[] };

export const upcastRuleOf = (resource: ResourceWire): UpcastRule =>
  resource.latestVersion ? { kind: 'fixed', base: resource.baseUpcastResources ?? [] } : { kind: 'choose' };

export function isUpcast(candidate: ResourceRef, draft: VersionDraftData, rule: UpcastRule): boolean {
  return rule.kind === 'fixed'
    ? rule.base.some((ref) => ref.resourceId === candidate.resourceId)
    : (draft.upcasts ?? []).includes(candidate.resourceId);
}

/** The dependency, upcast and contract part of POST …/versions. */
export function dependencyRequest(
  draft: VersionDraftData,
  candidates: readonly Candidate[],
  rule: UpcastRule,
): Pick<CreateVersionBody, 'dependencies' | 'baseUpcastResources' | 'batchSignContracts'> {
  const dependencies = (draft.dependencies ?? []).map(({ resourceId, versionRange }) => ({
    resourceId,
    versionRange: versionRange.trim(),
  }));
  const licensed = candidates.filter((candidate) => !isUpcast(candidate, draft, rule));
  return {
    dependencies,
    ...(rule.kind === 'choose'
      ? {
          baseUpcastResources: candidates
            .filter((candidate) => isUpcast(candidate, draft, rule))
            .map(({ resourceId }) => ({ resourceId })),
        }
      : {}),
    batchSignContracts: licensed.map(({ resourceId }) => ({
      resourceId,
      policyIds: draft.contracts?.[resourceId] ?? [],
    })),
  };
}

/** The whole version request of a draft whose file is chosen. */
export function versionRequest(
  draft: VersionDraftData & { fileSha1: string },
  candidates: readonly Candidate[],
  rule: UpcastRule,
): CreateVersionBody {
  return {
    version: draft.version.trim(),
    fileSha1: draft.fileSha1,
    filename: draft.filename ?? draft.fileSha1,
    description: draft.description,
    customPropertyDescriptors: toDescriptors(draft.customPropertyDescriptors ?? []),
    ...dependencyRequest(draft, candidates, rule),
  };
}

/** The first rule the draft's properties, ranges or contracts break (checked before any call), or null. */
export function versionDraftProblem(
  draft: VersionDraftData,
  candidates: readonly Candidate[],
  rule: UpcastRule,
): Problem | null {
  if (normalizeVersion(draft.version) === null) return { key: 'versions.param.version' };
  const properties = descriptorsProblem(draft.customPropertyDescriptors ?? []);
  if (properties) return properties;
  const badRange = (draft.dependencies ?? []).find((dependency) => !isVersionRange(dependency.versionRange.trim()));
  if (badRange) return { key: 'creator.deps.rangeInvalid', params: { name: badRange.resourceName } };
  for (const { resourceId, policyIds } of dependencyRequest(draft, candidates, rule).batchSignContracts ?? []) {
    if (policyIds.length < 1 || policyIds.length > MAX_POLICIES_PER_CANDIDATE) {
      const name = candidates.find((candidate) => candidate.resourceId === resourceId)?.resourceName ?? resourceId;
      return { key: 'creator.deps.policyCount', params: { name, max: MAX_POLICIES_PER_CANDIDATE } };
    }
  }
  return null;
}

/** A dependency just found: the range takes its latest version, a single enabled policy is chosen for it. */
export function withDependency(draft: VersionDraftData, resource: ResourceWire): Partial<VersionDraftData> {
  const enabled = resource.policies.filter((policy) => policy.status === 1);
  const dependency = {
    resourceId: resource.resourceId,
    resourceName: resource.resourceName,
    versionRange: resource.latestVersion ? `^${resource.latestVersion}` : '*',
  };
  const [only] = enabled;
  const contracts = { ...draft.contracts };
  if (enabled.length === 1 && only && !contracts[resource.resourceId]?.length)
    contracts[resource.resourceId] = [only.policyId];
  return { dependencies: [...(draft.dependencies ?? []), dependency], contracts };
}

/** The next version as the previous one left it: patch + 1, its description, properties, dependencies and chosen policies. */
export function prefilledDraft(latestVersion: string, previous: Partial<VersionWire> | null): VersionDraftData {
  const contracts: Record<string, string[]> = {};
  for (const resolved of previous?.resolveResources ?? []) {
    const policyIds = [...new Set(resolved.contracts.map((contract) => contract.policyId))];
    if (policyIds.length > 0) contracts[resolved.resourceId] = policyIds;
  }
  return {
    version: latestVersion ? nextPatchVersion(latestVersion) : FIRST_VERSION,
    description: previous?.description ?? '',
    customPropertyDescriptors: toDescriptorValues(previous?.customPropertyDescriptors ?? []),
    dependencies: (previous?.dependencies ?? []).map(({ resourceId, resourceName, versionRange }) => ({
      resourceId,
      resourceName,
      versionRange,
    })),
    contracts,
  };
}
