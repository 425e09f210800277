import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { createI18n } from './i18n-store';
import { TEXTS_CACHE_KEY } from './texts-source';

const serverTexts = { 'home.title': { zh_CN: '首页', en_US: 'Home' } };
const cachedTexts = { 'home.title': { zh_CN: '旧的首页', en_US: 'Old home' } };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ '/i18n/texts.json': { body: serverTexts } });
});
afterEach(() => server.close());

const textsUrl = () => `${server.origin}/i18n/texts.json`;
const textRequests = () => server.requests.filter((request) => request.path === '/i18n/texts.json');

describe('createI18n', () => {
  it('loads the texts with a timestamp, caches them and becomes ready', async () => {
    const before = Date.now();
    const i18n = createI18n({ textsUrl: textsUrl() });
    expect(i18n.getState().status).toBe('loading');
    expect(i18n.t('home.title')).toBe('home.title');
    await i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('首页');
    const timestamp = Number(textRequests()[0]?.query.get('timestamp'));
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(JSON.parse(window.localStorage.getItem(TEXTS_CACHE_KEY) ?? 'null')).toEqual(serverTexts);
  });

  it('uses cached texts at once and refreshes them in the background', async () => {
    window.localStorage.setItem(TEXTS_CACHE_KEY, JSON.stringify(cachedTexts));
    const i18n = createI18n({ textsUrl: textsUrl() });
    const refreshed = i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('旧的首页');
    await refreshed;
    expect(i18n.t('home.title')).toBe('首页');
    expect(JSON.parse(window.localStorage.getItem(TEXTS_CACHE_KEY) ?? 'null')).toEqual(serverTexts);
  });

  it('keeps the cached texts when the refresh fails', async () => {
    server.route('/i18n/texts.json', { status: 500, body: 'down' });
    window.localStorage.setItem(TEXTS_CACHE_KEY, JSON.stringify(cachedTexts));
    const i18n = createI18n({ textsUrl: textsUrl() });
    await i18n.load();
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('旧的首页');
  });

  it('ignores a broken cache', async () => {
    window.localStorage.setItem(TEXTS_CACHE_KEY, '{not json');
    const i18n = createI18n({ textsUrl: textsUrl() });
    await i18n.load();
    expect(i18n.t('home.title')).toBe('首页');
  });

  it('reports an error without a cache, and a retry recovers', async () => {
    server.route('/i18n/texts.json', { status: 503, body: 'down' });
    const i18n = createI18n({ textsUrl: textsUrl() });
    await i18n.load();
    expect(i18n.getState().status).toBe('error');
    server.route('/i18n/texts.json', { body: serverTexts });
    const retried = i18n.retry();
    expect(i18n.getState().status).toBe('loading');
    await retried;
    expect(i18n.getState().status).toBe('ready');
    expect(i18n.t('home.title')).toBe('首页');
  });

  it('takes the language from the locale cookie, zh_CN by default', () => {
    expect(createI18n({ textsUrl: textsUrl() }).getState().language).toBe('zh_CN');
    document.cookie = 'locale=en_US; path=/';
    expect(createI18n({ textsUrl: textsUrl() }).getState().language).toBe('en_US');
    document.cookie = 'locale=fr_FR; path=/';
    expect(createI18n({ textsUrl: textsUrl() }).getState().language).toBe('zh_CN');
  });

  it('switches the language: writes the cookie and notifies subscribers', async () => {
    const i18n = createI18n({ textsUrl: textsUrl() });
    await i18n.load();
    let notified = 0;
    i18n.subscribe(() => notified++);
    i18n.setLanguage('en_US');
    expect(document.cookie).toContain('locale=en_US');
    expect(i18n.getState().language).toBe('en_US');
    expect(i18n.t('home.title')).toBe('Home');
    expect(notified).toBe(1);
  });
});
