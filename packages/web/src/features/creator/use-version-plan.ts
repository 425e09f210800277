import { useCallback } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { ResourceWire } from '@tessera/contract/resources';
import { useApiClient } from '../../shared/api';
import { fetchResourcesByIds } from './creator-api';
import { creatorKeys } from './creator-keys';
import { candidatesOf, type Candidate, type DraftDependency } from './version-draft';

/** A resource just found by the dependency search is not read again at once. */
const CANDIDATE_FRESH_MS = 60_000;

export interface VersionPlan {
  /** The dependencies and upcast candidates read so far, by id (their policies and base upcasts). */
  known: ReadonlyMap<string, ResourceWire>;
  candidates: Candidate[];
  /** A resource found by the dependency search: what it says is known already. */
  remember: (resource: ResourceWire) => void;
  failed: boolean;
}

/**
 * Reads every dependency and candidate the draft names, once each, and derives the candidates: a
 * dependency's base upcasts become candidates once the dependency is read.
 */
export function useVersionPlan(dependencies: readonly DraftDependency[] | undefined): VersionPlan {
  const api = useApiClient();
  const queries = useQueryClient();
  const readSoFar = new Map<string, ResourceWire>();
  for (const { resourceId } of dependencies ?? []) {
    const resource = queries.getQueryData<ResourceWire | null>(creatorKeys.candidate(resourceId));
    if (resource) readSoFar.set(resourceId, resource);
  }
  const reads = useQueries({
    queries: candidatesOf(dependencies ?? [], readSoFar).map(({ resourceId }) => ({
      queryKey: creatorKeys.candidate(resourceId),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await fetchResourcesByIds(api, [resourceId], signal))[0] ?? null,
      staleTime: CANDIDATE_FRESH_MS,
    })),
  });
  const known = new Map(reads.flatMap(({ data }) => (data ? [[data.resourceId, data] as const] : [])));
  const remember = useCallback(
    (resource: ResourceWire) => queries.setQueryData(creatorKeys.candidate(resource.resourceId), resource),
    [queries],
  );
  return {
    known,
    candidates: candidatesOf(dependencies ?? [], known),
    remember,
    failed: reads.some((read) => read.isError),
  };
}
