// Sessions (DOMAIN §1.7, §2.3): the `authInfo` cookie or an `Authorization: Bearer` header carries
// an opaque id; only its SHA-256 is stored. The lookup itself belongs to the identity module, which
// owns the users and sessions tables; this file reads the credentials and applies the checks.
import { ErrCode, SESSION_COOKIE, UID_COOKIE } from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hash, randomBytes } from 'node:crypto';
import { BoundedMap } from './bounded-map';
import { AppError } from './errors';
import { pathOf } from './http/requests';

export const UserStatus = { Normal: 0, Frozen: 1 } as const;

/** Absolute end of every session (7 days). */
export const SESSION_MAX_AGE_MS = 7 * 24 * 3600_000;

export type RequestUser = { userId: number; status: number };
/** `site`: a node site's own session, on its host only (see platform/site-hosts.ts). */
export type RequestSession = { sessionId: string; via: 'cookie' | 'bearer' | 'site'; user: RequestUser };

/**
 * Finds the user of a live session by the hash of its id; null when unknown or expired. With
 * `withProfile` (a route's `sessionWithProfile`), the lookup may read the user's own profile in the
 * same statement, for the route that answers it.
 */
export type SessionLookup = (sessionHash: string, withProfile?: boolean) => Promise<RequestUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    session: RequestSession | null;
    /** The logged-in user, or null for a visitor. */
    user: RequestUser | null;
  }
  interface FastifyContextConfig {
    /** Answer errCode 30 unless the caller has a live session. */
    requireLogin?: boolean;
    /** The route answers the caller's own profile: the session lookup reads it too (one statement, not two). */
    sessionWithProfile?: boolean;
  }
}

/** Route option: `app.get(url, { config: requireLogin, schema }, handler)`. */
export const requireLogin = { requireLogin: true } as const;

/** Calls a frozen user may still make (DOMAIN §3.8); the node-site sign-in only says who the user is. */
const FROZEN_USER_PREFIXES = ['/v2/users', '/v2/passport', '/v2/activities', '/v2/nodeSites/sso'];

/** 256 random bits, base64url. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Ids hashed lately: every signed-in request hashes the one it carries (issue 15). */
const hashedSessionIds = new BoundedMap<string, string>(10_000);

/** The form a session id is stored and looked up in (the database never holds the id itself). */
export function hashSessionId(sessionId: string): string {
  let hashed = hashedSessionIds.get(sessionId);
  if (hashed === undefined) {
    hashed = hash('sha256', sessionId, 'hex');
    hashedSessionIds.set(sessionId, hashed);
  }
  return hashed;
}

export type PresentedSession = { sessionId: string; via: RequestSession['via'] };

/** The session id the request carries, if any (the Bearer header wins over the cookie). */
export function presentedSessionId(request: FastifyRequest): PresentedSession | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) return { sessionId: bearer, via: 'bearer' };
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie ? { sessionId: cookie, via: 'cookie' } : null;
}

export async function resolveSession(
  presented: PresentedSession,
  lookup: SessionLookup,
  withProfile = false,
): Promise<RequestSession | null> {
  const user = await lookup(hashSessionId(presented.sessionId), withProfile);
  return user ? { ...presented, user } : null;
}

function startsWithSegment(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** ret 4 / errCode 10 for a frozen user outside the calls a frozen user may make. */
export function assertNotFrozen(request: FastifyRequest): void {
  if (request.user?.status !== UserStatus.Frozen) return;
  const path = pathOf(request.url);
  if (FROZEN_USER_PREFIXES.some((prefix) => startsWithSegment(path, prefix))) return;
  throw new AppError(ErrCode.Frozen, 'errors.frozen');
}

/** The logged-in user of a login-only route (errCode 30 when there is none). */
export function loggedInUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
  return request.user;
}

/**
 * errCode 30 on a login-only call without a session; a stale `uid` cookie is expired with it (reply
 * null: on a site host, where the platform's cookies are never set).
 */
export function assertLoggedInWhenRequired(request: FastifyRequest, reply: FastifyReply | null): void {
  if (!request.routeOptions.config.requireLogin || request.user) return;
  if (reply && request.cookies[UID_COOKIE] !== undefined) reply.clearCookie(UID_COOKIE, { path: '/' });
  throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
}
