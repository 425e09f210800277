import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate } from './translate';

describe('interpolate', () => {
  it('fills single-brace placeholders', () => {
    expect(interpolate('{count} 个资源，共 {size}', { count: 3, size: '2 MB' })).toBe('3 个资源，共 2 MB');
  });

  it('keeps placeholders without a value and leaves double braces alone', () => {
    expect(interpolate('{a} {b}', { a: 1 })).toBe('1 {b}');
    expect(interpolate('{{a}}', { a: 1 })).toBe('{1}');
    expect(interpolate('no params {x}')).toBe('no params {x}');
  });

  it('does not read inherited properties', () => {
    expect(interpolate('{toString}', {})).toBe('{toString}');
  });
});

describe('createTranslator', () => {
  const texts = {
    'home.greeting': { zh_CN: '你好，{name}', en_US: 'Hello, {name}' },
    'home.onlyChinese': { zh_CN: '只有中文', en_US: '' },
  };

  it('translates in the chosen language', () => {
    expect(createTranslator(texts, 'zh_CN')('home.greeting', { name: '小林' })).toBe('你好，小林');
    expect(createTranslator(texts, 'en_US')('home.greeting', { name: 'Lin' })).toBe('Hello, Lin');
  });

  it('shows the key itself when the key or its text is missing', () => {
    const t = createTranslator(texts, 'en_US');
    expect(t('home.missing')).toBe('home.missing');
    expect(t('home.onlyChinese')).toBe('home.onlyChinese');
    expect(t('constructor')).toBe('constructor');
  });
});
