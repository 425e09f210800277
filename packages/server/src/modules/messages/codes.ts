// The rules of a verification code (DOMAIN §2.4) that need no database: its types, lifetime and
// limits, how a code is drawn and hashed, and which channel an address is reached on.
import { CODE_LENGTH, isEmail, isMobile } from '@tessera/domain';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export { AUTH_CODE_TYPES, CODE_LENGTH, type AuthCodeType } from '@tessera/domain';

export const CodeStatus = { Sent: 1, SendingFailed: 2, Used: 3, Void: 4 } as const;

export const CODE_VALID_MINUTES = 5;
export const CODE_VALID_MS = CODE_VALID_MINUTES * 60_000;
/** The 5th wrong try voids the code. */
export const MAX_WRONG_TRIES = 5;

/** One code per address and type per interval. */
export const RESEND_INTERVAL_MS = 60_000;
/** Codes per address per calendar day of the platform time zone. */
export const DAILY_LIMIT_PER_ADDRESS = 20;
/** Codes asked for from one IP address within IP_WINDOW_MS. */
export const LIMIT_PER_IP = 30;
export const IP_WINDOW_MS = 3600_000;

export type Channel = 'email' | 'sms';

/** The address as stored and compared: e-mail lower-cased, mobile as is; null when it is neither. */
export function normalizeAddress(loginName: string): { address: string; channel: Channel } | null {
  if (isMobile(loginName)) return { address: loginName, channel: 'sms' };
  if (isEmail(loginName)) return { address: loginName.toLowerCase(), channel: 'email' };
  return null;
}

export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
}

export type CodeSubject = { recordId: string; address: string; authCodeType: string };

/** The key of code hashes, derived from the server secret (a stolen table alone cannot test guesses). */
export function codeHashKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('tessera verification codes').digest();
}

// Keyed with the server secret; the record id salts it, so equal codes of different records never share a hash.
export function hashCode(code: string, { recordId, address, authCodeType }: CodeSubject, key: Buffer): string {
  return createHmac('sha256', key).update(`${recordId}\n${address}\n${authCodeType}\n${code}`).digest('hex');
}

export function codeMatches(code: string, codeHash: string, subject: CodeSubject, key: Buffer): boolean {
  const expected = Buffer.from(codeHash, 'hex');
  const actual = Buffer.from(hashCode(code, subject, key), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Start of the calendar day containing `now` in a time zone `utcOffsetMinutes` from UTC. */
export function startOfPlatformDay(now: Date, utcOffsetMinutes: number): Date {
  const offsetMs = utcOffsetMinutes * 60_000;
  const dayMs = 24 * 3600_000;
  return new Date(Math.floor((now.getTime() + offsetMs) / dayMs) * dayMs - offsetMs);
}

/** Whole seconds from `now` until `until`, at least 1. */
export function secondsUntil(until: number, now: Date): number {
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}
