// Market pages kept in memory while the market has not changed (issue 15: the first page and keyword
// searches at 100 000 resources). Each look-up first reads the market's generation (migration 0019:
// every write to resources, their tags and bindings changes it, in the writer's transaction, whichever
// instance or tool writes), then computes a missing or older page under that generation. A page read
// after the generation is at least as new as it, so a page kept under the current generation is exact.
// Callers that ask at once for the same missing page share one computation.

type Entry<T> = { generation: number; value: Promise<T> };

/** Pages kept; the least recently used goes first. */
export const MARKET_PAGES_KEPT = 200;

export class MarketPageCache<T> {
  readonly #generation: () => Promise<number>;
  readonly #capacity: number;
  readonly #entries = new Map<string, Entry<T>>();

  constructor(generation: () => Promise<number>, capacity = MARKET_PAGES_KEPT) {
    this.#generation = generation;
    this.#capacity = capacity;
  }

  async get(key: string, compute: () => Promise<T>): Promise<T> {
    const generation = await this.#generation();
    const kept = this.#entries.get(key);
    this.#entries.delete(key);
    if (kept?.generation === generation) {
      this.#entries.set(key, kept);
      return kept.value;
    }
    const entry: Entry<T> = { generation, value: compute() };
    this.#entries.set(key, entry);
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as string);
    // A failed computation is not kept: the next caller tries again.
    entry.value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    return entry.value;
  }
}
