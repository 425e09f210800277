import { createContext, useContext } from 'react';

/** True below the layout route; pages that also stand alone (the 404 page) frame themselves otherwise. */
export const LayoutPresenceContext = createContext(false);

export function useInsideLayout(): boolean {
  return useContext(LayoutPresenceContext);
}
