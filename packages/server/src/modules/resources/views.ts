// Resources as the wire carries them (DOMAIN §2.5), and the short form other modules list.
import { ResourceStatus, type Language } from '@tessera/domain';
import type { PolicyWire } from '@tessera/contract/policies';
import { projected } from '../../platform/projection';
import { textsForReader } from './translations';
import { StoredStatus, type BindingRow, type FreezeRecordRow, type ResourceRow } from './repo';
import type { PolicyBindingWire, ResourceView, ResourceWire } from '@tessera/contract/resources';

export const RESOURCE_FIELDS: readonly (keyof ResourceWire)[] = [
  'resourceId',
  'resourceName',
  'resourceTitle',
  'resourceType',
  'resourceTypeCode',
  'userId',
  'username',
  'intro',
  'coverImages',
  'tags',
  'policies',
  'resourceVersions',
  'latestVersion',
  'baseUpcastResources',
  'subjectType',
  'status',
  'isFrozen',
  'freezeReason',
  'latestVersionInfo',
  'createDate',
  'updateDate',
];

/** 2 while frozen, else the stored state (DOMAIN §3.1). */
export function wireStatusOf(row: Pick<ResourceRow, 'status' | 'isFrozen'>): number {
  return row.isFrozen ? ResourceStatus.Frozen : row.status;
}

/** Another user sees a resource once it has been released; the owner sees it always. */
export function isVisibleTo(row: Pick<ResourceRow, 'userId' | 'status'>, callerId: number | null): boolean {
  return row.userId === callerId || row.status !== StoredStatus.Unreleased;
}

/** Who reads, in which language (translations.ts). */
export type ResourceReader = { language: Language; readerId: number | null };

/** Extra parts of a read, each present only when asked for. */
export type ResourceExtras = {
  /** Policies by id, with their translation when asked (isLoadPolicyInfo). */
  policyInfo?: ReadonlyMap<string, PolicyWire>;
  /** The record of the current freeze (isLoadFreezeReason). */
  freezeRecords?: ReadonlyMap<string, FreezeRecordRow>;
  /** isLoadLatestVersionInfo: the version's record, or none before the first version. */
  latestVersionInfo?: ReadonlyMap<string, Record<string, unknown>>;
  /** Who reads, in which language: the title and intro they see (translations.ts). */
  reader?: ResourceReader;
};

function bindingWire(binding: BindingRow, policyInfo: ReadonlyMap<string, PolicyWire> | undefined): PolicyBindingWire {
  const base = { policyId: binding.policyId, policyName: binding.policyName, status: binding.status };
  const policy = policyInfo?.get(binding.policyId);
  if (!policy) return base;
  return {
    ...base,
    policyText: policy.policyText,
    fsmDescriptionInfo: policy.fsmDescriptionInfo,
    fsmDeclarationInfo: policy.fsmDeclarationInfo,
    isFree: policy.isFree,
    ...(policy.translateInfo ? { translateInfo: policy.translateInfo } : {}),
  };
}

export function resourceWire(
  row: ResourceRow,
  bindings: readonly BindingRow[],
  extras: ResourceExtras = {},
): ResourceWire {
  const texts = extras.reader ? textsForReader(row, extras.reader) : {};
  const wire: ResourceWire = {
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    resourceTitle: texts.resourceTitle ?? row.resourceTitle,
    resourceType: JSON.parse(row.resourceType) as string[],
    resourceTypeCode: row.resourceTypeCode,
    userId: row.userId,
    username: row.username,
    intro: texts.intro ?? row.intro,
    coverImages: JSON.parse(row.coverImages) as string[],
    tags: JSON.parse(row.tags) as string[],
    policies: bindings.map((binding) => bindingWire(binding, extras.policyInfo)),
    resourceVersions: JSON.parse(row.resourceVersions) as ResourceWire['resourceVersions'],
    latestVersion: row.latestVersion,
    baseUpcastResources: JSON.parse(row.baseUpcastResources) as ResourceWire['baseUpcastResources'],
    subjectType: row.subjectType,
    status: wireStatusOf(row),
    isFrozen: row.isFrozen,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
  if (extras.freezeRecords)
    wire.freezeReason = row.isFrozen ? (extras.freezeRecords.get(row.resourceId)?.reason ?? '') : '';
  if (extras.latestVersionInfo) wire.latestVersionInfo = extras.latestVersionInfo.get(row.resourceId) ?? null;
  return wire;
}

export function projectedResource(wire: ResourceWire, fields: readonly (keyof ResourceWire)[] | null): ResourceView {
  return projected(wire, fields);
}

/** What lists of other modules (favourites) show of a resource. */
export type ResourceSummary = {
  resourceId: string;
  resourceName: string;
  resourceTitle: string;
  resourceType: string[];
  resourceTypeCode: string;
  coverImages: string[];
  userId: number;
  username: string;
  /** Wire status. */
  status: number;
  latestVersion: string;
  updateDate: string;
};

export function resourceSummary(row: ResourceRow, reader: ResourceReader): ResourceSummary {
  return {
    resourceId: row.resourceId,
    resourceName: row.resourceName,
    resourceTitle: textsForReader(row, reader).resourceTitle ?? row.resourceTitle,
    resourceType: JSON.parse(row.resourceType) as string[],
    resourceTypeCode: row.resourceTypeCode,
    coverImages: JSON.parse(row.coverImages) as string[],
    userId: row.userId,
    username: row.username,
    status: wireStatusOf(row),
    latestVersion: row.latestVersion,
    updateDate: row.updateDate,
  };
}
