import { queryOptions } from '@tanstack/react-query';
import { identityEndpoints } from '@tessera/contract/endpoints/identity';
import type { ApiClient } from '../api';

/** Every cached answer of GET /v2/users/current; invalidate it after a change of the account. */
export const CURRENT_USER_KEY = ['users', 'current'] as const;

/**
 * GET /v2/users/current, one read for every part of the page that asks (the header, the logged-in
 * guard, the freeze page). It follows no redirect by itself: the header leaves the page for an
 * expired session or a frozen account (SPEC §8), the guard and the freeze page decide for themselves.
 */
export function currentUserQuery(api: ApiClient) {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: ({ signal }) => api.call(identityEndpoints.current, {}, { signal, noRedirect: true }),
  });
}
