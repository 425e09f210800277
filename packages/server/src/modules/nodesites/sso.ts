// Single sign-on for node sites (issue 14, point 3). The platform's session cookie stays host-only on
// the platform: no node site (and no theme) ever receives or reads it. Instead:
//   1. a node page without a site session sends the browser to the platform's authorize call with a
//      challenge (SHA-256 of a verifier it keeps in an httpOnly cookie on its own host);
//   2. the platform, when the browser is signed in there, issues a code bound to that node's site (and
//      to formal or test), to the challenge and to the platform session, good once within a minute;
//   3. the site's callback takes the code (deleted as it is read, whatever follows), checks site,
//      verifier, expiry and that the platform session still lives, and opens a site session: an
//      httpOnly, host-only, SameSite=Lax cookie on the node's host, valid there only.
// A site session lasts at most 12 hours and ends with the platform session it came from (sign-out,
// password change, freezing): every request checks that session again.
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { hashSessionId, type RequestSession, type SessionLookup } from '../../platform/session';
import type { NodeSiteRepo } from './repo';

export const CODE_LIFETIME_MS = 60_000;
export const SITE_SESSION_LIFETIME_MS = 12 * 3600_000;

/** One site: a node's formal site or its test-node site. */
export type SiteKey = { nodeDomain: string; test: boolean };

const random256 = (): string => randomBytes(32).toString('base64url');
const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The challenge of a verifier: base64url SHA-256 (as PKCE's S256). */
export function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export function newVerifier(): string {
  return random256();
}

export type CodeRequest = {
  site: SiteKey;
  userId: number;
  /** The raw platform session id the browser is signed in with. */
  platformSessionId: string;
  challenge: string;
  returnPath: string;
};

export type Exchange = { sessionId: string; returnPath: string };

export class NodeSiteSso {
  readonly #repo: NodeSiteRepo;
  readonly #clock: Clock;
  readonly #lookupPlatformSession: SessionLookup;

  constructor(repo: NodeSiteRepo, clock: Clock, lookupPlatformSession: SessionLookup) {
    this.#repo = repo;
    this.#clock = clock;
    this.#lookupPlatformSession = lookupPlatformSession;
  }

  async issueCode(request: CodeRequest): Promise<string> {
    const code = random256();
    const now = this.#clock.now().getTime();
    await this.#repo.insertCode({
      codeHash: sha256Hex(code),
      nodeDomain: request.site.nodeDomain,
      testSite: request.site.test ? 1 : 0,
      userId: request.userId,
      platformSessionHash: hashSessionId(request.platformSessionId),
      challenge: request.challenge,
      returnPath: request.returnPath,
      createDate: new Date(now).toISOString(),
      expireDate: new Date(now + CODE_LIFETIME_MS).toISOString(),
    });
    return code;
  }

  /** The site session a code opens; null when the code is unknown, used, late, for another site or browser. */
  async exchange(code: string, verifier: string | undefined, site: SiteKey): Promise<Exchange | null> {
    // Taken first: a code presented anywhere, rightly or not, is spent.
    const row = await this.#repo.takeCode(sha256Hex(code));
    const now = this.#clock.now();
    if (!row || Date.parse(row.expireDate) <= now.getTime()) return null;
    if (row.nodeDomain !== site.nodeDomain || row.testSite !== (site.test ? 1 : 0)) return null;
    if (verifier === undefined || challengeOf(verifier) !== row.challenge) return null;
    const user = await this.#lookupPlatformSession(row.platformSessionHash);
    if (!user || user.userId !== row.userId) return null;
    const sessionId = random256();
    await this.#repo.insertSession({
      sessionHash: sha256Hex(sessionId),
      nodeDomain: row.nodeDomain,
      testSite: row.testSite,
      userId: row.userId,
      platformSessionHash: row.platformSessionHash,
      createDate: now.toISOString(),
      expireDate: new Date(now.getTime() + SITE_SESSION_LIFETIME_MS).toISOString(),
    });
    return { sessionId, returnPath: row.returnPath };
  }

  /** The session a site cookie carries on this site; null (and the row gone) once it or its platform session ended. */
  async sessionOf(sessionId: string, site: SiteKey): Promise<RequestSession | null> {
    const hash = sha256Hex(sessionId);
    const row = await this.#repo.findSession(hash);
    if (!row || row.nodeDomain !== site.nodeDomain || row.testSite !== (site.test ? 1 : 0)) return null;
    const user =
      Date.parse(row.expireDate) > this.#clock.now().getTime()
        ? await this.#lookupPlatformSession(row.platformSessionHash)
        : null;
    if (!user || user.userId !== row.userId) {
      await this.#repo.deleteSession(hash);
      return null;
    }
    return { sessionId, via: 'site', user };
  }

  async endSession(sessionId: string): Promise<void> {
    await this.#repo.deleteSession(sha256Hex(sessionId));
  }

  sweep(now: Date): Promise<number> {
    return this.#repo.sweep(now.toISOString());
  }
}
