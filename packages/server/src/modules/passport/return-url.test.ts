import { describe, expect, it } from 'vitest';
import { sameSiteReturnPath } from './return-url';

const request = { protocol: 'https' as const, host: 'tessera.example' };

describe('sameSiteReturnPath', () => {
  it.each([
    ['/home', '/home'],
    ['/login?goTo=%2Flogged%2Fsetting', '/login?goTo=%2Flogged%2Fsetting'],
    ['logged/setting', '/logged/setting'],
    ['https://tessera.example/a?b=1#c', '/a?b=1#c'],
    ['https%3A%2F%2Ftessera.example%2Fhome', '/home'],
    ['%2Fhome%3Fx%3D1', '/home?x=1'],
  ])('accepts %s on this site', (returnUrl, expected) => {
    expect(sameSiteReturnPath(returnUrl, request)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    'https://tessera.example.evil.example/',
    'https://tessera.example@evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    'https://tessera.example//evil.example/x',
    'data:text/html,hi',
    'https%3A%2F%2Fevil.example%2F',
    '%2F%2Fevil.example',
    '%2F%E0%A4%A',
    'http://tessera.example:443/a',
  ])('refuses %s', (returnUrl) => {
    expect(sameSiteReturnPath(returnUrl, request)).toBeNull();
  });
});
