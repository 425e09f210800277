import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { listBatchTypes, type BatchTypeNode } from './batch-api';

export type BatchTypes =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; groups: BatchTypeNode[] };

/** The catalogue of types that take batch creation; `reload` asks again after a failure. */
export function useBatchTypes(): { types: BatchTypes; reload: () => void } {
  const api = useApiClient();
  const [attempt, setAttempt] = useState(0);
  const [types, setTypes] = useState<BatchTypes>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    listBatchTypes(api, controller.signal).then(
      (groups) => setTypes({ state: 'ready', groups }),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setTypes({ state: 'failed', message: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => controller.abort();
  }, [api, attempt]);
  return {
    types,
    reload: () => {
      setTypes({ state: 'loading' });
      setAttempt((count) => count + 1);
    },
  };
}

/** Every entry of the forest that takes batch creation, the level-1 entry first in its group. */
export function batchableEntries(group: BatchTypeNode): BatchTypeNode[] {
  const all: BatchTypeNode[] = [];
  const visit = (node: BatchTypeNode) => {
    if ((node.resourceConfig?.supportCreateBatch ?? 1) === 1) all.push(node);
    node.children?.forEach(visit);
  };
  visit(group);
  return all;
}

export function findType(groups: readonly BatchTypeNode[], code: string | undefined): BatchTypeNode | undefined {
  return code === undefined ? undefined : groups.flatMap(batchableEntries).find((node) => node.code === code);
}
