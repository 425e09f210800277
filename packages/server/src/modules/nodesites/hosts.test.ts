// Which host is which, and the return paths the sites follow.
import { describe, expect, it } from 'vitest';
import { hostnameOf, localPath, platformOrigin, siteAddressOf, siteOrigin } from './hosts';

describe('node-site hosts', () => {
  it('tells node sites, test-node sites and the platform apart', () => {
    expect(siteAddressOf('alpha.localhost', 'localhost')).toEqual({ name: 'alpha', test: false });
    expect(siteAddressOf('Alpha.LocalHost.', 'localhost')).toEqual({ name: 'alpha', test: false });
    expect(siteAddressOf('alpha.t.localhost', 'localhost')).toEqual({ name: 'alpha', test: true });
    expect(siteAddressOf('a.b.localhost', 'localhost')).toEqual({ name: '', test: false });
    expect(siteAddressOf('a_b.localhost', 'localhost')).toEqual({ name: '', test: false });
    expect(siteAddressOf('shop.tessera.example', 'tessera.example')).toEqual({ name: 'shop', test: false });
    for (const platform of ['localhost', '127.0.0.1', 'xlocalhost', 'tessera.example', 'evil-localhost'])
      expect(siteAddressOf(platform, 'localhost')).toBeNull();
  });

  it("reads a Host header's name as Fastify's request.hostname does", () => {
    expect(hostnameOf('alpha.localhost:8080')).toBe('alpha.localhost');
    expect(hostnameOf('alpha.localhost')).toBe('alpha.localhost');
    expect(hostnameOf('[::1]:8080')).toBe('[::1]');
    expect(hostnameOf('[::1]')).toBe('[::1]');
    expect(hostnameOf('')).toBe('');
  });

  it('builds the origins on the scheme and port the request came in on', () => {
    expect(siteOrigin('http', 'localhost:8080', 'localhost', { nodeDomain: 'alpha', test: true })).toBe(
      'http://alpha.t.localhost:8080',
    );
    expect(siteOrigin('https', 'tessera.example', 'tessera.example', { nodeDomain: 'alpha', test: false })).toBe(
      'https://alpha.tessera.example',
    );
    expect(platformOrigin('http', 'alpha.localhost:8080', 'localhost')).toBe('http://localhost:8080');
  });

  it.each([
    ['/x?y=1#z', '/x?y=1#z'],
    [undefined, '/'],
    ['', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/a\nb', '/'],
    [`/${'a'.repeat(1000)}`, '/'],
  ])('follows %s as %s', (candidate, expected) => {
    expect(localPath(candidate)).toBe(expected);
  });
});
