import { useQuery } from '@tanstack/react-query';
import type { TypeTreeNode } from '@tessera/contract/catalogue';
import { errorMessage, useApiClient } from '../../shared/api';
import { listBatchTypes } from './batch-api';

export type BatchTypes =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; groups: TypeTreeNode[] };

/** The catalogue of types that take batch creation; `reload` asks again after a failure. */
export function useBatchTypes(): { types: BatchTypes; reload: () => void } {
  const api = useApiClient();
  const read = useQuery({
    queryKey: ['catalogue', 'typesByGroup', { supportCreateBatch: 2 }],
    queryFn: ({ signal }) => listBatchTypes(api, signal),
  });
  const types: BatchTypes = read.isSuccess
    ? { state: 'ready', groups: read.data }
    : read.isError && !read.isFetching
      ? { state: 'failed', message: errorMessage(read.error) }
      : { state: 'loading' };
  return { types, reload: () => void read.refetch() };
}

/** Every entry of the forest that takes batch creation, the level-1 entry first in its group. */
export function batchableEntries(group: TypeTreeNode): TypeTreeNode[] {
  const all: TypeTreeNode[] = [];
  const visit = (node: TypeTreeNode) => {
    if ((node.resourceConfig?.supportCreateBatch ?? 1) === 1) all.push(node);
    node.children?.forEach(visit);
  };
  visit(group);
  return all;
}

export function findType(groups: readonly TypeTreeNode[], code: string | undefined): TypeTreeNode | undefined {
  return code === undefined ? undefined : groups.flatMap(batchableEntries).find((node) => node.code === code);
}
