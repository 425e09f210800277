// The behaviour every FileStore driver owes (file-store.ts), as one vitest suite each driver's test
// file runs against a real instance: local disk, or a real S3 server.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileTooLargeError, StoredFileNotFoundError, type FileStore } from './file-store';
import { patternSha1, patternStream } from './samples';

export type StoreHarness = {
  store: FileStore;
  /** Temporary bytes left behind (local `.tmp/` files, S3 `tmp/` objects). */
  temporaries(): Promise<string[]>;
  /** Every complete stored file, as driver-specific names. */
  storedFiles(): Promise<string[]>;
  /** Leaves a temporary as a crash mid-write would, last touched `ageMs` ago. */
  plantTemporary(ageMs: number): Promise<void>;
  /** A key of the right shape for the other driver (must be refused). */
  foreignKey: string;
  dispose(): Promise<void>;
};

const sha1Of = (bytes: Buffer): string => createHash('sha1').update(bytes).digest('hex');
const bytesOf = (text: string): Readable => Readable.from([Buffer.from(text)]);
const HOUR = 60 * 60 * 1000;

/** A pattern stream that counts how many bytes it handed out. */
function countingPattern(size: number): { stream: Readable; produced: () => number } {
  let produced = 0;
  const stream = patternStream(size);
  stream.on('data', (chunk: Buffer) => {
    produced += chunk.length;
  });
  stream.pause();
  return { stream, produced: () => produced };
}

/** Hands out a first chunk, then calls `drained` once it was taken, and never ends. */
function stallingSource(drained: () => void): Readable {
  let reads = 0;
  return new Readable({
    read() {
      reads += 1;
      if (reads === 1) this.push(Buffer.alloc(100_000, 7));
      else if (reads === 2) drained();
    },
  });
}

async function readAll(store: FileStore, storageKey: string, range?: { start: number; end: number }): Promise<Buffer> {
  return buffer(await store.read(storageKey, range));
}

