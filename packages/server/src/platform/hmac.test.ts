import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256 } from './hmac';

const reference = (key: string | Buffer, message: string) =>
  createHmac('sha256', key).update(message).digest('base64url');

describe('hmacSha256', () => {
  it.each([
    ['an empty key', ''],
    ['a short key', 'secret'],
    ['a key of exactly one block', 'k'.repeat(64)],
    ['a key longer than a block (hashed first)', 'k'.repeat(65)],
    ['a long hexadecimal secret', randomBytes(96).toString('hex')],
  ])('answers what createHmac answers for %s', (_name, key) => {
    const sign = hmacSha256(key);
    for (const message of ['', 'xsrf-visitor:abc', 'xsrf:' + 'x'.repeat(500), '中文 ☃ \u0000 end'])
      expect(sign(message)).toBe(reference(key, message));
  });

  it('signs a message longer than any before it, and shorter ones after it, as createHmac does', () => {
    const sign = hmacSha256('secret');
    for (const message of ['short', 'y'.repeat(300), '中'.repeat(400), 'short again', ''])
      expect(sign(message)).toBe(reference('secret', message));
  });

  it('takes the key as bytes too, and signs again and again with the same answer', () => {
    const key = randomBytes(32);
    const sign = hmacSha256(key);
    expect(sign('a')).toBe(reference(key, 'a'));
    expect(sign('a')).toBe(sign('a'));
    expect(sign('a')).not.toBe(sign('b'));
  });
});
