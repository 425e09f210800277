// The published activities, kept in memory for a few seconds. Every visitor of the home and
// activities pages asks for them, and they change a few times a month; reading them once per
// interval instead of once per request lets one instance serve many times more visitors.
// Changes made through this instance's service are seen at once; changes made elsewhere (the
// operator CLI, another instance) within CACHE_TTL_MS.
import { performance } from 'node:perf_hooks';
import type { ActivityRow } from './repo';

export const CACHE_TTL_MS = 3000;

export type PublishedActivities = { rows: readonly ActivityRow[]; byId: ReadonlyMap<string, ActivityRow> };

export type CacheOptions = { ttlMs?: number; /** Milliseconds of a monotonic clock. */ now?: () => number };

export class PublishedActivitiesCache {
  readonly #load: () => Promise<ActivityRow[]>;
  readonly #ttlMs: number;
  readonly #now: () => number;
  #current: { value: PublishedActivities; loadedAt: number } | null = null;
  #loading: Promise<PublishedActivities> | null = null;
  /** Bumped by invalidate(), so a load that started before a change is not kept. */
  #generation = 0;

  constructor(
    load: () => Promise<ActivityRow[]>,
    { ttlMs = CACHE_TTL_MS, now = () => performance.now() }: CacheOptions = {},
  ) {
    this.#load = load;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(): Promise<PublishedActivities> {
    const held = this.peek();
    if (held) return Promise.resolve(held);
    this.#loading ??= this.#refresh();
    return this.#loading;
  }

  /** The rows when they are held and fresh, without waiting; undefined when get() would load them. */
  peek(): PublishedActivities | undefined {
    return this.#current && this.#now() - this.#current.loadedAt < this.#ttlMs ? this.#current.value : undefined;
  }

  invalidate(): void {
    this.#generation += 1;
    this.#current = null;
    this.#loading = null;
  }

  async #refresh(): Promise<PublishedActivities> {
    const generation = this.#generation;
    try {
      const rows = await this.#load();
      const value = { rows, byId: new Map(rows.map((row) => [row._id, row])) };
      if (generation === this.#generation) this.#current = { value, loadedAt: this.#now() };
      return value;
    } finally {
      if (generation === this.#generation) this.#loading = null;
    }
  }
}
