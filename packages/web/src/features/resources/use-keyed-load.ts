import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type Loaded<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'loaded'; value: T };

/**
 * One asynchronous read named by `key` (null: nothing to read). A new key, or `retry`, reads again;
 * until its answer arrives the state is loading, and an answer for an older key is ignored.
 */
export function useKeyedLoad<T>(
  load: (signal: AbortSignal) => Promise<T>,
  key: string | null,
): Loaded<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; result: Loaded<T> } | null>(null);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });
  const currentKey = key === null ? null : `${attempt}:${key}`;

  useEffect(() => {
    if (currentKey === null) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (value) => !controller.signal.aborted && setSettled({ key: currentKey, result: { status: 'loaded', value } }),
      (error: unknown) =>
        !controller.signal.aborted && setSettled({ key: currentKey, result: { status: 'error', error } }),
    );
    return () => controller.abort();
  }, [currentKey]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const result: Loaded<T> = settled && settled.key === currentKey ? settled.result : { status: 'loading' };
  return { ...result, retry };
}

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error ?? ''));
