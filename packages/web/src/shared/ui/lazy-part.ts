import { lazy, type ComponentType } from 'react';
import { chunkLoadError } from '../browser/chunk-load-error';

/**
 * A part of a page loaded from its own chunk when it first renders (a dialog, a drawer, an editor), under
 * a Suspense boundary: `load` imports its module, `pick` names the component. A chunk that fails to load
 * becomes a ChunkLoadError, which the route's error page explains as it does for a page.
 */
export function lazyPart<M, P>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() =>
    load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        throw chunkLoadError('part chunk failed to load', error);
      },
    ),
  );
}
