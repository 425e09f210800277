import { useQuery } from '@tanstack/react-query';
import type { AreaWire } from '@tessera/contract/identity';
import { errorMessage, useApiClient } from '../../../shared/api';
import { provincesQuery } from '../account-api';

export type ProvincesState =
  { status: 'loading' } | { status: 'ready'; provinces: AreaWire[] } | { status: 'failed'; message: string };

/** GET /v2/areas/provinces, once per visit. */
export function useProvinces(): ProvincesState {
  const api = useApiClient();
  const query = useQuery(provincesQuery(api));
  if (query.isError) return { status: 'failed', message: errorMessage(query.error) };
  if (query.isPending) return { status: 'loading' };
  return { status: 'ready', provinces: query.data };
}
