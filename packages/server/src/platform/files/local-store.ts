// Files on the local disk under `root`: a write streams into `root/.tmp/` while it is hashed, is
// flushed to disk, and only then renamed to `root/ab/cd/abcd…` (its SHA-1), so a cut upload or a
// crash leaves at most a temporary file, never a partial file under a real key.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore, StoredFile, WriteOptions } from './file-store';
import { StoredFileNotFoundError } from './file-store';
import { HashingMeter } from './hashing-meter';
import { assertByteRange, assertStorageKey, unsatisfiableRange, writeFailure } from './store-support';

/** `ab/cd/abcd…`: the two folders must be the first four digits of the SHA-1 that follows. */
const KEY_SHAPE = /^([0-9a-f]{2})\/([0-9a-f]{2})\/\1\2[0-9a-f]{36}$/;
export const LOCAL_TEMP_FOLDER = '.tmp';

export function localStorageKey(sha1: string): string {
  return `${sha1.slice(0, 2)}/${sha1.slice(2, 4)}/${sha1}`;
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

async function removeIfPresent(path: string): Promise<boolean> {
  try {
    await unlink(path);
    return true;
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return false;
    throw error;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return false;
    throw error;
  }
}

/** Makes a rename inside `directory` survive a power cut. Best effort: some systems cannot open folders. */
async function syncDirectory(directory: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(directory, 'r');
    await handle.sync();
  } catch {
    // The rename itself succeeded; only its durability across a power cut is left to the system.
  } finally {
    await handle?.close();
  }
}

/** Streams `source` through `meter` into a new file at `path`, flushed to disk (fsync) before it closes. */
async function writeFlushed(
  path: string,
  source: Readable,
  meter: HashingMeter,
  signal: AbortSignal | undefined,
): Promise<void> {
  await pipeline(source, meter, createWriteStream(path, { flags: 'wx', flush: true }), { signal });
}

export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  async write(source: Readable, { maxBytes, signal }: WriteOptions): Promise<StoredFile> {
    const tempFolder = join(this.root, LOCAL_TEMP_FOLDER);
    await mkdir(tempFolder, { recursive: true });
    const tempPath = join(tempFolder, `${randomUUID()}.part`);
    const meter = new HashingMeter(maxBytes);
    try {
      await writeFlushed(tempPath, source, meter, signal);
      const sha1 = meter.sha1();
      const storageKey = localStorageKey(sha1);
      await this.#settle(tempPath, this.#pathOf(storageKey));
      return { sha1, fileSize: meter.bytes, storageKey };
    } catch (error) {
      await removeIfPresent(tempPath);
      throw writeFailure(error, signal);
    }
  }

  async read(storageKey: string, range?: ByteRange): Promise<Readable> {
    const path = this.#pathOf(storageKey);
    if (range) assertByteRange(range);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (hasCode(error, 'ENOENT')) throw new StoredFileNotFoundError(storageKey);
      throw error;
    }
    try {
      if (!range) return handle.createReadStream();
      const { size } = await handle.stat();
      if (range.start >= size) throw unsatisfiableRange(range, size);
      return handle.createReadStream({ start: range.start, end: range.end });
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async exists(storageKey: string): Promise<boolean> {
    return isFile(this.#pathOf(storageKey));
  }

  async remove(storageKey: string): Promise<void> {
    await removeIfPresent(this.#pathOf(storageKey));
  }

  async sweepTemporary(olderThanMs: number): Promise<number> {
    const tempFolder = join(this.root, LOCAL_TEMP_FOLDER);
    let names: string[];
    try {
      names = await readdir(tempFolder);
    } catch (error) {
      if (hasCode(error, 'ENOENT')) return 0;
      throw error;
    }
    const cutoff = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of names) {
      const path = join(tempFolder, name);
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile() && info.mtimeMs <= cutoff && (await removeIfPresent(path))) removed += 1;
    }
    return removed;
  }

  async close(): Promise<void> {}

  /** Moves a complete temporary file to its key; the same bytes already stored make it redundant. */
  async #settle(tempPath: string, finalPath: string): Promise<void> {
    if (await isFile(finalPath)) {
      await removeIfPresent(tempPath);
      return;
    }
    await mkdir(dirname(finalPath), { recursive: true });
    // Two writers of the same bytes may both get here: rename replaces atomically with equal content.
    await rename(tempPath, finalPath);
    await syncDirectory(dirname(finalPath));
  }

  #pathOf(storageKey: string): string {
    assertStorageKey(storageKey, KEY_SHAPE, 'local');
    return join(this.root, storageKey);
  }
}
