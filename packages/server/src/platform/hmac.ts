// HMAC-SHA256 (RFC 2104) with the key's two padded blocks made once, each signature two one-shot
// hashes. A visitor's anti-forgery token is signed on every cookie-less API answer; `createHmac`
// makes a native object per call and keys it again each time, the one-shot hashes make none (issue 15,
// goal 3). hmac.test.ts checks it against createHmac.
import { hash } from 'node:crypto';

const BLOCK_BYTES = 64;
const INNER_PAD = 0x36;
const OUTER_PAD = 0x5c;

export type Signer = (message: string) => string;

/** A signer answering base64url(HMAC-SHA256(key, message)). */
export function hmacSha256(key: string | Buffer): Signer {
  const raw = typeof key === 'string' ? Buffer.from(key) : key;
  const block = Buffer.alloc(BLOCK_BYTES);
  (raw.length > BLOCK_BYTES ? hash('sha256', raw, 'buffer') : raw).copy(block);
  const inner = block.map((byte) => byte ^ INNER_PAD);
  const outer = block.map((byte) => byte ^ OUTER_PAD);
  return (message) => {
    const innerHash = hash('sha256', Buffer.concat([inner, Buffer.from(message)]), 'buffer');
    return hash('sha256', Buffer.concat([outer, innerHash]), 'base64url');
  };
}
