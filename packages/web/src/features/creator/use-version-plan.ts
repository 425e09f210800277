import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { fetchResourcesByIds, type PublishingResource } from './creator-api';
import { candidatesOf, type Candidate, type DraftDependency } from './version-draft';

export interface VersionPlan {
  /** The dependencies and upcast candidates read so far, by id (their policies and base upcasts). */
  known: ReadonlyMap<string, PublishingResource>;
  candidates: Candidate[];
  remember: (resource: PublishingResource) => void;
  failed: boolean;
}

/** Reads every dependency and candidate the draft names (once each) and derives the candidates. */
export function useVersionPlan(dependencies: readonly DraftDependency[] | undefined): VersionPlan {
  const api = useApiClient();
  const [known, setKnown] = useState<ReadonlyMap<string, PublishingResource>>(new Map());
  const [failed, setFailed] = useState(false);
  const candidates = useMemo(() => candidatesOf(dependencies ?? [], known), [dependencies, known]);
  const missing = candidates
    .filter((candidate) => !known.has(candidate.resourceId))
    .map((candidate) => candidate.resourceId);
  const missingKey = missing.join(',');

  const remember = useCallback(
    (resource: PublishingResource) => setKnown((current) => new Map(current).set(resource.resourceId, resource)),
    [],
  );

  useEffect(() => {
    if (missingKey === '') return;
    const controller = new AbortController();
    fetchResourcesByIds(api, missingKey.split(','), controller.signal).then(
      (resources) => {
        setFailed(false);
        setKnown((current) => {
          const next = new Map(current);
          for (const resource of resources) next.set(resource.resourceId, resource);
          return next;
        });
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, missingKey]);

  return { known, candidates, remember, failed };
}
