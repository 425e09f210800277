import { useSyncExternalStore } from 'react';

// The signed-in account changed (a new avatar, another e-mail address …): whoever shows it reads it
// again. One counter for the whole page; its value means nothing beyond "changed since".
let revision = 0;
const listeners = new Set<() => void>();

export function announceAccountChanged(): void {
  revision += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes each time `announceAccountChanged()` is called. */
export function useAccountRevision(): number {
  return useSyncExternalStore(subscribe, () => revision);
}
