// Versions as the wire carries them (DOMAIN §2.6) and the flat property of §2.6.
import { customPropertyOf, type PropertyDescriptor } from '@tessera/domain';
import type { ResourceRow } from '../resources';
import type { VersionRow } from './repo';
import type { VersionWire } from '@tessera/contract/versions';

export type ResourceRef = { resourceId: string; resourceName: string };
export type StoredDependency = ResourceRef & { versionRange: string };
export type ContractRef = { policyId: string; contractId: string };
/** What a version licenses itself: the chosen policies and the contracts signed under them (same order). */
export type StoredResolve = ResourceRef & { policyIds: string[]; contracts: ContractRef[] };

export const VERSION_FIELDS: readonly (keyof VersionWire)[] = [
  'versionId',
  'resourceId',
  'resourceName',
  'userId',
  'resourceType',
  'version',
  'fileSha1',
  'filename',
  'description',
  'dependencies',
  'upcastResources',
  'resolveResources',
  'systemProperty',
  'customPropertyDescriptors',
  'customProperty',
  'status',
  'createDate',
  'updateDate',
];

export const parseJson = <T>(text: string): T => JSON.parse(text) as T;

export function dependenciesOf(row: Pick<VersionRow, 'dependencies'>): StoredDependency[] {
  return parseJson<StoredDependency[]>(row.dependencies);
}

/** The stored resolveResources; rows written before contracts were signed have none. */
export function resolvedOf(row: Pick<VersionRow, 'resolveResources'>): StoredResolve[] {
  return parseJson<(Omit<StoredResolve, 'contracts'> & Partial<Pick<StoredResolve, 'contracts'>>)[]>(
    row.resolveResources,
  ).map((entry) => ({ ...entry, contracts: entry.contracts ?? [] }));
}

/** A resolved resource as the wire shows it: its contracts, without the chosen policy ids. */
export const resolveWire = ({ resourceId, resourceName, contracts }: StoredResolve) => ({
  resourceId,
  resourceName,
  contracts: contracts.map(({ policyId, contractId }) => ({ policyId, contractId })),
});

export function versionWire(
  row: VersionRow,
  resource: Pick<ResourceRow, 'resourceName' | 'resourceType'>,
): VersionWire {
  const descriptors = parseJson<PropertyDescriptor[]>(row.customPropertyDescriptors);
  return {
    versionId: row.versionId,
    resourceId: row.resourceId,
    resourceName: resource.resourceName,
    userId: row.userId,
    resourceType: parseJson<string[]>(resource.resourceType),
    version: row.version,
    fileSha1: row.fileSha1,
    filename: row.filename,
    description: row.description,
    dependencies: dependenciesOf(row),
    upcastResources: parseJson<ResourceRef[]>(row.upcastResources),
    resolveResources: resolvedOf(row).map(resolveWire),
    systemProperty: parseJson<Record<string, unknown>>(row.systemProperty),
    customPropertyDescriptors: descriptors,
    customProperty: customPropertyOf(descriptors),
    status: row.status,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
}

/** One flat object: system property beats read-only custom property, which beats editable ones (DOMAIN §2.6). */
export function flatProperty(row: VersionRow): Record<string, unknown> {
  const descriptors = parseJson<PropertyDescriptor[]>(row.customPropertyDescriptors);
  const valuesOf = (readonly: boolean) =>
    customPropertyOf(descriptors.filter((descriptor) => (descriptor.type === 'readonlyText') === readonly));
  return { ...valuesOf(false), ...valuesOf(true), ...parseJson<Record<string, unknown>>(row.systemProperty) };
}
