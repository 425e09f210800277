import { passportEndpoints } from '@tessera/contract/endpoints/passport';
import { routes } from '@tessera/domain';
import type { ApiClient } from '../api';
import { browserLocation } from '../browser/location';

/**
 * Ends the session (GET /v2/passport/logout, without the login redirect) and reloads the app at
 * /home, so that everything read while signed in is dropped. A failed call still leaves the page:
 * the person asked to go, and the next call will find out whether the session is still alive.
 */
export async function signOut(api: ApiClient): Promise<void> {
  await api.call(passportEndpoints.logout, {}, { noRedirect: true }).catch(() => undefined);
  browserLocation.replace(routes.home());
}
