import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLanguage, languageOfTag } from './language';

describe('the language rule', () => {
  it.each([
    [['zh-TW'], 'zh_CN'],
    [['zh-Hans-CN', 'en'], 'zh_CN'],
    [['zh'], 'zh_CN'],
    [['en-GB'], 'en_US'],
    [['en-US', 'zh-CN'], 'en_US'],
    [['fr'], 'en_US'],
    [['fr-FR', 'de'], 'en_US'],
    [['fr', 'zh-CN'], 'zh_CN'],
    [[], 'zh_CN'],
    [[''], 'zh_CN'],
  ])('preferences %j without a cookie → %s', (preferred, language) => {
    expect(chooseLanguage(undefined, preferred)).toBe(language);
  });

  it('lets a valid cookie win over the preferences', () => {
    expect(chooseLanguage('en_US', ['zh-CN'])).toBe('en_US');
    expect(chooseLanguage('zh_CN', ['en-GB'])).toBe('zh_CN');
    expect(chooseLanguage('zh_CN', [])).toBe('zh_CN');
  });

  it('ignores a cookie that names no language', () => {
    expect(chooseLanguage('fr_FR', ['en-GB'])).toBe('en_US');
    expect(chooseLanguage('', [])).toBe('zh_CN');
    expect(chooseLanguage(null, ['zh-TW'])).toBe('zh_CN');
  });

  it('maps a tag to its language', () => {
    expect(languageOfTag('ZH-tw')).toBe('zh_CN');
    expect(languageOfTag('en_GB')).toBe('en_US');
    expect(languageOfTag('fr')).toBeNull();
  });
});

describe('acceptedLanguages', () => {
  it.each([
    ['en-US,en;q=0.9', ['en-US', 'en']],
    ['zh-CN,zh;q=0.9,en;q=0.8', ['zh-CN', 'zh', 'en']],
    ['zh;q=0.4, en;q=0.6', ['en', 'zh']],
    ['en;q=0, zh;q=0.1', ['zh']],
    ['fr;q=1, zh-TW;q=0.9, en;q=0.5', ['fr', 'zh-TW', 'en']],
    ['*', []],
    ['', []],
  ])('reads %j', (header, tags) => {
    expect(acceptedLanguages(header)).toEqual(tags);
  });

  it('gives the rule what a browser sends', () => {
    expect(chooseLanguage(undefined, acceptedLanguages('fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7'))).toBe('en_US');
    expect(chooseLanguage(undefined, acceptedLanguages('de, fr'))).toBe('en_US');
    expect(chooseLanguage(undefined, acceptedLanguages(undefined))).toBe('zh_CN');
  });
});
