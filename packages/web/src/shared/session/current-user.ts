import { queryOptions } from '@tanstack/react-query';
import { identityEndpoints } from '@tessera/contract/endpoints/identity';
import type { ApiClient } from '../api';

/** Every cached answer of GET /v2/users/current; invalidate it after a change of the account. */
export const CURRENT_USER_KEY = ['users', 'current'] as const;

/**
 * GET /v2/users/current. `redirect`: an expired session or a frozen account leaves the page (SPEC
 * §8), as the header wants; without it the caller decides (the logged-in guard, the freeze page).
 * The two are cached apart, so that one never answers for the other.
 */
export function currentUserQuery(api: ApiClient, { redirect }: { redirect: boolean }) {
  return queryOptions({
    queryKey: [...CURRENT_USER_KEY, redirect ? 'redirect' : 'noRedirect'],
    queryFn: ({ signal }) => api.call(identityEndpoints.current, {}, { signal, noRedirect: !redirect }),
  });
}
