// The demo node (DEMO_DATA) shows bob's paper theme: a theme app on the SDK, served from the node's host
// through the theme exhibit's auth (its node contract and its upstream, the clock widget, hold).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { DEMO_NODE } from '../nodes';
import { PAPER_THEME_FILES } from '../versions/testing';

describe('the demo theme app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
  });
  afterAll(() => t.close());

  const onSite = (url: string) =>
    t.app.inject({
      url,
      headers: { host: `${DEMO_NODE.nodeDomain}.localhost:8080`, accept: '*/*', cookie: 'nodeSiteSsoTried=1' },
    });

  it('answers the demo node’s pages with the paper theme, its files and the SDK', async () => {
    for (const path of ['/', '/exhibits/0123456789abcdef01234567']) {
      const page = await onSite(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PAPER_THEME_FILES['index.html']);
      expect(page.body).toContain('<script src="/_site/sdk.js" defer></script>');
    }
    for (const file of ['app.js', 'style.css']) expect((await onSite(`/${file}`)).body).toBe(PAPER_THEME_FILES[file]);
    expect((await onSite('/_site/sdk.js')).body).toContain('window.Tessera');
  });

  it('only calls the SDK, builds its pages without markup from data, and speaks both languages', () => {
    const app = PAPER_THEME_FILES['app.js'] ?? '';
    expect(app).not.toMatch(/innerHTML|fetch\(|XMLHttpRequest|document\.cookie|eval\(/);
    for (const call of ['listExhibits', 'getExhibit', 'fileUrl', 'signIn', 'requestAuthorization'])
      expect(app).toContain(`Tessera.${call}(`);
    expect(app).toMatch(/zh_CN: \{/);
    expect(app).toMatch(/en_US: \{/);
  });
});
