// SHA-1 (FIPS 180-4) that takes its input piece by piece. Web Crypto only digests a whole buffer at
// once, which for a 1 GB video means holding 1 GB in memory; this one keeps 64 bytes of state and
// lets a worker feed it file slices as they are read.

const BLOCK_BYTES = 64;

export class Sha1 {
  readonly #state = new Int32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
  readonly #words = new Int32Array(80);
  /** Bytes of an unfinished block, waiting for the next update. */
  readonly #pending = new Uint8Array(BLOCK_BYTES);
  #pendingLength = 0;
  #totalBytes = 0;
  #finished = false;

  update(bytes: Uint8Array): this {
    if (this.#finished) throw new Error('SHA-1 already finished');
    this.#totalBytes += bytes.length;
    let offset = 0;
    if (this.#pendingLength > 0) {
      const taken = Math.min(BLOCK_BYTES - this.#pendingLength, bytes.length);
      this.#pending.set(bytes.subarray(0, taken), this.#pendingLength);
      this.#pendingLength += taken;
      offset = taken;
      if (this.#pendingLength < BLOCK_BYTES) return this;
      this.#compress(this.#pending, 0);
      this.#pendingLength = 0;
    }
    for (; offset + BLOCK_BYTES <= bytes.length; offset += BLOCK_BYTES) this.#compress(bytes, offset);
    this.#pending.set(bytes.subarray(offset), 0);
    this.#pendingLength = bytes.length - offset;
    return this;
  }

  /** The digest as 40 lowercase hex digits; the hash takes no more input afterwards. */
  hex(): string {
    if (!this.#finished) this.#finish();
    return Array.from(this.#state, (word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
  }

  #finish(): void {
    const bitLength = this.#totalBytes * 8;
    // 0x80, zeros up to 56 mod 64, then the length in bits as a 64-bit big-endian number.
    const padLength = (this.#pendingLength < 56 ? 56 : 120) - this.#pendingLength;
    const tail = new Uint8Array(padLength + 8);
    tail[0] = 0x80;
    const view = new DataView(tail.buffer);
    view.setUint32(padLength, Math.floor(bitLength / 2 ** 32));
    view.setUint32(padLength + 4, bitLength >>> 0);
    const total = this.#totalBytes;
    this.update(tail);
    this.#totalBytes = total;
    this.#finished = true;
  }

  #compress(block: Uint8Array, offset: number): void {
    const w = this.#words;
    for (let i = 0; i < 16; i += 1) {
      const at = offset + i * 4;
      w[i] =
        ((block[at] ?? 0) << 24) | ((block[at + 1] ?? 0) << 16) | ((block[at + 2] ?? 0) << 8) | (block[at + 3] ?? 0);
    }
    for (let i = 16; i < 80; i += 1) {
      const x = (w[i - 3] ?? 0) ^ (w[i - 8] ?? 0) ^ (w[i - 14] ?? 0) ^ (w[i - 16] ?? 0);
      w[i] = (x << 1) | (x >>> 31);
    }
    const state = this.#state;
    let a = state[0] ?? 0;
    let b = state[1] ?? 0;
    let c = state[2] ?? 0;
    let d = state[3] ?? 0;
    let e = state[4] ?? 0;
    // Four rounds of 20 steps, each with its own mixing function and constant.
    for (let i = 0; i < 80; i += 1) {
      let f: number;
      let k: number;
      if (i < 20) {
        f = (b & c) | (~b & d);
        k = 0x5a827999;
      } else if (i < 40) {
        f = b ^ c ^ d;
        k = 0x6ed9eba1;
      } else if (i < 60) {
        f = (b & c) | (b & d) | (c & d);
        k = 0x8f1bbcdc;
      } else {
        f = b ^ c ^ d;
        k = 0xca62c1d6;
      }
      const next = (((a << 5) | (a >>> 27)) + f + e + k + (w[i] ?? 0)) | 0;
      e = d;
      d = c;
      c = (b << 30) | (b >>> 2);
      b = a;
      a = next;
    }
    state[0] = (state[0] ?? 0) + a;
    state[1] = (state[1] ?? 0) + b;
    state[2] = (state[2] ?? 0) + c;
    state[3] = (state[3] ?? 0) + d;
    state[4] = (state[4] ?? 0) + e;
  }
}

/** SHA-1 of one buffer, as hex. */
export function sha1Hex(bytes: Uint8Array): string {
  return new Sha1().update(bytes).hex();
}
