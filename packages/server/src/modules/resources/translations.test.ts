import { describe, expect, it } from 'vitest';
import { parseTranslations, textsForReader, translatedTexts } from './translations';

describe('a resource’s translations', () => {
  const row = {
    userId: 7,
    translations: JSON.stringify({ en_US: { resourceTitle: 'Morning Mist', intro: 'A misty valley.' } }),
  };

  it('gives a reader the texts of their language, and the owner none', () => {
    expect(textsForReader(row, { language: 'en_US', readerId: null })).toEqual({
      resourceTitle: 'Morning Mist',
      intro: 'A misty valley.',
    });
    expect(textsForReader(row, { language: 'en_US', readerId: 8 }).resourceTitle).toBe('Morning Mist');
    expect(textsForReader(row, { language: 'zh_CN', readerId: null })).toEqual({});
    expect(textsForReader(row, { language: 'en_US', readerId: 7 })).toEqual({});
    expect(textsForReader({ userId: 7, translations: '{}' }, { language: 'en_US', readerId: null })).toEqual({});
  });

  it('reads stored JSON leniently: unknown languages, empty and non-text entries and broken JSON are left out', () => {
    expect(
      parseTranslations(
        JSON.stringify({ en_US: { resourceTitle: '', intro: 3 }, fr_FR: { resourceTitle: 'Brume' }, zh_CN: 'x' }),
      ),
    ).toEqual({ en_US: {} });
    expect(parseTranslations('not json')).toEqual({});
    expect(parseTranslations('null')).toEqual({});
  });

  it('lists every translated text for the search text', () => {
    expect(translatedTexts(parseTranslations(row.translations))).toEqual(['Morning Mist', 'A misty valley.']);
    expect(translatedTexts({ en_US: { intro: 'Only an intro.' } })).toEqual(['Only an intro.']);
  });
});
