import { catalogueEndpoints } from '@tessera/contract/endpoints/catalogue';
import { resourceEndpoints } from '@tessera/contract/endpoints/resources';
import type { TypeNodeWire, TypeTreeNode } from '@tessera/contract/catalogue';
import type { BatchItemBody, BatchItemResultWire } from '@tessera/contract/resources';
import type { ApiClient } from '../../shared/api';

// The calls of the batch creator (API.md §3.6): the types that take batch creation and createBatch,
// which answers each item on its own (generated names come from the creator's calls).

/** Server limit of createResourceObjects. */
export const MAX_BATCH_FILES = 20;

/** What a type accepts as a version's file (DOMAIN §2.8 resourceConfig): bytes, extensions ([] any). */
export type FileRules = TypeNodeWire['resourceConfig'];

/** How createBatch went for an item, or for its first version. */
export type ItemOutcome = Pick<BatchItemResultWire, 'errCode' | 'msg' | 'data'>;

/** The type catalogue limited to types that take batch creation (supportCreateBatch=2). */
export async function listBatchTypes(api: ApiClient, signal?: AbortSignal): Promise<TypeTreeNode[]> {
  return (await api.call(catalogueEndpoints.typesByGroup, { query: { supportCreateBatch: 2 } }, { signal })) ?? [];
}

/** POST /v2/resources/createBatch; policy texts travel percent-encoded like POST /v2/resources. */
export function createResourceBatch(
  api: ApiClient,
  resourceTypeCode: string,
  items: readonly BatchItemBody[],
): Promise<BatchItemResultWire[]> {
  const createResourceObjects = items.map((item) => ({
    ...item,
    policies: item.policies?.map(({ policyName, policyText }) => ({
      policyName,
      policyText: encodeURIComponent(policyText),
    })),
  }));
  return api.call(resourceEndpoints.createBatch, { body: { resourceTypeCode, createResourceObjects } });
}

/** The reason of a refused item: the field messages of a parameter error, else the message. */
export function reasonOf(outcome: ItemOutcome): string {
  const fieldMessages = Array.isArray(outcome.data)
    ? outcome.data
        .map((issue: unknown) =>
          issue && typeof issue === 'object' && 'message' in issue ? String(issue.message) : '',
        )
        .filter(Boolean)
    : [];
  return fieldMessages.length > 0 ? fieldMessages.join('; ') : outcome.msg;
}
