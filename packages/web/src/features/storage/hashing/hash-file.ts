import { DIGEST_CHUNK_BYTES, DigestAborted, digestInSlices, readBytes } from './file-digest';
import type { WorkerReply, WorkerRequest } from './worker-messages';

// SPEC §9: files are identified by SHA-1. Small files go to Web Crypto in one piece (fast, native);
// larger ones to our incremental SHA-1 in a worker, slice by slice, with progress.

/** Up to this size a file is read whole and digested by Web Crypto. */
export const WEB_CRYPTO_MAX_BYTES = 32 * 1024 * 1024;

export interface HashOptions {
  signal?: AbortSignal;
  /** 0–100. */
  onPercent?: (percent: number) => void;
  webCryptoMaxBytes?: number;
  chunkBytes?: number;
}

export { DigestAborted };

export async function hashFile(
  file: Blob,
  { signal, onPercent, webCryptoMaxBytes = WEB_CRYPTO_MAX_BYTES, chunkBytes = DIGEST_CHUNK_BYTES }: HashOptions = {},
): Promise<string> {
  const report = (hashedBytes: number) =>
    onPercent?.(file.size === 0 ? 100 : Math.floor((hashedBytes / file.size) * 100));
  // Web Crypto exists only in secure contexts (https, localhost).
  const subtle = globalThis.crypto?.subtle;
  if (file.size <= webCryptoMaxBytes && subtle) {
    const bytes = await readBytes(file);
    if (signal?.aborted) throw new DigestAborted();
    // A view, not the buffer itself: under jsdom the buffer comes from another realm.
    const digest = await subtle.digest('SHA-1', new Uint8Array(bytes));
    if (signal?.aborted) throw new DigestAborted();
    report(file.size);
    return toHex(new Uint8Array(digest));
  }
  const worker = startWorker();
  if (worker) return digestInWorker(worker, file, { signal, chunkBytes, onProgress: report });
  // No worker possible (an old engine, a strict content policy): slices on the page itself, which
  // still lets the page breathe between reads.
  return digestInSlices(file, { signal, chunkBytes, onProgress: report });
}

function startWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  try {
    return new Worker(new URL('./sha1-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

function digestInWorker(
  worker: Worker,
  blob: Blob,
  {
    signal,
    chunkBytes,
    onProgress,
  }: { signal?: AbortSignal; chunkBytes: number; onProgress: (hashedBytes: number) => void },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      signal?.removeEventListener('abort', cancel);
    };
    const cancel = () => {
      stop();
      reject(new DigestAborted());
    };
    if (signal?.aborted) return cancel();
    signal?.addEventListener('abort', cancel);
    worker.addEventListener('message', (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if (reply.type === 'progress') return onProgress(reply.hashedBytes);
      stop();
      if (reply.type === 'done') resolve(reply.sha1);
      else reject(new Error(reply.message));
    });
    worker.addEventListener('error', (event) => {
      stop();
      reject(new Error(event.message || 'the hashing worker failed'));
    });
    const request: WorkerRequest = { blob, chunkBytes };
    worker.postMessage(request);
  });
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
