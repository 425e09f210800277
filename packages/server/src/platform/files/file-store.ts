// Where file bytes live. Files are content-addressed: a write streams the bytes to a temporary
// place while hashing them, and only a complete, hashed file is moved to its SHA-1 key, so a cut
// connection or a crash never leaves a half file under a real key. Two drivers implement this:
// the local file system (default) and S3-compatible storage.
import type { Readable } from 'node:stream';

export type StoredFile = {
  /** Lowercase hex SHA-1 of the bytes, computed while they streamed in. */
  sha1: string;
  fileSize: number;
  /** The driver's key for the bytes (kept in files.storageKey). */
  storageKey: string;
};

export type WriteOptions = {
  /** The write fails with FileTooLargeError as soon as more bytes than this arrive. */
  maxBytes: number;
  /** Aborting removes the temporary bytes and rejects with the abort reason. */
  signal?: AbortSignal;
};

/** Inclusive byte range, as in an HTTP Range header. */
export type ByteRange = { start: number; end: number };

/** Every method given a storage key not of the driver's exact shape rejects with TypeError. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Streams `source` into storage; resolves once the file is complete under its SHA-1 key. */
  write(source: Readable, options: WriteOptions): Promise<StoredFile>;
  /**
   * The bytes (or a range of them) of a stored file. A missing file rejects with
   * StoredFileNotFoundError; a range that starts past the end (or is not a range) with RangeError;
   * an end past the last byte is cut to it.
   */
  read(storageKey: string, range?: ByteRange): Promise<Readable>;
  exists(storageKey: string): Promise<boolean>;
  /** Removes a stored file; a missing one is not an error. */
  remove(storageKey: string): Promise<void>;
  /** Removes temporary bytes left by writes that never finished (e.g. a crash), older than `olderThanMs`. */
  sweepTemporary(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
}

export class FileTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = 'FileTooLargeError';
    this.maxBytes = maxBytes;
  }
}

/** A read of a storage key under which nothing is stored. */
export class StoredFileNotFoundError extends Error {
  readonly storageKey: string;

  constructor(storageKey: string) {
    super(`No stored file under '${storageKey}'`);
    this.name = 'StoredFileNotFoundError';
    this.storageKey = storageKey;
  }
}
