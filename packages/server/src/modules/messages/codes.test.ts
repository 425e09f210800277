import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  codeHashKey,
  codeMatches,
  hashCode,
  newCode,
  normalizeAddress,
  secondsUntil,
  startOfPlatformDay,
} from './codes';

describe('verification code rules', () => {
  it('reads an address as e-mail (lower-cased) or mobile, and nothing else', () => {
    expect(normalizeAddress('Alice@Example.COM')).toEqual({ address: 'alice@example.com', channel: 'email' });
    expect(normalizeAddress('13812345678')).toEqual({ address: '13812345678', channel: 'sms' });
    for (const bad of ['', 'alice', '1381234567', '12812345678', 'alice@example', '<b>@x.com'])
      expect(normalizeAddress(bad), bad).toBeNull();
  });

  it('draws 6-digit codes', () => {
    const codes = Array.from({ length: 200 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('hashes a code with its record, address and type, keyed with the server secret', () => {
    const subject = { recordId: '67c24f0012345678abcdef01', address: 'a@example.com', authCodeType: 'register' };
    const key = codeHashKey('a server secret of at least 32 characters');
    const hash = hashCode('123456', subject, key);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(codeMatches('123456', hash, subject, key)).toBe(true);
    expect(codeMatches('123457', hash, subject, key)).toBe(false);
    expect(codeMatches('123456', hash, { ...subject, authCodeType: 'resetPassword' }, key)).toBe(false);
    expect(hashCode('123456', { ...subject, recordId: '67c24f0012345678abcdef02' }, key)).not.toBe(hash);
    // Without the secret, the table's hashes cannot be checked against guesses.
    const otherKey = codeHashKey('another server secret of 32 characters');
    expect(codeMatches('123456', hash, subject, otherKey)).toBe(false);
    const unkeyed = createHash('sha256').update(`${subject.recordId}\n${subject.address}\nregister\n123456`);
    expect(unkeyed.digest('hex')).not.toBe(hash);
  });

  it('finds the start of the platform day', () => {
    // 2025-03-01 07:59 UTC is 15:59 in UTC+8, so the day began at 2025-02-28 16:00 UTC.
    expect(startOfPlatformDay(new Date('2025-03-01T07:59:00.000Z'), 480).toISOString()).toBe(
      '2025-02-28T16:00:00.000Z',
    );
    expect(startOfPlatformDay(new Date('2025-03-01T16:00:00.000Z'), 480).toISOString()).toBe(
      '2025-03-01T16:00:00.000Z',
    );
    expect(startOfPlatformDay(new Date('2025-03-01T03:00:00.000Z'), -300).toISOString()).toBe(
      '2025-02-28T05:00:00.000Z',
    );
  });

  it('rounds waiting times up to whole seconds, at least one', () => {
    const now = new Date('2025-03-01T00:00:00.000Z');
    expect(secondsUntil(now.getTime() + 59_001, now)).toBe(60);
    expect(secondsUntil(now.getTime(), now)).toBe(1);
  });
});
