// Small rules both file-store drivers share.
import type { ByteRange } from './file-store';

/** The error a failed write reports: the abort reason when the caller aborted, else what went wrong. */
export function writeFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted ? signal.reason : error;
}

/** Refuses a range that is not one (the drivers cut an end past the file to its last byte). */
export function assertByteRange({ start, end }: ByteRange): void {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`Invalid byte range ${start}-${end}`);
  }
}

export function unsatisfiableRange({ start }: ByteRange, fileSize?: number): RangeError {
  const file = fileSize === undefined ? 'the file' : `a ${fileSize}-byte file`;
  return new RangeError(`Byte range starting at ${start} is past the end of ${file}`);
}

/** Checks a storage key against the driver's one shape, so a key can never point elsewhere. */
export function assertStorageKey(storageKey: string, shape: RegExp, driver: string): void {
  if (typeof storageKey !== 'string' || !shape.test(storageKey)) {
    throw new TypeError(`Not a ${driver} storage key: ${JSON.stringify(storageKey)}`);
  }
}
