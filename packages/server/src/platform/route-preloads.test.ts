import { describe, expect, it } from 'vitest';
import { routeHeadsOf } from './route-preloads';

describe('routeHeadsOf', () => {
  const heads = routeHeadsOf([
    { path: '/market', scripts: ['/assets/a.js'], styles: ['/assets/a.css'] },
    { path: '/activity/:id', scripts: ['/assets/b.js'], styles: [] },
  ]);

  it('matches as the client router does: case-insensitive, a trailing slash ignored, :name one segment', () => {
    const market =
      '<link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="stylesheet" crossorigin href="/assets/a.css">';
    expect(heads('/market')).toBe(market);
    expect(heads('/MARKET/')).toBe(market);
    expect(heads('/activity/42')).toBe('<link rel="modulepreload" crossorigin href="/assets/b.js">');
    expect(heads('/activity')).toBe('');
    expect(heads('/activity/42/more')).toBe('');
    expect(heads('/')).toBe('');
  });

  it('refuses a file name that does not look like one of the build’s assets (it goes into HTML unescaped)', () => {
    expect(() => routeHeadsOf([{ path: '/x', scripts: ['/assets/a.js"><script>'], styles: [] }])).toThrow();
    expect(() => routeHeadsOf([{ path: '/x', scripts: ['https://elsewhere.example/a.js'], styles: [] }])).toThrow();
  });
});
