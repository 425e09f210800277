import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language';

describe('request language', () => {
  it.each([
    ['en-US,en;q=0.9', 'en_US'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh_CN'],
    ['zh-TW', 'zh_CN'],
    ['fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7', 'en_US'],
    ['fr;q=1, zh-TW;q=0.9, en;q=0.5', 'zh_CN'],
    ['zh;q=0.4, en;q=0.6', 'en_US'],
    ['de, fr', 'en_US'],
    ['*', 'zh_CN'],
    ['', 'zh_CN'],
  ])('without a cookie reads Accept-Language %j', (header, language) => {
    expect(resolveLanguage(undefined, header)).toBe(language);
  });

  it('prefers the locale cookie, then Accept-Language, then zh_CN', () => {
    expect(resolveLanguage('en_US', 'zh-CN')).toBe('en_US');
    expect(resolveLanguage('fr_FR', 'en-GB')).toBe('en_US');
    expect(resolveLanguage(undefined, undefined)).toBe('zh_CN');
  });
});
