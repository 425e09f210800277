// Heavy reads (a keyword page, a count over many rows) must not take every core from the requests that
// cost nothing (issue 15, goal 1). On the embedded database they run on the reader threads, as many at
// once as there are readers. On PostgreSQL the queries are asynchronous already, but ten keyword
// searches at once are ten backends scanning on the server's cores: a cheap request then waits for the
// operating system to give its process a turn. So at most `POSTGRES_HEAVY_READS` of them run at once;
// the others wait their turn in this process, where waiting costs nothing.
import type { CompiledQuery } from 'kysely';
import { defaultReaderCount } from './sqlite-readers';
import { sqliteReadersOf } from './sqlite';

/** The most `POSTGRES_HEAVY_READS` may ask for. */
export const MAX_POSTGRES_HEAVY_READS = 64;

/** Unless told: as many as the embedded database has readers (PostgreSQL on this machine's cores). */
export const defaultPostgresHeavyReads = defaultReaderCount;

/** At most `limit` tasks at once; the others start in the order they came as earlier ones end. */
export class ConcurrencyLimit {
  readonly #limit: number;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit must be 1 or more: ${limit}`);
    this.#limit = limit;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#limit) await new Promise<void>((resolve) => this.#queue.push(resolve));
    else this.#running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot take it in between.
      const next = this.#queue.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

const limitsOf = new WeakMap<object, ConcurrencyLimit>();

/** Bounds the heavy reads made through `db` (a PostgreSQL database opened by openPostgres). */
export function limitHeavyReads(db: object, limit: number): void {
  limitsOf.set(db, new ConcurrencyLimit(limit));
}

export const heavyReadLimitOf = (db: object): ConcurrencyLimit | undefined => limitsOf.get(db);

export type HeavyRead<Row> = { compile(): CompiledQuery<Row>; execute(): Promise<Row[]> };

/**
 * A read that may take milliseconds: on the embedded database's reader threads when it has them; on
 * PostgreSQL within the heavy-read limit; else (a transaction, readers turned off) where any other
 * query runs. A transaction never waits for the limit: it holds a pooled connection, and the reads
 * ahead of it may need one.
 */
export function heavyRead<Row>(db: object, query: HeavyRead<Row>): Promise<Row[]> {
  const readers = sqliteReadersOf(db);
  if (readers) return readers.all(query.compile());
  const limit = limitsOf.get(db);
  return limit ? limit.run(() => query.execute()) : query.execute();
}
