import { randomBytesFromPool } from './random';

/** ObjectId-style id (DOMAIN §1.1): 8 hex digits of the creation time in seconds, 16 random hex digits. */
export function newHex24(now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000);
  return seconds.toString(16).padStart(8, '0').slice(-8) + randomBytesFromPool(8).toString('hex');
}
