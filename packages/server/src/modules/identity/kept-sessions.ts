// Sessions read lately, kept for a second (issue 15, goal 3). Every signed-in request looks its
// session up; a page's burst of calls, or a client polling, would each run the same statement, and a
// statement costs more than the rest of a small request. Every write to the identity tables made
// in this process (users, details, sessions, by any repo on the same database) drops what was kept,
// so logout, a changed password, a freeze or an edited profile count at once here; a write made
// elsewhere (another instance, the operator CLI) counts within KEPT_SESSION_MS.
import { performance } from 'node:perf_hooks';
import { BoundedMap } from '../../platform/bounded-map';

export const KEPT_SESSION_MS = 1000;
const KEPT_SESSIONS = 10_000;

/** What a lookup found: the session, and its user's profile when that was asked for. */
export type SessionFinding = { session: { lastSeenDate: string }; profile?: unknown };

type Kept<Found> = { found: Found; readAt: number };

export type KeptSessionsOptions = { ttlMs?: number; /** Milliseconds of a monotonic clock. */ now?: () => number };

export class KeptSessions<Found extends SessionFinding = SessionFinding> {
  readonly #entries = new BoundedMap<string, Kept<Found>>(KEPT_SESSIONS);
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Bumped by every write: a read that was under way when one came is not kept. */
  #generation = 0;

  constructor({ ttlMs = KEPT_SESSION_MS, now = () => performance.now() }: KeptSessionsOptions = {}) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /**
   * The session of `sessionHash` as kept, or as `load` reads it (with the profile when asked);
   * unknown sessions are never kept, so a session made a moment ago is found at once.
   */
  async read(
    sessionHash: string,
    withProfile: boolean,
    load: () => Promise<Found | undefined>,
  ): Promise<Found | undefined> {
    const kept = this.#entries.get(sessionHash);
    const now = this.#now();
    if (kept !== undefined && now - kept.readAt < this.#ttlMs && (!withProfile || kept.found.profile !== undefined))
      return kept.found;
    const generation = this.#generation;
    const found = await load();
    if (found !== undefined && generation === this.#generation) {
      this.#entries.set(sessionHash, { found, readAt: now });
    }
    return found;
  }

  /** The session was seen again: only its lastSeenDate changed, so nothing else is dropped. */
  touched(sessionHash: string, lastSeenDate: string): void {
    const kept = this.#entries.get(sessionHash);
    if (kept === undefined) return;
    const session = { ...kept.found.session, lastSeenDate };
    this.#entries.set(sessionHash, { ...kept, found: { ...kept.found, session } });
  }

  /** A user, a detail or a session was written (or a transaction that may have written them ended). */
  changed(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}

const keptByDatabase = new WeakMap<object, KeptSessions>();

/** One set per database: the repos made on it (the service's, the accounts', a transaction's) share it. */
export function keptSessionsOf<Found extends SessionFinding>(db: object): KeptSessions<Found> {
  let kept = keptByDatabase.get(db);
  if (kept === undefined) {
    kept = new KeptSessions();
    keptByDatabase.set(db, kept);
  }
  // The identity repo is the one user, and it keeps one kind of finding.
  return kept as KeptSessions<Found>;
}
