// Third-party sign-in and binding (API.md §3.9 and our /v2/thirdParty/providers, /authorize).
import type { AuthorizeQuery, BoundIdentityWire, ProviderWire, RegisterOrBindBody, UnbindBody } from '../thirdparty';
import { endpoint } from '../endpoint';

export const thirdPartyEndpoints = {
  providers: endpoint<{ answer: ProviderWire[] }>('GET', '/thirdParty/providers'),
  /** A navigation, not a call: the browser goes there and is redirected to the provider. */
  authorize: endpoint<{ query: AuthorizeQuery; answer: never }>('GET', '/thirdParty/authorize'),
  list: endpoint<{ answer: BoundIdentityWire[] }>('GET', '/thirdParty/list'),
  registerOrBind: endpoint<{ body: RegisterOrBindBody; answer: boolean }>('POST', '/thirdParty/registerOrBind'),
  unbind: endpoint<{ body: UnbindBody; answer: boolean }>('PUT', '/thirdParty/unbind'),
};
