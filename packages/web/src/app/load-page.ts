import type { ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@tessera/domain';
import { CHUNK_LOAD_ERROR, chunkLoadError } from '../shared/browser/chunk-load-error';

/**
 * Loads a page's code chunk for a lazy route. A chunk that fails to load, or takes longer than
 * SPEC §9's 120 s, becomes a `ChunkLoadError` that the route error page explains.
 */
export function loadPage(load: () => Promise<ComponentType>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS) {
  return async (): Promise<{ Component: ComponentType }> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(chunkLoadError(`page chunk not loaded within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return { Component: await Promise.race([load(), timeout]) };
    } catch (error) {
      throw error instanceof Error && error.name === CHUNK_LOAD_ERROR
        ? error
        : chunkLoadError('page chunk failed to load', error);
    } finally {
      clearTimeout(timer);
    }
  };
}
