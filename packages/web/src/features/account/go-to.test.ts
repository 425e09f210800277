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
    expect(safeGoTo(encodeURIComponent(goTo), ORIGIN)).toBeNull();
    expect(goToTarget(encodeURIComponent(goTo), ORIGIN)).toBe('/home');
  });

  it('refuses a value that does not decode', () => {
    expect(safeGoTo('%E0%A4%A', ORIGIN)).toBeNull();
  });

  it('does not send a person back to an account page', () => {
    expect(goToTarget(encodeURIComponent(`${ORIGIN}/login?goTo=x`), ORIGIN)).toBe('/home');
  });

  it('falls back to /home without goTo', () => {
    expect(goToTarget(null, ORIGIN)).toBe('/home');
    expect(goToTarget('', ORIGIN)).toBe('/home');
  });
});
