import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from './cookies';

describe('cookies', () => {
  it('reads one cookie among several, decoded', () => {
    const source = { cookie: 'uid=10001; XSRF-TOKEN=a%2Fb; locale=en_US' };
    expect(readCookie('uid', source)).toBe('10001');
    expect(readCookie('XSRF-TOKEN', source)).toBe('a/b');
    expect(readCookie('locale', source)).toBe('en_US');
    expect(readCookie('loc', source)).toBeUndefined();
  });

  it('writes the expiry, the path and SameSite', () => {
    const target = { cookie: '' };
    const now = Date.UTC(2025, 0, 1);
    writeCookie('locale', 'en_US', { days: 36525, path: '/', now }, target);
    expect(target.cookie).toBe(
      `locale=en_US; expires=${new Date(now + 36525 * 86_400_000).toUTCString()}; path=/; SameSite=Lax`,
    );
    // 100 years hold 24 leap days (2100 is not one), so 36525 days end one day later.
    expect(target.cookie).toContain('expires=Tue, 02 Jan 2125');
  });
});
