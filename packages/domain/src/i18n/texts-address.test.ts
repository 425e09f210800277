import { describe, expect, it } from 'vitest';
import { formatTextsVersions, languageTextsPath, parseLanguageTextsName, parseTextsVersions } from './texts-address';

describe('the address of one language’s texts', () => {
  it('names the plain and the versioned file', () => {
    expect(languageTextsPath('en_US')).toBe('/i18n/texts.en_US.json');
    expect(languageTextsPath('zh_CN', '0123abcd0123abcd')).toBe('/i18n/texts.zh_CN.0123abcd0123abcd.json');
  });

  it('reads a file name back and refuses others', () => {
    expect(parseLanguageTextsName('texts.en_US.json')).toEqual({ language: 'en_US' });
    expect(parseLanguageTextsName('texts.zh_CN.0123abcd0123abcd.json')).toEqual({
      language: 'zh_CN',
      version: '0123abcd0123abcd',
    });
    expect(parseLanguageTextsName('texts.fr_FR.json')).toBeNull();
    expect(parseLanguageTextsName('texts.zh_CN.NOT-HEX.json')).toBeNull();
    expect(parseLanguageTextsName('texts.json')).toBeNull();
    expect(parseLanguageTextsName('other.zh_CN.json')).toBeNull();
  });

  it('writes and reads the versions the page is given', () => {
    const versions = { zh_CN: '0123abcd0123abcd', en_US: 'ffff0000ffff0000' };
    expect(formatTextsVersions(versions)).toBe('zh_CN:0123abcd0123abcd en_US:ffff0000ffff0000');
    expect(parseTextsVersions(formatTextsVersions(versions))).toEqual(versions);
    expect(parseTextsVersions('fr_FR:0123abcd0123abcd zh_CN:<script> en_US:ffff0000ffff0000')).toEqual({
      en_US: 'ffff0000ffff0000',
    });
    expect(parseTextsVersions(null)).toEqual({});
  });
});
