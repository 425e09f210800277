import { useEffect, useState } from 'react';
import { useApiClient } from '../../shared/api';
import { fetchProviders, type ThirdPartyProvider } from './binding-api';

export type ProvidersState =
  { status: 'loading' } | { status: 'ready'; providers: ThirdPartyProvider[] } | { status: 'error'; message: string };

/** The configured providers, asked once per mount. */
export function useProviders(): ProvidersState {
  const api = useApiClient();
  const [state, setState] = useState<ProvidersState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchProviders(api, controller.signal).then(
      (answer) =>
        setState(
          answer.errCode === 0
            ? { status: 'ready', providers: answer.data ?? [] }
            : { status: 'error', message: answer.msg },
        ),
      (failure: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) });
      },
    );
    return () => controller.abort();
  }, [api]);
  return state;
}
