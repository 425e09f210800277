// The bytes of one stored file as analysis reads them: whole-file streams for parsers, small ranges
// for headers. Every stream it opens is tracked so that a timed-out analysis can close them all, and
// a read that failed in the store is told apart from a parser that gave up on the content.
import type { Readable } from 'node:stream';
import type { ByteRange, FileStore } from './file-store';

export class AnalysisCancelledError extends Error {
  constructor() {
    super('Analysis cancelled');
    this.name = 'AnalysisCancelledError';
  }
}

export class StoredBytes {
  readonly fileSize: number;
  readonly #store: FileStore;
  readonly #storageKey: string;
  readonly #open = new Set<Readable>();
  readonly #readFailures = new WeakMap<Readable, Error>();
  #cancelled = false;

  constructor(store: FileStore, storageKey: string, fileSize: number) {
    this.#store = store;
    this.#storageKey = storageKey;
    this.fileSize = fileSize;
  }

  /** A stream of the file (or a range); the caller destroys it when done. */
  async open(range?: ByteRange): Promise<Readable> {
    if (this.#cancelled) throw new AnalysisCancelledError();
    const stream = await this.#store.read(this.#storageKey, range);
    if (this.#cancelled) {
      stream.destroy();
      throw new AnalysisCancelledError();
    }
    this.#open.add(stream);
    stream.on('error', (error) => {
      if (!this.#cancelled) this.#readFailures.set(stream, error);
    });
    stream.once('close', () => this.#open.delete(stream));
    return stream;
  }

  /** Up to `length` bytes from `start` (fewer near the end of the file). */
  async bytes(start: number, length: number): Promise<Buffer> {
    const end = Math.min(start + length, this.fileSize) - 1;
    if (end < start) return Buffer.alloc(0);
    const stream = await this.open({ start, end });
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } finally {
      stream.destroy();
    }
    return Buffer.concat(chunks);
  }

  /**
   * After a parser of `stream` failed: the store's own error if reading failed (that is not the
   * content's fault and must not fail the file), else nothing.
   */
  rethrowReadFailure(stream: Readable): void {
    if (this.#cancelled) throw new AnalysisCancelledError();
    const failure = this.#readFailures.get(stream);
    if (failure) throw failure;
  }

  /** Closes every open stream and refuses new reads. */
  cancel(): void {
    this.#cancelled = true;
    for (const stream of this.#open) stream.destroy();
    this.#open.clear();
  }
}
