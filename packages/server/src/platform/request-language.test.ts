import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing';

// Issue 16: the server answers in the language the page shows, by the one rule of @tessera/domain.
describe('the language of the answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const msgFor = async (headers: Record<string, string>, locale?: 'zh_CN' | 'en_US') =>
    (await t.client({ headers, locale }).get('/v2/no/such/route')).body.msg;
  const chinese = () => t.services.i18n.translate('errors.routeNotFound', 'zh_CN');
  const english = () => t.services.i18n.translate('errors.routeNotFound', 'en_US');

  it('follows the browser’s preferences without a cookie: zh* is Chinese, any other English', async () => {
    expect(chinese()).not.toBe(english());
    expect(await msgFor({ 'accept-language': 'zh-TW' })).toBe(chinese());
    expect(await msgFor({ 'accept-language': 'en-GB' })).toBe(english());
    expect(await msgFor({ 'accept-language': 'fr-FR, de;q=0.8' })).toBe(english());
    expect(await msgFor({ 'accept-language': 'fr, zh-CN;q=0.5' })).toBe(chinese());
  });

  it('is Chinese without preferences, and the cookie wins over them', async () => {
    expect(await msgFor({})).toBe(chinese());
    expect(await msgFor({ 'accept-language': '*' })).toBe(chinese());
    expect(await msgFor({ 'accept-language': 'en-US' }, 'zh_CN')).toBe(chinese());
    expect(await msgFor({ 'accept-language': 'zh-CN' }, 'en_US')).toBe(english());
  });
});
