// Writes are streamed: a 64 MiB upload must not make the process hold anything like 64 MiB.
// (Peaks include garbage not yet collected, hence the generous bounds; a driver that kept the
// whole file would pass 64 MiB.)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FileStore } from './file-store';
import { parseS3Url } from './files-location';
import { LocalFileStore } from './local-store';
import { S3FileStore } from './s3-store';
import { startTestS3Server, type TestS3Server } from './s3-test-server';
import { patternSha1, patternStream } from './samples';

const MiB = 1024 * 1024;
const SIZE = 64 * MiB;
const expectedSha1 = patternSha1(SIZE);

/** Samples memory every few milliseconds while `work` runs; answers the largest growth seen. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; heldBytes: number; rss: number }> {
  const held = (usage: NodeJS.MemoryUsage): number => usage.heapUsed + usage.arrayBuffers;
  const start = process.memoryUsage();
  let peakHeld = held(start);
  let peakRss = start.rss;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peakHeld = Math.max(peakHeld, held(usage));
    peakRss = Math.max(peakRss, usage.rss);
  }, 5);
  try {
    const result = await work();
    return { result, heldBytes: peakHeld - held(start), rss: peakRss - start.rss };
  } finally {
    clearInterval(sampler);
  }
}

async function writeMeasured(store: FileStore) {
  const measured = await peakGrowth(() => store.write(patternStream(SIZE), { maxBytes: SIZE }));
  expect(measured.result).toMatchObject({ sha1: expectedSha1, fileSize: SIZE });
  return measured;
}

let root: string;
let s3: TestS3Server;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'tessera-files-memory-'));
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3.stop();
});

it('writes 64 MiB to the local disk with bounded memory and the right SHA-1', async () => {
  const { heldBytes, rss } = await writeMeasured(new LocalFileStore(root));
  expect(heldBytes).toBeLessThan(48 * MiB);
  expect(rss).toBeLessThan(48 * MiB);
});

it('writes 64 MiB to S3 with bounded memory (two 5 MiB parts in flight) and the right SHA-1', async () => {
  const store = new S3FileStore(parseS3Url(s3.filesUrl()));
  try {
    const { heldBytes } = await writeMeasured(store);
    expect(heldBytes).toBeLessThan(60 * MiB);
  } finally {
    await store.close();
  }
});