export function describeFileStoreContract(
  driver: string,
  createHarness: () => Promise<StoreHarness>,
  bigFileBytes: number,
): void {
  describe(`${driver} file store`, () => {
    let harness: StoreHarness;
    let store: FileStore;

    beforeEach(async () => {
      harness = await createHarness();
      store = harness.store;
    });
    afterEach(async () => {
      await harness.dispose();
    });

    async function expectNothingLeft(): Promise<void> {
      expect(await harness.temporaries()).toEqual([]);
      expect(await harness.storedFiles()).toEqual([]);
    }

    it('stores bytes under their SHA-1 and reads them back', async () => {
      const content = Buffer.from('Tessera stores every file once. 中文\n');
      const stored = await store.write(Readable.from([content]), { maxBytes: 1000 });
      expect(stored).toMatchObject({ sha1: sha1Of(content), fileSize: content.length });
      expect(await store.exists(stored.storageKey)).toBe(true);
      expect(await readAll(store, stored.storageKey)).toEqual(content);
      expect(await harness.temporaries()).toEqual([]);
      expect(await harness.storedFiles()).toHaveLength(1);
    });

    it('stores an empty file', async () => {
      const stored = await store.write(Readable.from([]), { maxBytes: 10 });
      expect(stored).toMatchObject({ sha1: 'da39a3ee5e6b4b0d3255bfef95601890afd80709', fileSize: 0 });
      expect(await readAll(store, stored.storageKey)).toEqual(Buffer.alloc(0));
    });

    it(`streams a ${Math.round(bigFileBytes / 2 ** 20)} MiB file and hashes it on the way`, async () => {
      const stored = await store.write(patternStream(bigFileBytes), { maxBytes: bigFileBytes });
      expect(stored).toMatchObject({ sha1: patternSha1(bigFileBytes), fileSize: bigFileBytes });
      const copy = createHash('sha1');
      for await (const chunk of await store.read(stored.storageKey)) copy.update(chunk as Buffer);
      expect(copy.digest('hex')).toBe(stored.sha1);
    });

    it('keeps one file when the same bytes are written at the same time', async () => {
      const writes = Array.from({ length: 5 }, () =>
        store.write(bytesOf('same bytes, five uploads'), { maxBytes: 100 }),
      );
      const storageKeys = new Set((await Promise.all(writes)).map((file) => file.storageKey));
      expect(storageKeys.size).toBe(1);
      expect(await harness.storedFiles()).toHaveLength(1);
      expect(await harness.temporaries()).toEqual([]);
      const [storageKey = ''] = storageKeys;
      expect((await readAll(store, storageKey)).toString()).toBe('same bytes, five uploads');
    });

    it('stops a file over the limit as soon as the limit is passed and keeps nothing', async () => {
      const maxBytes = Math.max(1000, bigFileBytes / 2);
      const source = countingPattern(64 * 1024 * 1024);
      await expect(store.write(source.stream, { maxBytes })).rejects.toBeInstanceOf(FileTooLargeError);
      expect(source.produced()).toBeLessThan(maxBytes + 1024 * 1024);
      await expectNothingLeft();
    });

    it('accepts a file of exactly the limit', async () => {
      const stored = await store.write(bytesOf('12345'), { maxBytes: 5 });
      expect(stored.fileSize).toBe(5);
    });

    it('removes the temporary bytes when the caller aborts mid-write', async () => {
      const controller = new AbortController();
      const reason = new Error('client went away');
      const source = stallingSource(() => controller.abort(reason));
      await expect(store.write(source, { maxBytes: 10_000_000, signal: controller.signal })).rejects.toBe(reason);
      expect(source.destroyed).toBe(true);
      await expectNothingLeft();
    });

    it('refuses to start with a signal that is already aborted', async () => {
      const reason = new Error('cancelled before start');
      await expect(
        store.write(bytesOf('never stored'), { maxBytes: 100, signal: AbortSignal.abort(reason) }),
      ).rejects.toBe(reason);
      await expectNothingLeft();
    });

    it('passes on a broken source and keeps nothing', async () => {
      const source = stallingSource(() => source.destroy(new Error('connection reset')));
      await expect(store.write(source, { maxBytes: 10_000_000 })).rejects.toThrow('connection reset');
      await expectNothingLeft();
    });

    it('reads inclusive byte ranges, cutting an end past the file', async () => {
      const { storageKey } = await store.write(bytesOf('0123456789'), { maxBytes: 100 });
      expect((await readAll(store, storageKey, { start: 0, end: 0 })).toString()).toBe('0');
      expect((await readAll(store, storageKey, { start: 3, end: 6 })).toString()).toBe('3456');
      expect((await readAll(store, storageKey, { start: 8, end: 1000 })).toString()).toBe('89');
      await expect(store.read(storageKey, { start: 10, end: 12 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.read(storageKey, { start: 5, end: 4 })).rejects.toBeInstanceOf(RangeError);
      await expect(store.read(storageKey, { start: -1, end: 4 })).rejects.toBeInstanceOf(RangeError);
    });

    it('tells a missing file apart and removes files idempotently', async () => {
      const { storageKey } = await store.write(bytesOf('to be removed'), { maxBytes: 100 });
      await store.remove(storageKey);
      expect(await store.exists(storageKey)).toBe(false);
      await expect(store.read(storageKey)).rejects.toBeInstanceOf(StoredFileNotFoundError);
      await expect(store.remove(storageKey)).resolves.toBeUndefined();
    });

    it('refuses every key that is not exactly its own shape', async () => {
      const { storageKey } = await store.write(bytesOf('key shapes'), { maxBytes: 100 });
      const bad = [
        '../../etc/passwd',
        `${storageKey}/..`,
        `/${storageKey}`,
        storageKey.toUpperCase(),
        `../${storageKey}`,
        `${storageKey}.part`,
        '',
        harness.foreignKey,
      ];
      for (const key of bad) {
        await expect(store.read(key), key).rejects.toBeInstanceOf(TypeError);
        await expect(store.exists(key), key).rejects.toBeInstanceOf(TypeError);
        await expect(store.remove(key), key).rejects.toBeInstanceOf(TypeError);
      }
      expect(await store.exists(storageKey)).toBe(true);
    });

    it('sweeps temporary bytes older than the limit and nothing else', async () => {
      const { storageKey } = await store.write(bytesOf('a complete file'), { maxBytes: 100 });
      await harness.plantTemporary(2 * HOUR);
      await harness.plantTemporary(0);
      expect(await store.sweepTemporary(HOUR)).toBe(1);
      expect(await harness.temporaries()).toHaveLength(1);
      expect(await store.sweepTemporary(0)).toBe(1);
      expect(await harness.temporaries()).toEqual([]);
      expect(await store.exists(storageKey)).toBe(true);
    });
  });
}
