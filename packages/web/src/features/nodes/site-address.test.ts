import { describe, expect, it } from 'vitest';
import { shownAddress, siteHostPreview } from './site-address';

const at = (href: string) => new URL(href) as unknown as Location;

describe('the site address preview', () => {
  it('reads the base domain off a site the server built', () => {
    const known = { nodeDomain: 'alice-art', nodeUrl: 'http://alice-art.tessera.test:8080' };
    expect(siteHostPreview('bob-photos', known, at('http://127.0.0.1:5173/node/creator'))).toBe(
      'bob-photos.tessera.test:8080',
    );
  });

  it('uses the platform host, or localhost in place of an IP address', () => {
    expect(siteHostPreview('bob-photos', undefined, at('http://console.example.org/node/creator'))).toBe(
      'bob-photos.console.example.org',
    );
    expect(siteHostPreview('bob-photos', undefined, at('http://127.0.0.1:8080/node/creator'))).toBe(
      'bob-photos.localhost:8080',
    );
  });

  it('shows an address without its scheme', () => {
    expect(shownAddress('http://alice-art.localhost:8080/')).toBe('alice-art.localhost:8080');
  });
});
