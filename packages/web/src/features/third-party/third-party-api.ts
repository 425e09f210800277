import { thirdPartyEndpoints } from '@tessera/contract/endpoints/thirdparty';
import type { RegisterOrBindBody, UnbindBody } from '@tessera/contract/thirdparty';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api';

// Third-party sign-in and binding (API.md §3.9 and our /v2/thirdParty/providers, /authorize), on
// the wire contract: each call answers the envelope's data and throws an ApiError when refused.

/** GET /v2/thirdParty/providers: empty when none is configured; the same for the whole visit. */
export function providersQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['thirdParty', 'providers'],
    queryFn: ({ signal }) => api.call(thirdPartyEndpoints.providers, {}, { signal, noRedirect: true }),
    staleTime: Infinity,
  });
}

/** GET /v2/thirdParty/list: the caller's bound identities. */
export function boundIdentitiesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['thirdParty', 'list'],
    queryFn: ({ signal }) => api.call(thirdPartyEndpoints.list, {}, { signal }),
  });
}

/** POST /v2/thirdParty/registerOrBind; a wrong password must not send the page to the login page. */
export function registerOrBind(api: ApiClient, body: RegisterOrBindBody) {
  return api.call(thirdPartyEndpoints.registerOrBind, { body }, { noRedirect: true });
}

/** PUT /v2/thirdParty/unbind. */
export function unbind(api: ApiClient, body: UnbindBody) {
  return api.call(thirdPartyEndpoints.unbind, { body });
}

/**
 * The address that starts a sign-in (or, signed in, a binding) at the provider: a whole-page
 * navigation, since the browser leaves for the provider's pages. goTo is a path on this site.
 */
export function authorizeAddress(api: ApiClient, type: string, goTo: string): string {
  return api.addressOf(thirdPartyEndpoints.authorize, { query: { type, goTo } });
}
