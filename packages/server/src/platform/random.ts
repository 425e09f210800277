import { randomBytes } from 'node:crypto';

// Small random values are needed on every request (request ids, visitor anti-forgery tokens).
// Drawing them one by one from the system generator costs more than the rest of a simple request,
// so they are cut from a larger block of the same cryptographic randomness, each byte used once.
const BLOCK_SIZE = 4096;
let block = Buffer.alloc(0);
let offset = 0;

export function randomBytesFromPool(size: number): Buffer {
  if (offset + size > block.length) {
    // A fresh block rather than a refill: slices already handed out stay untouched.
    block = randomBytes(Math.max(BLOCK_SIZE, size));
    offset = 0;
  }
  const bytes = block.subarray(offset, offset + size);
  offset += size;
  return bytes;
}
