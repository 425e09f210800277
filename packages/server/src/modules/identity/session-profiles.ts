// The caller's own profile, read in the session's statement for a route marked `sessionWithProfile`
// (platform/session.ts). It hangs on that request's user object, so it never outlives the request.
import type { RequestUser } from '../../platform/session';
import type { UserWithDetail } from './repo';

export const profilesReadWithSession = new WeakMap<RequestUser, UserWithDetail>();
