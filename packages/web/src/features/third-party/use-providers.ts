import { useQuery } from '@tanstack/react-query';
import type { ProviderWire } from '@tessera/contract/thirdparty';
import { errorMessage, useApiClient } from '../../shared/api';
import { providersQuery } from './third-party-api';

export type ProvidersState =
  { status: 'loading' } | { status: 'ready'; providers: ProviderWire[] } | { status: 'error'; message: string };

/** The configured providers. */
export function useProviders(): ProvidersState {
  const api = useApiClient();
  const query = useQuery(providersQuery(api));
  if (query.isError) return { status: 'error', message: errorMessage(query.error) };
  if (query.isPending) return { status: 'loading' };
  return { status: 'ready', providers: query.data };
}
