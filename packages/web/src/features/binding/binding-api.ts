import { API_PREFIX, withQuery, type ApiEnvelope } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';

// Third-party sign-in and binding (API.md §3.9 and our /v2/thirdParty/providers, /authorize).

export interface ThirdPartyProvider {
  type: string;
  name: string;
}

export interface BoundIdentity {
  userId: number;
  /** The name the provider gives. */
  name: string;
  thirdPartyType: string;
}

/** GET /v2/thirdParty/providers: empty when none is configured. */
export function fetchProviders(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApiEnvelope<ThirdPartyProvider[] | null>> {
  return api.get<ThirdPartyProvider[] | null>('/thirdParty/providers', { signal, noRedirect: true });
}

/** GET /v2/thirdParty/list: the caller's bound identities. */
export function fetchBoundIdentities(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApiEnvelope<BoundIdentity[] | null>> {
  return api.get<BoundIdentity[] | null>('/thirdParty/list', { signal });
}

/** POST /v2/thirdParty/registerOrBind; a wrong password must not send the page to the login page. */
export function registerOrBind(
  api: ApiClient,
  body: { loginName: string; password: string; identityId: string },
): Promise<ApiEnvelope<boolean | null>> {
  return api.post<boolean | null>('/thirdParty/registerOrBind', body, { noRedirect: true });
}

/** PUT /v2/thirdParty/unbind. */
export function unbind(
  api: ApiClient,
  body: { thirdPartyType: string; password: string },
): Promise<ApiEnvelope<boolean | null>> {
  return api.put<boolean | null>('/thirdParty/unbind', body);
}

/**
 * The address that starts a sign-in (or, signed in, a binding) at the provider: a whole-page
 * navigation, since the browser leaves for the provider's pages. goTo is a path on this site.
 */
export function authorizeAddress(api: ApiClient, type: string, goTo: string): string {
  const base = api.http.defaults.baseURL ?? API_PREFIX;
  return `${base}${withQuery('/thirdParty/authorize', { type, goTo })}`;
}
