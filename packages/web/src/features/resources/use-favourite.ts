import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { addFavourite, favouriteCount, isCollected, removeFavourite } from './resources-api';

export interface FavouriteState {
  collected: boolean;
  count: number | null;
  busy: boolean;
  error: string;
  toggle: () => void;
}

/** Whether the signed-in user collected the resource, how many did, and the toggle. */
export function useFavourite(resourceId: string, signedIn: boolean): FavouriteState {
  const api = useApiClient();
  const [collected, setCollected] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    favouriteCount(api, resourceId, controller.signal).then(
      (value) => !controller.signal.aborted && setCount(value),
      () => undefined,
    );
    if (signedIn) {
      isCollected(api, resourceId, controller.signal).then(
        (value) => !controller.signal.aborted && setCollected(value),
        () => undefined,
      );
    }
    return () => controller.abort();
  }, [api, resourceId, signedIn]);

  const toggle = () => {
    if (busy) return;
    const next = !collected;
    setBusy(true);
    setError('');
    (next ? addFavourite(api, resourceId) : removeFavourite(api, resourceId)).then(
      () => {
        setCollected(next);
        setCount((value) => Math.max(0, (value ?? 0) + (next ? 1 : -1)));
        setBusy(false);
      },
      (failure: unknown) => {
        setError(failure instanceof Error ? failure.message : String(failure));
        setBusy(false);
      },
    );
  };

  return { collected, count, busy, error, toggle };
}
