// The browser a third-party flow belongs to: a random id in an httpOnly cookie sent only to the
// third-party calls. The authorization request and an identity met unbound keep its hash, so a
// callback or a /bind form from another browser (a link someone was sent) gets nowhere.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { CLAIM_LIFETIME_MS } from './service';

export const THIRD_PARTY_BROWSER_COOKIE = 'thirdPartyBrowser';
const COOKIE_PATH = '/v2/thirdParty';

function hashOf(browserId: string): string {
  return createHash('sha256').update(browserId).digest('hex');
}

/** The hash of the browser's id; '' when it has none (matches nothing stored). */
export function presentedBrowserHash(request: FastifyRequest): string {
  const browserId = request.cookies[THIRD_PARTY_BROWSER_COOKIE];
  return browserId ? hashOf(browserId) : '';
}

/** The browser's id hash, giving it an id first when it has none; the cookie lasts as long as a claim. */
export function ensureBrowserHash(request: FastifyRequest, reply: FastifyReply): string {
  const browserId = request.cookies[THIRD_PARTY_BROWSER_COOKIE] ?? randomBytes(32).toString('base64url');
  reply.setCookie(THIRD_PARTY_BROWSER_COOKIE, browserId, {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider brings the browser back with a top-level GET, which carries it.
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: CLAIM_LIFETIME_MS / 1000,
  });
  return hashOf(browserId);
}
