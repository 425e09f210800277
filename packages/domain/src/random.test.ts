import { afterEach, describe, expect, it, vi } from 'vitest';
import { RANDOM_CODE_ALPHABET, randomCode } from './random';

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes getRandomValues hand out `values` in order, one per array slot, zeros afterwards. */
function feedRandomValues(values: number[]): void {
  const queue = [...values];
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
    if (array instanceof Uint32Array) array.forEach((_, index) => (array[index] = queue.shift() ?? 0));
    return array;
  });
}

describe('randomCode', () => {
  it.each([
    [undefined, 5],
    [0, 0],
    [1, 1],
    [8, 8],
    [100, 100],
    [1000, 1000],
  ])('length %s gives %i characters', (length, expected) => {
    expect(randomCode(length)).toHaveLength(expected);
  });

  it('draws from letters and digits by default', () => {
    expect(RANDOM_CODE_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    expect(randomCode(500)).toMatch(/^[A-Za-z0-9]{500}$/);
  });

  it.each([
    ['0123456789', /^[0-9]{200}$/u],
    ['AB', /^[AB]{200}$/u],
    ['甲乙😀', /^[甲乙😀]{200}$/u],
  ])('draws only from the alphabet %s', (alphabet, pattern) => {
    const code = randomCode(200, alphabet);
    expect(code).toMatch(pattern);
    expect([...code]).toHaveLength(200);
  });

  it('uses every symbol of a small alphabet about equally often', () => {
    const counts = new Map<string, number>();
    for (const symbol of randomCode(3000, 'xyz')) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(['x', 'y', 'z']);
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
  });

  it('gives different codes on different calls', () => {
    expect(randomCode(16)).not.toBe(randomCode(16));
  });

  it('maps draws onto the alphabet by remainder', () => {
    feedRandomValues([0, 1, 2, 3, 5]);
    expect(randomCode(5, 'abc')).toBe('abcac');
  });

  it('throws away draws that would bias the remainder', () => {
    // 2^32 leaves remainder 1 when divided by 3, so only the top value 2^32 - 1 must be skipped;
    // 2^32 - 2 is kept (remainder 2).
    feedRandomValues([2 ** 32 - 1, 2 ** 32 - 2, 2 ** 32 - 1, 4]);
    expect(randomCode(2, 'abc')).toBe('cb');
  });

  it('keeps drawing batches until the code is complete', () => {
    feedRandomValues(Array.from({ length: 64 }, () => 2 ** 32 - 1).concat([2]));
    expect(randomCode(1, 'abc')).toBe('c');
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the length %s', (length) => {
    expect(() => randomCode(length)).toThrow(RangeError);
  });

  it('refuses an empty alphabet', () => {
    expect(() => randomCode(5, '')).toThrow(RangeError);
  });
});
