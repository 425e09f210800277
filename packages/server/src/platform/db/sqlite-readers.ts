// Reads off the event loop on the embedded default (issue 15, goal 1). better-sqlite3 runs a statement
// on the calling thread: a market keyword search of 10–30 ms stalls every other request behind it. The
// few expensive reads (keyword pages, uncached counts) go to worker threads that hold read-only
// connections to the same file instead; WAL lets them read while the main connection writes. Cheap
// reads stay where they are: posting a statement to a worker and its rows back costs more than they do.
//
// Consistency: a worker statement starts its own read snapshot when it runs, after every commit the
// main connection made before it was posted, so a read that follows a write sees it. Statements inside
// a transaction never come here (they hold the transaction's connection).
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/** The most readers `SQLITE_READERS` may ask for. */
export const MAX_SQLITE_READERS = 8;

/** How many readers unless `SQLITE_READERS` says: one core is left to the main thread; at most four. */
export function defaultReaderCount(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

// Plain JavaScript run with `eval`, so it needs no loader in development, tests or the compiled bundle.
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
for (const pragma of workerData.pragmas) db.pragma(pragma);
if (workerData.gate) {
  const gate = new Int32Array(workerData.gate);
  db.function('reader_gate', () => (Atomics.wait(gate, 0, 0), 1));
}
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

type Pending = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };
type Reader = { worker: Worker; pending: Map<number, Pending> };
type Answer = { id: number; rows?: unknown[]; error?: { message: string; code?: string } };

export class ReaderClosedError extends Error {
  constructor() {
    super('the SQLite readers were closed');
  }
}

/** Worker threads reading one SQLite file; started on first use, the least busy one takes a statement. */
export class SqliteReaders {
  readonly #file: string;
  readonly #count: number;
  readonly #pragmas: readonly string[];
  readonly #gate: SharedArrayBuffer | undefined;
  readonly #readers: Reader[] = [];
  #nextId = 1;
  #closed = false;

  #answered = 0;

  /**
   * `gate`, for tests only: the readers get a SQL function `reader_gate()` that waits until the
   * buffer's first Int32 is no longer 0, so a test can hold a statement on a reader as long as it likes.
   */
  constructor(file: string, count: number, pragmas: readonly string[], gate?: SharedArrayBuffer) {
    this.#file = file;
    this.#count = count;
    this.#pragmas = pragmas;
    this.#gate = gate;
  }

  /** Statements the workers have answered so far (how a caller can tell a read went to them). */
  get answered(): number {
    return this.#answered;
  }

  /** The statement's rows, read on a worker thread. */
  all<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    if (this.#closed) return Promise.reject(new ReaderClosedError());
    const reader = this.#leastBusy();
    const id = this.#nextId++;
    return new Promise<Row[]>((resolve, reject) => {
      reader.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      reader.worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  /** Stops the workers; statements still running fail with ReaderClosedError. */
  async close(): Promise<void> {
    this.#closed = true;
    const readers = this.#readers.splice(0);
    await Promise.all(readers.map((reader) => this.#stop(reader)));
  }

  #leastBusy(): Reader {
    if (this.#readers.length < this.#count) {
      const idle = this.#readers.find((reader) => reader.pending.size === 0);
      if (idle) return idle;
      return this.#start();
    }
    return this.#readers.reduce((best, reader) => (reader.pending.size < best.pending.size ? reader : best));
  }

  #start(): Reader {
    const worker = new Worker(READER_SOURCE, {
      eval: true,
      workerData: {
        driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.#file,
        pragmas: this.#pragmas,
        gate: this.#gate,
      },
    });
    // An idle reader must not keep the process alive.
    worker.unref();
    const reader: Reader = { worker, pending: new Map() };
    worker.on('message', (answer: Answer) => {
      const pending = reader.pending.get(answer.id);
      if (!pending) return;
      reader.pending.delete(answer.id);
      this.#answered += 1;
      if (answer.error) pending.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
      else pending.resolve(answer.rows ?? []);
    });
    const fail = (error: Error) => {
      const index = this.#readers.indexOf(reader);
      if (index >= 0) this.#readers.splice(index, 1);
      for (const pending of reader.pending.values()) pending.reject(error);
      reader.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new ReaderClosedError()));
    this.#readers.push(reader);
    return reader;
  }

  async #stop(reader: Reader): Promise<void> {
    for (const pending of reader.pending.values()) pending.reject(new ReaderClosedError());
    reader.pending.clear();
    await reader.worker.terminate();
  }
}
