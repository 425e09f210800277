import type { ApiClient } from '../../shared/api';
import type { NewPolicy } from '../creator/creator-api';
import { dataOf, type Resource, type TypeNode } from '../resources';

// The calls of the batch creator (API.md §3.6): the types that take batch creation and createBatch,
// which answers each item on its own (generated names come from creator-api).

/** Server limit of createResourceObjects. */
export const MAX_BATCH_FILES = 20;

/** What a type accepts as a version's file (DOMAIN §2.8 resourceConfig). */
export interface FileRules {
  /** Bytes. */
  fileMaxSize: number;
  /** Lower-case extensions without the dot; empty means any. */
  formats: string[];
  supportCreateBatch: number;
}

export interface BatchTypeNode extends TypeNode {
  resourceConfig?: FileRules;
  children?: BatchTypeNode[];
}

/** The type catalogue limited to types that take batch creation (supportCreateBatch=2). */
export async function listBatchTypes(api: ApiClient, signal?: AbortSignal): Promise<BatchTypeNode[]> {
  return (
    dataOf(
      await api.get<BatchTypeNode[]>('/resources/types/listSimpleByGroup', {
        params: { supportCreateBatch: 2 },
        signal,
      }),
    ) ?? []
  );
}

export interface BatchItem {
  name: string;
  resourceTitle?: string;
  policies: NewPolicy[];
  tags: string[];
  version: string;
  fileSha1: string;
  filename: string;
}

export interface ItemOutcome {
  errCode: number;
  msg: string;
  data: unknown;
}

export interface BatchItemResult extends ItemOutcome {
  index: number;
  name: string;
  /** null when the resource was not created. */
  resource: Resource | null;
  /** How its first version went; null when none was asked for. */
  version: ItemOutcome | null;
}

/** POST /v2/resources/createBatch; policy texts travel percent-encoded like POST /v2/resources. */
export async function createResourceBatch(
  api: ApiClient,
  resourceTypeCode: string,
  items: readonly BatchItem[],
): Promise<BatchItemResult[]> {
  const createResourceObjects = items.map((item) => ({
    ...item,
    policies: item.policies.map(({ policyName, policyText }) => ({
      policyName,
      policyText: encodeURIComponent(policyText),
    })),
  }));
  return dataOf(
    await api.post<BatchItemResult[]>('/resources/createBatch', { resourceTypeCode, createResourceObjects }),
  );
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
