import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DigestAborted, hashFile } from './hash-file';

const nodeSha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

describe('hashing a file', () => {
  it('uses Web Crypto for a small file', async () => {
    const bytes = new Uint8Array(randomBytes(3000));
    const percents: number[] = [];
    expect(await hashFile(new File([bytes], 'small.bin'), { onPercent: (percent) => percents.push(percent) })).toBe(
      nodeSha1(bytes),
    );
    expect(percents).toEqual([100]);
  });

  it('hashes a larger file slice by slice with progress (no worker in jsdom: on the page)', async () => {
    const bytes = new Uint8Array(randomBytes(10_000));
    const percents: number[] = [];
    const sha1 = await hashFile(new File([bytes], 'large.bin'), {
      webCryptoMaxBytes: 0,
      chunkBytes: 4096,
      onPercent: (percent) => percents.push(percent),
    });
    expect(sha1).toBe(nodeSha1(bytes));
    expect(percents).toEqual([40, 81, 100]);
  });

  it('hashes an empty file', async () => {
    expect(await hashFile(new File([], 'empty.txt'), { webCryptoMaxBytes: 0 })).toBe(
      'da39a3ee5e6b4b0d3255bfef95601890afd80709',
    );
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const hashing = hashFile(new File([new Uint8Array(10_000)], 'large.bin'), {
      webCryptoMaxBytes: 0,
      chunkBytes: 1000,
      signal: controller.signal,
      onPercent: (percent) => {
        if (percent >= 30) controller.abort();
      },
    });
    await expect(hashing).rejects.toBeInstanceOf(DigestAborted);
  });
});
