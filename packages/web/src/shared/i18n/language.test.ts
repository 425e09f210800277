import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage } from './language';

afterEach(() => vi.restoreAllMocks());

function preferring(languages: string[]): void {
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('the page language on the first visit (issue 16)', () => {
  it.each([
    [['zh-TW', 'en'], 'zh_CN'],
    [['en-GB', 'zh-CN'], 'en_US'],
    [['fr-FR', 'de'], 'en_US'],
    [[], 'zh_CN'],
  ])('follows the browser’s preferences %j and writes the locale cookie', (languages, language) => {
    preferring(languages);
    expect(initialLanguage()).toBe(language);
    expect(document.cookie).toContain(`locale=${language}`);
  });

  it('lets the cookie win over the preferences', () => {
    preferring(['en-US']);
    document.cookie = 'locale=zh_CN; path=/';
    expect(initialLanguage()).toBe('zh_CN');
    document.cookie = 'locale=fr_FR; path=/';
    expect(initialLanguage()).toBe('en_US');
    expect(document.cookie).toContain('locale=en_US');
  });
});
