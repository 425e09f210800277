import { ResourceStatus, typeEntryChain, type Language } from '@tessera/domain';
import type { PolicyBinding } from './resources-api';

/**
 * A type path in the reader's language: catalogue entries by their names, a custom sub-type (the
 * entry past the catalogue) as typed. `['image', '插画']` → 'Image / Illustration'.
 */
export function typePathLabel(resourceType: readonly string[], resourceTypeCode: string, language: Language): string {
  const chain = typeEntryChain(resourceTypeCode || (resourceType[0] ?? ''));
  const names = chain.map((entry) => entry.names[language]);
  const custom = resourceType.slice(Math.max(chain.length, 1));
  const parts = [...names, ...custom];
  return (parts.length > 0 ? parts : resourceType).join(' / ');
}

export type PriceLabel = 'free' | 'paid';

/**
 * What the enabled policies ask: 'free' when one is free, 'paid' when one is not. Without the
 * compiled flag (`isFree`) the policy names are what the card shows instead.
 */
export function priceLabels(policies: readonly PolicyBinding[]): PriceLabel[] {
  const enabled = policies.filter((policy) => policy.status === 1 && policy.isFree !== undefined);
  const labels: PriceLabel[] = [];
  if (enabled.some((policy) => policy.isFree === 1)) labels.push('free');
  if (enabled.some((policy) => policy.isFree === 0)) labels.push('paid');
  return labels;
}

export const enabledPolicyNames = (policies: readonly PolicyBinding[]): string[] =>
  policies.filter((policy) => policy.status === 1).map((policy) => policy.policyName);

/** The translation key of a wire status. */
export function statusKey(status: number): string {
  switch (status) {
    case ResourceStatus.Online:
      return 'resourcesPage.status.online';
    case ResourceStatus.Offline:
      return 'resourcesPage.status.offline';
    case ResourceStatus.Frozen:
      return 'resourcesPage.status.frozen';
    default:
      return 'resourcesPage.status.unreleased';
  }
}

export const statusColor = (status: number): string =>
  ({ [ResourceStatus.Online]: 'green', [ResourceStatus.Offline]: 'default', [ResourceStatus.Frozen]: 'red' })[status] ??
  'gold';
