import { describe, expect, it } from 'vitest';
import { safeReturnUrl } from './return-url';

const SITE = 'http://alice-art.localhost:8080';

describe('safeReturnUrl', () => {
  it('follows an address on the node site itself', () => {
    expect(safeReturnUrl(`${SITE}/exhibits/e1?x=1#top`, SITE)).toBe(`${SITE}/exhibits/e1?x=1#top`);
    expect(safeReturnUrl('https://alice-art.localhost:8080/', SITE)).toBe('https://alice-art.localhost:8080/');
  });

  it.each([
    ['another host', 'http://evil.example/steal'],
    ['another node', 'http://bob-art.localhost:8080/'],
    ['a look-alike host', 'http://alice-art.localhost:8080.evil.example/'],
    ['another port', 'http://alice-art.localhost:9090/'],
    ['no port', 'http://alice-art.localhost/'],
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,hi'],
    ['a protocol-relative address', '//evil.example/'],
    ['a relative path', '/logged/wallet'],
    ['credentials in the address', 'http://user:pw@alice-art.localhost:8080/'],
    ['nothing', ''],
    ['null', null],
  ])('goes to the node site instead of %s', (_label, returnUrl) => {
    expect(safeReturnUrl(returnUrl, SITE)).toBe(SITE);
  });
});
