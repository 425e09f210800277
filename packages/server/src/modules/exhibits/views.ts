// Exhibit rows as the wire shows them (DOMAIN §2.17, §2.18). The node owner sees everything; anyone
// else sees what a visitor of the node's site needs: no node contract ids, no disabled policies, no
// ignored-version note, no rewrite list.
import { compareVersionTexts, customPropertyOf, type PropertyDescriptor } from '@tessera/domain';
import type { PolicyBindingWire } from '@tessera/contract/resources';
import type { PresentableWire, ResolveResourceWire, RewritePropertyWire } from '@tessera/contract/exhibits';
import { isNodeFrozen, type NodeRow } from '../nodes';
import type { PresentablePolicyRow, PresentableRow, PresentableVersionRow } from './repo';

const parse = <T>(json: string): T => JSON.parse(json) as T;

export type Reader = { callerId: number | null };

const PUBLIC_VISIBILITY = 1;

/** Others see a node's online exhibits while it is public and not frozen (DOMAIN §3.7). */
export const isOpenToOthers = (node: NodeRow): boolean => node.visibility === PUBLIC_VISIBILITY && !isNodeFrozen(node);

export const isOwner = (row: Pick<PresentableRow, 'userId'>, reader: Reader): boolean => reader.callerId === row.userId;

/**
 * versionProperty: on a clash, system > resource read-only custom > exhibit rewrite > resource editable
 * custom (DOMAIN §2.18).
 */
export function versionPropertyOf(version: PresentableVersionRow): Record<string, unknown> {
  const descriptors = parse<PropertyDescriptor[]>(version.resourceCustomPropertyDescriptors);
  const custom = (readonly: boolean) =>
    customPropertyOf(descriptors.filter((descriptor) => (descriptor.type === 'readonlyText') === readonly));
  const rewrites = Object.fromEntries(
    parse<RewritePropertyWire[]>(version.presentableRewriteProperty).map((property) => [property.key, property.value]),
  );
  return {
    ...custom(false),
    ...rewrites,
    ...custom(true),
    ...parse<Record<string, unknown>>(version.resourceSystemProperty),
  };
}

/** Keys an exhibit may not rewrite: the system properties and the read-only custom ones. */
export function fixedKeysOf(version: PresentableVersionRow): Set<string> {
  const descriptors = parse<PropertyDescriptor[]>(version.resourceCustomPropertyDescriptors);
  return new Set([
    ...Object.keys(parse<Record<string, unknown>>(version.resourceSystemProperty)),
    ...descriptors.filter((descriptor) => descriptor.type === 'readonlyText').map((descriptor) => descriptor.key),
  ]);
}

export function resolveResourcesOf(row: Pick<PresentableRow, 'resolveResources'>): ResolveResourceWire[] {
  return parse<ResolveResourceWire[]>(row.resolveResources);
}

/** "Update available": the resource's latest version is newer than the chosen one and the ignored one. */
export function showsUpdateTip(row: PresentableRow, latestVersion: string): boolean {
  if (row.version === '' || latestVersion === '') return false;
  if (compareVersionTexts(latestVersion, row.version) <= 0) return false;
  return row.ignoredUpdateVersion === '' || compareVersionTexts(latestVersion, row.ignoredUpdateVersion) > 0;
}

export type WireExtras = {
  policies?: ReadonlyMap<string, PolicyBindingWire>;
  version?: PresentableVersionRow;
  withVersionProperty?: boolean;
  withDescriptors?: boolean;
  resourceDetail?: Partial<PresentableWire['resourceInfo']>;
  resourceVersionInfo?: Record<string, unknown>;
  latestVersion?: string;
  authStatus?: number;
};

export function presentableWire(
  row: PresentableRow,
  bindings: readonly PresentablePolicyRow[],
  reader: Reader,
  extras: WireExtras = {},
): PresentableWire {
  const owner = isOwner(row, reader);
  const policies = bindings
    .filter((binding) => owner || binding.status === 1)
    .map((binding): PolicyBindingWire => ({
      ...extras.policies?.get(binding.policyId),
      policyId: binding.policyId,
      policyName: binding.policyName,
      status: binding.status,
    }));
  const resolveResources = resolveResourcesOf(row).map((item) => (owner ? item : { ...item, contracts: [] }));
  const wire: PresentableWire = {
    presentableId: row.presentableId,
    presentableName: row.presentableName,
    presentableTitle: row.presentableTitle,
    intro: row.intro,
    nodeId: row.nodeId,
    userId: row.userId,
    resourceInfo: {
      resourceId: row.resourceId,
      resourceName: row.resourceName,
      resourceType: parse<string[]>(row.resourceType),
      resourceOwnerId: row.resourceOwnerId,
      ...extras.resourceDetail,
    },
    version: row.version,
    policies,
    resolveResources,
    tags: parse<string[]>(row.tags),
    coverImages: parse<string[]>(row.coverImages),
    onlineStatus: row.onlineStatus,
    authStatus: extras.authStatus ?? 0,
    ignoredUpdateVersion: owner ? row.ignoredUpdateVersion : '',
    status: row.status,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
  if (extras.version && extras.withVersionProperty) wire.versionProperty = versionPropertyOf(extras.version);
  if (extras.version && extras.withDescriptors)
    wire.customPropertyDescriptors = parse<Record<string, unknown>[]>(extras.version.resourceCustomPropertyDescriptors);
  if (extras.version && owner)
    wire.presentableRewriteProperty = parse<RewritePropertyWire[]>(extras.version.presentableRewriteProperty);
  if (extras.resourceVersionInfo) wire.resourceVersionInfo = extras.resourceVersionInfo;
  if (extras.latestVersion !== undefined) {
    wire.latestVersion = extras.latestVersion;
    wire.isShowVersionUpdateTip = owner && showsUpdateTip(row, extras.latestVersion);
  }
  return wire;
}
