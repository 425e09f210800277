import { describe, expect, it } from 'vitest';
import { routes } from '@tessera/domain';
import { goToTarget, safeGoTo } from './go-to';

const ORIGIN = 'http://localhost:3000';
/** The goTo value as the login page reads it from its own address. */
const goToOf = (address: string) => new URL(address, ORIGIN).searchParams.get('goTo');

describe('goTo', () => {
  it('undoes the route builder encoding and keeps the path, query and hash', () => {
    const raw = goToOf(routes.login({ goTo: `${ORIGIN}/activities?page=2&q=a%20b#top` }));
    expect(safeGoTo(raw, ORIGIN)).toBe('/activities?page=2&q=a%20b#top');
  });

  it('takes the value as the query gives it: the escapes of the address itself are kept', () => {
    const raw = goToOf(routes.login({ goTo: `${ORIGIN}/search?q=a%26b` }));
    expect(safeGoTo(raw, ORIGIN)).toBe('/search?q=a%26b');
  });

  it('still reads an old twice-encoded goTo, decoding it once more only', () => {
    const twice = encodeURIComponent(encodeURIComponent(`${ORIGIN}/storage?bucketName=x`));
    expect(safeGoTo(goToOf(`/login?goTo=${twice}`), ORIGIN)).toBe('/storage?bucketName=x');
    expect(safeGoTo(goToOf('/login?goTo=%252Fhome'), ORIGIN)).toBe('/home');
    expect(safeGoTo(goToOf('/login?goTo=%25252Fhome'), ORIGIN)).toBe('/%252Fhome');
  });

  it('accepts a path on this site', () => {
    expect(safeGoTo(goToOf(routes.login({ goTo: '/logged/setting' })), ORIGIN)).toBe('/logged/setting');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example/phish',
    'javascript:alert(1)',
    'http://localhost:3001/home',
  ])('refuses %s', (goTo) => {
    expect(safeGoTo(goTo, ORIGIN)).toBeNull();
    expect(safeGoTo(encodeURIComponent(goTo), ORIGIN)).toBeNull();
    expect(goToTarget(encodeURIComponent(goTo), ORIGIN)).toBe('/home');
  });

  it('refuses a value that does not decode', () => {
    expect(safeGoTo('%2F%E0%A4%A', ORIGIN)).toBeNull();
  });

  it('does not send a person back to an account page', () => {
    expect(goToTarget(encodeURIComponent(`${ORIGIN}/login?goTo=x`), ORIGIN)).toBe('/home');
  });

  it('falls back to /home without goTo', () => {
    expect(goToTarget(null, ORIGIN)).toBe('/home');
    expect(goToTarget('', ORIGIN)).toBe('/home');
  });
});
