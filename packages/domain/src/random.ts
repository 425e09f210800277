import { RANDOM_CODE_LENGTH } from './constants';

export const RANDOM_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const UINT32_RANGE = 2 ** 32;
const BATCH_SIZE = 64;

/**
 * A code of `length` characters drawn uniformly from `alphabet` (code points) with
 * crypto.getRandomValues. Draws at or above the largest multiple of the alphabet size are thrown
 * away, so `draw % size` carries no modulo bias.
 */
export function randomCode(length: number = RANDOM_CODE_LENGTH, alphabet: string = RANDOM_CODE_ALPHABET): string {
  if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`invalid code length: ${length}`);
  const symbols = [...alphabet];
  if (symbols.length === 0) throw new RangeError('the alphabet is empty');
  const limit = UINT32_RANGE - (UINT32_RANGE % symbols.length);
  const draws = new Uint32Array(BATCH_SIZE);
  let code = '';
  let produced = 0;
  while (produced < length) {
    globalThis.crypto.getRandomValues(draws);
    for (const draw of draws) {
      if (produced === length) break;
      if (draw >= limit) continue;
      code += symbols[draw % symbols.length] ?? '';
      produced += 1;
    }
  }
  return code;
}
