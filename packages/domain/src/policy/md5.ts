// MD5 (RFC 1321) of the UTF-8 bytes of a text, as lowercase hex. DOMAIN §1.1 makes policy and event ids
// md5 digests; computing them here lets the browser and the server derive the same ids without a
// dependency. Not for security: ids only.

/** Left-rotation amounts: four per round group, repeated four times within the group. */
const SHIFTS = [
  [7, 12, 17, 22],
  [5, 9, 14, 20],
  [4, 11, 16, 23],
  [6, 10, 15, 21],
].flatMap((group) => [...group, ...group, ...group, ...group]);

/** K[i] = floor(|sin(i + 1)| × 2^32). */
const CONSTANTS = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

function padded(bytes: Uint8Array): DataView {
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const buffer = new Uint8Array(length);
  buffer.set(bytes);
  buffer[bytes.length] = 0x80;
  const view = new DataView(buffer.buffer);
  const bitLength = bytes.length * 8;
  view.setUint32(length - 8, bitLength >>> 0, true);
  view.setUint32(length - 4, Math.floor(bitLength / 2 ** 32), true);
  return view;
}

function roundInput(round: number, b: number, c: number, d: number): { mix: number; word: number } {
  if (round < 16) return { mix: (b & c) | (~b & d), word: round };
  if (round < 32) return { mix: (d & b) | (~d & c), word: (5 * round + 1) % 16 };
  if (round < 48) return { mix: b ^ c ^ d, word: (3 * round + 5) % 16 };
  return { mix: c ^ (b | ~d), word: (7 * round) % 16 };
}

export function md5Hex(text: string): string {
  const view = padded(new TextEncoder().encode(text));
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < view.byteLength; block += 64) {
    let [a, b, c, d] = state as [number, number, number, number];
    for (let round = 0; round < 64; round++) {
      const { mix, word } = roundInput(round, b, c, d);
      const sum = (a + mix + (CONSTANTS[round] as number) + view.getUint32(block + word * 4, true)) | 0;
      const shift = SHIFTS[round] as number;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    state[0] = ((state[0] as number) + a) | 0;
    state[1] = ((state[1] as number) + b) | 0;
    state[2] = ((state[2] as number) + c) | 0;
    state[3] = ((state[3] as number) + d) | 0;
  }
  const out = new DataView(new ArrayBuffer(16));
  state.forEach((word, i) => out.setUint32(i * 4, word, true));
  return Array.from(new Uint8Array(out.buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
