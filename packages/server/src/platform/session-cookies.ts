// The login cookies (DOMAIN §1.7): `authInfo` (httpOnly session id) and the readable `uid`, with
// the same lifetime: 7 days with "remember me", else browser-session cookies.
import { SESSION_COOKIE, UID_COOKIE } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_MAX_AGE_MS } from './session';
import { setXsrfCookie } from './xsrf';

export type SessionCookies = { sessionId: string; userId: number; isRemember: boolean };

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  { sessionId, userId, isRemember }: SessionCookies,
): void {
  // Max-Age rather than Expires: it counts from when the browser receives it, whatever its clock says.
  const lifetime = isRemember ? { maxAge: SESSION_MAX_AGE_MS / 1000 } : {};
  const common = { path: '/', sameSite: 'lax', secure: request.protocol === 'https', ...lifetime } as const;
  reply.setCookie(SESSION_COOKIE, sessionId, { ...common, httpOnly: true });
  reply.setCookie(UID_COOKIE, String(userId), { ...common, httpOnly: false });
}

/** After a sign-in: the session cookies, and the XSRF token rotated to the new session. */
export function setSignedInCookies(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  session: SessionCookies,
): void {
  setSessionCookies(request, reply, session);
  setXsrfCookie(request, reply, app.xsrf.forSession(session.sessionId));
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(UID_COOKIE, { path: '/' });
}
