// Anti-forgery, signed double submit bound to the session (DOMAIN §1.7). The readable XSRF-TOKEN
// cookie is issued on API answers and page loads; unsafe /v2 calls must echo it in X-XSRF-TOKEN.
//   session: base64url(HMAC-SHA256(secret, 'xsrf:' + sessionId))
//   visitor: {random}.{base64url(HMAC-SHA256(secret, 'xsrf-visitor:' + random))}
import { ErrCode, XSRF_COOKIE, XSRF_HEADER } from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { BoundedMap } from './bounded-map';
import { AppError } from './errors';
import { hmacSha256, type Signer } from './hmac';
import { isApiPath, isUnsafeMethod } from './http/requests';
import { randomBytesFromPool } from './random';
import type { RequestSession } from './session';

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Tokens kept once signed or verified: every request checks its cookie, a signed-in one against its
 * session's token, a visitor's against the token's own signature (issue 15). Emptied when full. A
 * visitor token is kept when it comes back, not when it is made: most answers that make one go to
 * clients that never return it (crawlers, scripts), and keeping those cost more than it saved.
 */
const KEPT_TOKENS = 10_000;

/** Headers a proxy adds to the requests it passes on. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'via'] as const;

export class XsrfTokens {
  readonly #sign: Signer;
  readonly #sessionTokens = new BoundedMap<string, string>(KEPT_TOKENS);
  readonly #visitorTokens = new BoundedMap<string, true>(KEPT_TOKENS);
  readonly #connectionTokens = new WeakMap<Socket, string>();

  constructor(secret: string) {
    this.#sign = hmacSha256(secret);
  }

  forSession(sessionId: string): string {
    let token = this.#sessionTokens.get(sessionId);
    if (token === undefined) {
      token = this.#sign(`xsrf:${sessionId}`);
      this.#sessionTokens.set(sessionId, token);
    }
    return token;
  }

  newVisitorToken(): string {
    const random = randomBytesFromPool(18).toString('base64url');
    return `${random}.${this.#sign(`xsrf-visitor:${random}`)}`;
  }

  /**
   * The token for a visitor's answer. A client that keeps no cookies (a crawler, a script) is sent one
   * with every answer, and signing it was the largest part of such an answer (issue 15, goal 3). On a
   * connection straight from the client every request is that one client's, so the token of its
   * first answer is given again. A connection that carries forwarded requests (a proxy's) may carry
   * many visitors: each of its answers gets a token of its own. A visitor token vouches for nobody —
   * anyone is given one for asking — so this changes no check (DOMAIN §1.7).
   */
  visitorTokenFor(request: IncomingMessage): string {
    if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return this.newVisitorToken();
    let token = this.#connectionTokens.get(request.socket);
    if (token === undefined) {
      token = this.newVisitorToken();
      this.#connectionTokens.set(request.socket, token);
    }
    return token;
  }

  /** A session's token is its own; a visitor token must carry a valid signature. */
  isValid(token: string, session: RequestSession | null): boolean {
    if (session) return sameSecret(token, this.forSession(session.sessionId));
    if (this.#visitorTokens.has(token)) return true;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const valid = sameSecret(token.slice(dot + 1), this.#sign(`xsrf-visitor:${token.slice(0, dot)}`));
    if (valid) this.#visitorTokens.set(token, true);
    return valid;
  }
}

const XSRF_COOKIE_PREFIX = `${XSRF_COOKIE}=`;

/** The Set-Cookie value that gives `token` (shared with the visitor lane, which has no reply). */
export function xsrfCookieLine(token: string, secure: boolean): string {
  return `${XSRF_COOKIE_PREFIX}${token}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Readable by the page's scripts, which copy it into the X-XSRF-TOKEN header. The line is written
 * here rather than by the cookie plugin, whose generic serializer (options copied, every part
 * checked) ran on every cookie-less answer (issue 15, goal 3); a token is base64url with one dot,
 * nothing to encode. A token set earlier in the same answer (logout replaces the one the gate gave)
 * is replaced, never repeated; the plugin adds its own cookies after this line.
 */
export function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const line = xsrfCookieLine(token, request.protocol === 'https');
  const current = reply.getHeader('set-cookie');
  if (current === undefined) {
    reply.header('set-cookie', line);
    return;
  }
  const others = (Array.isArray(current) ? current : [String(current)]).filter(
    (cookie) => !cookie.startsWith(XSRF_COOKIE_PREFIX),
  );
  reply.removeHeader('set-cookie');
  reply.header('set-cookie', [...others, line]);
}

/** Sets the cookie when it is missing or does not belong to the current session. */
export function refreshXsrfCookie(request: FastifyRequest, reply: FastifyReply, tokens: XsrfTokens): void {
  const current = request.cookies[XSRF_COOKIE];
  if (current !== undefined && tokens.isValid(current, request.session)) return;
  setXsrfCookie(
    request,
    reply,
    request.session ? tokens.forSession(request.session.sessionId) : tokens.visitorTokenFor(request.raw),
  );
}

/** errCode 3 for an unsafe /v2 call whose header does not echo a valid cookie (Bearer calls are exempt). */
export function assertXsrf(request: FastifyRequest, tokens: XsrfTokens): void {
  if (!isUnsafeMethod(request.method) || !isApiPath(request.url) || request.session?.via === 'bearer') return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER.toLowerCase()];
  const valid =
    typeof header === 'string' &&
    cookie !== undefined &&
    sameSecret(header, cookie) &&
    tokens.isValid(cookie, request.session);
  if (!valid) throw new AppError(ErrCode.Forbidden, 'errors.xsrfInvalid');
}
