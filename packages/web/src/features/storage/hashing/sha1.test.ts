import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Sha1, sha1Hex } from './sha1';

const ascii = (text: string) => new TextEncoder().encode(text);
const nodeSha1 = (bytes: Uint8Array) => createHash('sha1').update(bytes).digest('hex');

/** Splits `bytes` at `cuts` random places (empty pieces included). */
function randomPieces(bytes: Uint8Array, cuts: number): Uint8Array[] {
  const points = Array.from({ length: cuts }, () => Math.floor(Math.random() * (bytes.length + 1))).sort(
    (a, b) => a - b,
  );
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    pieces.push(bytes.subarray(start, point));
    start = point;
  }
  return pieces;
}

describe('the incremental SHA-1', () => {
  it('gives the FIPS 180 test vectors', () => {
    expect(sha1Hex(new Uint8Array())).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex(ascii('abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
    expect(sha1Hex(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '84983e441c3bd26ebaae4aa1f95129e5e54670f1',
    );
  });

  it('gives the vector of one million "a", fed in pieces of 1000', () => {
    const thousand = ascii('a'.repeat(1000));
    const sha1 = new Sha1();
    for (let i = 0; i < 1000; i += 1) sha1.update(thousand);
    expect(sha1.hex()).toBe('34aa973cd4c4daa4f61eeb2bdbad27316534016f');
  });

  it('equals node:crypto for random data around the block and padding edges', () => {
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 129, 1000]) {
      const bytes = new Uint8Array(randomBytes(length));
      expect(sha1Hex(bytes), `length ${length}`).toBe(nodeSha1(bytes));
    }
  });

  it('equals node:crypto for random data cut into random pieces', () => {
    for (let round = 0; round < 20; round += 1) {
      const bytes = new Uint8Array(randomBytes(Math.floor(Math.random() * 5000)));
      const sha1 = new Sha1();
      for (const piece of randomPieces(bytes, 1 + Math.floor(Math.random() * 12))) sha1.update(piece);
      expect(sha1.hex()).toBe(nodeSha1(bytes));
    }
  });

  it('takes no input after the digest', () => {
    const sha1 = new Sha1().update(ascii('abc'));
    expect(sha1.hex()).toBe(sha1.hex());
    expect(() => sha1.update(ascii('d'))).toThrow();
  });
});
