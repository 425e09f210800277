/**
 * A map that holds at most `max` entries: adding one more empties it first. For what a request would
 * otherwise work out again (a session id's hash, a Host's site, a prepared statement), where the keys
 * are often the caller's to choose. Emptying costs nothing per request, unlike tracking the oldest
 * entry, and the next requests fill the map again.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  readonly #max: number;

  constructor(max: number) {
    super();
    this.#max = max;
  }

  override set(key: K, value: V): this {
    if (this.size >= this.#max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
