import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createI18n, type I18nOptions } from './i18n-store';
import { textsCacheKey } from './texts-source';

const chinese = { 'home.title': '首页' };
const english = { 'home.title': 'Home' };
const VERSION = '0123abcd0123abcd';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({
    '/i18n/texts.zh_CN.json': { body: chinese },
    '/i18n/texts.en_US.json': { body: english },
  });
});
afterEach(() => server.close());

const i18nOf = (options: I18nOptions = {}) =>
  createI18n({ textsBase: `${server.origin}/i18n`, textsVersions: {}, ...options });
const textRequests = () => server.requests.filter((request) => request.path.startsWith('/i18n/')).map((r) => r.path);
const cache = (language: 'zh_CN' | 'en_US', value: unknown) =>
  window.localStorage.setItem(textsCacheKey(language), JSON.stringify(value));

describe('createI18n', () => {
  it('loads the texts of the page language only, caches them and becomes ready', async () => {
    const i18n = i18nOf();
    expect(i18n.getState().status).toBe('loading');
    expect(i18n.t('home.title')).toBe('home.title');
    await i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('首页');
    expect(i18n.getState().texts['home.title']).toEqual({ zh_CN: '首页', en_US: '' });
    expect(textRequests()).toEqual(['/i18n/texts.zh_CN.json']);
    expect(server.requests[0]?.query.size).toBe(0);
    expect(JSON.parse(window.localStorage.getItem(textsCacheKey('zh_CN')) ?? 'null')).toEqual({ texts: chinese });
  });

  it('asks for the versioned file the page names, and needs no request when that version is cached', async () => {
    server.route(`/i18n/texts.en_US.${VERSION}.json`, { body: english });
    const first = i18nOf({ language: 'en_US', textsVersions: { zh_CN: 'ffff0000ffff0000', en_US: VERSION } });
    await first.load();
    expect(first.t('home.title')).toBe('Home');
    expect(textRequests()).toEqual([`/i18n/texts.en_US.${VERSION}.json`]);

    const warm = i18nOf({ language: 'en_US', textsVersions: { en_US: VERSION } });
    expect(warm.getState().status).toBe('ready');
    const loaded = warm.load();
    expect(warm.t('home.title')).toBe('Home');
    await loaded;
    expect(textRequests()).toHaveLength(1);
  });

  it('uses texts cached under another version at once and refreshes them in the background', async () => {
    cache('zh_CN', { version: 'ffff0000ffff0000', texts: { 'home.title': '旧的首页' } });
    server.route(`/i18n/texts.zh_CN.${VERSION}.json`, { body: chinese });
    const i18n = i18nOf({ textsVersions: { zh_CN: VERSION } });
    const refreshed = i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('旧的首页');
    await refreshed;
    expect(i18n.t('home.title')).toBe('首页');
    expect(JSON.parse(window.localStorage.getItem(textsCacheKey('zh_CN')) ?? 'null')).toEqual({
      version: VERSION,
      texts: chinese,
    });
  });

  it('keeps the cached texts when the refresh fails', async () => {
    server.route('/i18n/texts.zh_CN.json', { status: 500, body: 'down' });
    cache('zh_CN', { texts: { 'home.title': '旧的首页' } });
    const i18n = i18nOf();
    await i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('旧的首页');
  });

  it('ignores a broken cache, and removes the cache of both languages kept before', async () => {
    window.localStorage.setItem(textsCacheKey('zh_CN'), '{not json');
    window.localStorage.setItem('tessera.i18n.texts', JSON.stringify({ 'home.title': { zh_CN: '旧', en_US: 'old' } }));
    const i18n = i18nOf();
    await i18n.load();
    expect(i18n.t('home.title')).toBe('首页');
    expect(window.localStorage.getItem('tessera.i18n.texts')).toBeNull();
  });

  it('reports an error without a cache, and a retry recovers', async () => {
    server.route('/i18n/texts.zh_CN.json', { status: 503, body: 'down' });
    const i18n = i18nOf();
    await i18n.load();
    expect(i18n.getState().status).toBe('error');
    server.route('/i18n/texts.zh_CN.json', { body: chinese });
    const retried = i18n.retry();
    expect(i18n.getState().status).toBe('loading');
    await retried;
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('首页');
  });

  it('switches the language: writes the cookie, fetches that language once, then notifies subscribers', async () => {
    const i18n = i18nOf();
    await i18n.load();
    let notified = 0;
    i18n.subscribe(() => notified++);
    i18n.setLanguage('en_US');
    await i18n.load();
    expect(document.cookie).toContain('locale=en_US');
    expect(i18n.getState().language).toBe('en_US');
    expect(i18n.t('home.title')).toBe('Home');
    expect(notified).toBe(1);
    i18n.setLanguage('zh_CN');
    expect(i18n.t('home.title')).toBe('首页');
    expect(textRequests()).toEqual(['/i18n/texts.zh_CN.json', '/i18n/texts.en_US.json']);
  });
});
