import { describe, expect, it } from 'vitest';
import { formatMessage, translatorFor } from './messages';

describe('server messages', () => {
  const translator = translatorFor(
    new Map([
      ['errors.param.maximum', { zh_CN: '不能大于 {limit}', en_US: 'Must be at most {limit}' }],
      ['only.chinese', { zh_CN: '仅中文', en_US: '' }],
    ]),
  );

  it('fills single-brace placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('{count} of {total}', { count: 2, total: 5 })).toBe('2 of 5');
    expect(formatMessage('{missing} stays', {})).toBe('{missing} stays');
  });

  it('translates into the language, falling back to zh_CN and then to the key', () => {
    expect(translator.translate('errors.param.maximum', 'en_US', { limit: 100 })).toBe('Must be at most 100');
    expect(translator.translate('errors.param.maximum', 'zh_CN', { limit: 100 })).toBe('不能大于 100');
    expect(translator.translate('only.chinese', 'en_US')).toBe('仅中文');
    expect(translator.translate('no.such.key', 'en_US')).toBe('no.such.key');
  });
});
