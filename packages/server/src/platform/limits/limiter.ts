// Limits counted in the database (ours; DOMAIN §3.8, issue 3), so they hold across instances: when
// a key's count reaches its limit within the window, the key is refused for a while, and the answer
// says how long to wait. An attempt is taken before it is made (one conditional upsert), so parallel
// attempts never get past the limit; the caller gives it back when the rule says it does not count
// (login counts failures, registration counts accounts created).
import { ErrCode } from '@tessera/domain';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import type { AttemptCounterRepo } from './counters';

export type AttemptLimit = { maxAttempts: number; windowMs: number; blockMs: number };

/** One key and the limit it is counted under. */
export type LimitedKey = { key: string; limit: AttemptLimit };

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

  /**
   * Takes one attempt of each key, in order, before the attempt is made. errCode 2 with
   * `{retryAfterSeconds}` when a key is blocked or its attempts are used up (the attempts already
   * taken for the other keys are given back).
   */
  async take(attempts: readonly LimitedKey[]): Promise<void> {
    const taken: LimitedKey[] = [];
    for (const attempt of attempts) {
      const now = this.#clock.now();
      const { maxAttempts, windowMs, blockMs } = attempt.limit;
      const took = await this.#counters.take(attempt.key, {
        maxAttempts,
        now: now.toISOString(),
        staleBefore: new Date(now.getTime() - windowMs).toISOString(),
        blockUntil: new Date(now.getTime() + blockMs).toISOString(),
      });
      if (!took) {
        await this.giveBack(taken);
        throw await this.#blocked(attempt, now);
      }
      taken.push(attempt);
    }
  }

  /** Gives the attempts back: they do not count (a right password at the address, a registration that failed). */
  async giveBack(attempts: readonly LimitedKey[]): Promise<void> {
    for (const { key, limit } of attempts) await this.#counters.giveBack(key, limit.maxAttempts);
  }

  /** Starts the count of a key over. */
  async reset(key: string): Promise<void> {
    await this.#counters.clear(key);
  }

  async #blocked({ key, limit }: LimitedKey, now: Date): Promise<AppError> {
    const row = await this.#counters.find(key);
    const blockedUntil = row?.blockedUntil ? Date.parse(row.blockedUntil) : 0;
    const until = blockedUntil > now.getTime() ? blockedUntil : now.getTime() + limit.blockMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    return new AppError(
      ErrCode.Business,
      this.#blockedMessageKey,
      { retryAfterSeconds },
      { seconds: retryAfterSeconds },
    );
  }
}
