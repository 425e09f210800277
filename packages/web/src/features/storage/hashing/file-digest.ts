import { Sha1 } from './sha1';

// Reading a file in slices and feeding them to the incremental SHA-1. Shared by the worker (large
// files) and by the page itself where no worker can be started.

/** 4 MiB per read: few enough reads to be quick, small enough to keep memory flat. */
export const DIGEST_CHUNK_BYTES = 4 * 1024 * 1024;

/** The bytes of a blob; FileReader where `Blob.arrayBuffer` is missing (older engines, jsdom). */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

export class DigestAborted extends Error {
  constructor() {
    super('hashing cancelled');
    this.name = 'DigestAborted';
  }
}

export interface DigestOptions {
  chunkBytes?: number;
  signal?: AbortSignal;
  /** Bytes hashed so far, after every slice. */
  onProgress?: (hashedBytes: number) => void;
}

/** SHA-1 of a blob read slice by slice; only one slice is in memory at a time. */
export async function digestInSlices(
  blob: Blob,
  { chunkBytes = DIGEST_CHUNK_BYTES, signal, onProgress }: DigestOptions = {},
): Promise<string> {
  const sha1 = new Sha1();
  for (let offset = 0; offset < blob.size; offset += chunkBytes) {
    if (signal?.aborted) throw new DigestAborted();
    const slice = await readBytes(blob.slice(offset, Math.min(blob.size, offset + chunkBytes)));
    sha1.update(new Uint8Array(slice));
    onProgress?.(Math.min(blob.size, offset + chunkBytes));
  }
  if (signal?.aborted) throw new DigestAborted();
  return sha1.hex();
}
