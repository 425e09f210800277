import { useDeferredValue } from 'react';

/**
 * False for a component's first render, true from a render React starts in the background once that
 * one is committed. A part that is costly to mount (antd's table builds its styles and measures the
 * scrollbar, 100–250 ms on a slow core) can show a light stand-in first, so that the page around it
 * paints without waiting for it.
 */
export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}
