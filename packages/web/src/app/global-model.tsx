import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

/** One visited location (SPEC §3.4 routerHistories). */
export interface VisitedLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface GlobalState {
  /** True until the translation layer is ready (SPEC §4). */
  globalLoading: boolean;
  /** Every location change, oldest first. */
  routerHistories: readonly VisitedLocation[];
}

export interface GlobalModel {
  getState(): GlobalState;
  subscribe(listener: () => void): () => void;
  setGlobalLoading(globalLoading: boolean): void;
  appendRouterHistory(location: VisitedLocation): void;
}

export function createGlobalModel(): GlobalModel {
  const listeners = new Set<() => void>();
  let state: GlobalState = { globalLoading: true, routerHistories: [] };

  function update(next: Partial<GlobalState>): void {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setGlobalLoading(globalLoading) {
      if (globalLoading !== state.globalLoading) update({ globalLoading });
    },
    appendRouterHistory({ pathname, search, hash }) {
      update({ routerHistories: [...state.routerHistories, { pathname, search, hash }] });
    },
  };
}

const GlobalModelContext = createContext<GlobalModel | null>(null);

export function GlobalModelProvider({ model, children }: { model: GlobalModel; children: ReactNode }) {
  return <GlobalModelContext value={model}>{children}</GlobalModelContext>;
}

export function useGlobalModelStore(): GlobalModel {
  const model = useContext(GlobalModelContext);
  if (!model) throw new Error('useGlobalModel must be used inside <GlobalModelProvider>');
  return model;
}

/** Reads one value of the global state, e.g. `useGlobalModel((s) => s.globalLoading)`. */
export function useGlobalModel<T>(select: (state: GlobalState) => T): T {
  const model = useGlobalModelStore();
  return useSyncExternalStore(model.subscribe, () => select(model.getState()));
}
