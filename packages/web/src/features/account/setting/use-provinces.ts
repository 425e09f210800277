import { useEffect, useState } from 'react';
import { useApiClient } from '../../../shared/api';
import { fetchProvinces, type Province } from '../account-api';

export type ProvincesState =
  { status: 'loading' } | { status: 'ready'; provinces: Province[] } | { status: 'failed'; message: string };

/** GET /v2/areas/provinces, once per page. */
export function useProvinces(): ProvincesState {
  const api = useApiClient();
  const [state, setState] = useState<ProvincesState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const settle = (next: ProvincesState) => {
      if (!controller.signal.aborted) setState(next);
    };
    fetchProvinces(api, controller.signal).then(
      ({ errCode, msg, data }) =>
        settle(errCode === 0 && data ? { status: 'ready', provinces: data } : { status: 'failed', message: msg }),
      (failure: unknown) =>
        settle({ status: 'failed', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => controller.abort();
  }, [api]);
  return state;
}
