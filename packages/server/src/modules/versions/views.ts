// Versions as the wire carries them (DOMAIN §2.6) and the flat property of §2.6.
import { customPropertyOf, type PropertyDescriptor } from '@tessera/domain';
import type { ResourceRow } from '../resources';
import type { VersionRow } from './repo';
import type { VersionWire } from '@tessera/contract/versions';

export type ResourceRef = { resourceId: string; resourceName: string };
export type StoredDependency = ResourceRef & { versionRange: string };
/** What a version chose to license itself; contracts are signed by the contracts module. */
export type StoredResolve = ResourceRef & { policyIds: string[] };

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
    // Contracts come with the contracts module; until then every resolved resource lists none.
    resolveResources: parseJson<StoredResolve[]>(row.resolveResources).map(({ resourceId, resourceName }) => ({
      resourceId,
      resourceName,
      contracts: [],
    })),
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
