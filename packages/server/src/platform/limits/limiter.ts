// Limits counted in the database (ours; DOMAIN §3.8, issue 3), so they hold across instances: when
// a key's count reaches its limit within the window, the key is refused for a while, and the answer
// says how long to wait. Login counts failures, registration counts accounts created.
import { ErrCode } from '@tessera/domain';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { AttemptCounterRepo } from './counters';

export type AttemptLimit = { maxAttempts: number; windowMs: number; blockMs: number };

export class AttemptLimiter {
  readonly #counters: AttemptCounterRepo;
  readonly #clock: Clock;
  /** The errCode 2 message while blocked; gets `{seconds}`. */
  readonly #blockedMessageKey: string;

  constructor(counters: AttemptCounterRepo, clock: Clock, blockedMessageKey: string) {
    this.#counters = counters;
    this.#clock = clock;
    this.#blockedMessageKey = blockedMessageKey;
  }

  /** errCode 2 with `{retryAfterSeconds}` while any of the keys is blocked. */
  async assertNotBlocked(keys: readonly string[]): Promise<void> {
    const now = this.#clock.now().getTime();
    const rows = await this.#counters.findMany(keys);
    const blockedUntil = Math.max(0, ...rows.map((row) => (row.blockedUntil ? Date.parse(row.blockedUntil) : 0)));
    if (blockedUntil <= now) return;
    const retryAfterSeconds = Math.ceil((blockedUntil - now) / 1000);
    throw new AppError(
      ErrCode.Business,
      this.#blockedMessageKey,
      { retryAfterSeconds },
      { seconds: retryAfterSeconds },
    );
  }

  /** Counts one attempt; the one that reaches the limit blocks the key. */
  async record(key: string, limit: AttemptLimit): Promise<void> {
    const now = this.#clock.now();
    const count = await this.#counters.addAttempt(
      key,
      now.toISOString(),
      new Date(now.getTime() - limit.windowMs).toISOString(),
    );
    if (count >= limit.maxAttempts)
      await this.#counters.block(key, new Date(now.getTime() + limit.blockMs).toISOString());
  }

  /** Starts the count of a key over. */
  async reset(key: string): Promise<void> {
    await this.#counters.clear(key);
  }
}
