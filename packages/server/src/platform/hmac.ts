// HMAC-SHA256 (RFC 2104) with the key's two padded blocks made once, each signature two one-shot
// hashes. A visitor's anti-forgery token is signed on every cookie-less API answer; `createHmac`
// makes a native object per call and keys it again each time. The hashes read from two buffers made
// once, and the inner digest comes back as a 'binary' (latin1) string: a Buffer per call meant a
// malloc, a free and a sweep of its backing store, which a profile showed on every cookie-less answer
// (issue 15, goal 3). hmac.test.ts checks it against createHmac.
import { hash } from 'node:crypto';

const BLOCK_BYTES = 64;
const DIGEST_BYTES = 32;
const INNER_PAD = 0x36;
const OUTER_PAD = 0x5c;

export type Signer = (message: string) => string;

/** A signer answering base64url(HMAC-SHA256(key, message)). */
export function hmacSha256(key: string | Buffer): Signer {
  const raw = typeof key === 'string' ? Buffer.from(key) : key;
  const block = Buffer.alloc(BLOCK_BYTES);
  (raw.length > BLOCK_BYTES ? hash('sha256', raw, 'buffer') : raw).copy(block);
  // inner: the padded key, then the message; outer: the padded key, then the inner digest.
  let inner = Buffer.alloc(BLOCK_BYTES + 256);
  const outer = Buffer.alloc(BLOCK_BYTES + DIGEST_BYTES);
  for (let index = 0; index < BLOCK_BYTES; index += 1) {
    inner[index] = (block[index] ?? 0) ^ INNER_PAD;
    outer[index] = (block[index] ?? 0) ^ OUTER_PAD;
  }
  return (message) => {
    const length = Buffer.byteLength(message);
    if (BLOCK_BYTES + length > inner.length) {
      const larger = Buffer.alloc(BLOCK_BYTES + length);
      inner.copy(larger, 0, 0, BLOCK_BYTES);
      inner = larger;
    }
    inner.write(message, BLOCK_BYTES, 'utf8');
    const innerDigest = hash('sha256', inner.subarray(0, BLOCK_BYTES + length), 'binary');
    outer.write(innerDigest, BLOCK_BYTES, 'binary');
    return hash('sha256', outer, 'base64url');
  };
}
