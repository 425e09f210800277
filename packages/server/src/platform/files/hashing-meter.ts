// The pass-through every write streams through: it hashes and counts the bytes, and stops the
// stream with FileTooLargeError at the first chunk that goes past the limit.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLargeError } from './file-store';

export class HashingMeter extends Transform {
  readonly #hash = createHash('sha1');
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    super();
    this.#maxBytes = maxBytes;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Lowercase hex SHA-1 of everything that passed; call once, after the stream ended. */
  sha1(): string {
    return this.#hash.digest('hex');
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    this.#bytes += bytes.length;
    if (this.#bytes > this.#maxBytes) {
      callback(new FileTooLargeError(this.#maxBytes));
      return;
    }
    this.#hash.update(bytes);
    callback(null, bytes);
  }
}
