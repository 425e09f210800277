import { describe, expect, it } from 'vitest';
import { isSafeRichTextUrl, keepsRichTextAttribute, trimEmptyParagraphs } from './rich-text';

describe('the rich-text allow-list', () => {
  it('takes http(s) addresses and paths on this site only', () => {
    for (const safe of ['https://example.com', 'http://a.b/c', '/resources/1', ' https://x.y'])
      expect(isSafeRichTextUrl(safe)).toBe(true);
    for (const unsafe of ['javascript:alert(1)', 'JAVASCRIPT:x', 'data:text/html,x', '//evil.example', 'ftp://a', ''])
      expect(isSafeRichTextUrl(unsafe)).toBe(false);
  });

  it('keeps only the listed attributes of each element', () => {
    expect(keepsRichTextAttribute('a', 'href', 'https://a.b')).toBe(true);
    expect(keepsRichTextAttribute('a', 'href', 'javascript:x')).toBe(false);
    expect(keepsRichTextAttribute('a', 'onclick', 'x')).toBe(false);
    expect(keepsRichTextAttribute('img', 'alt', 'a cat')).toBe(true);
    expect(keepsRichTextAttribute('p', 'style', 'color:red')).toBe(false);
    expect(keepsRichTextAttribute('ol', 'start', '3')).toBe(true);
    expect(keepsRichTextAttribute('ol', 'start', '3;x')).toBe(false);
  });

  it('trims empty paragraphs at the ends only', () => {
    expect(trimEmptyParagraphs('<p></p> <p><br /></p><p>a</p><p></p><p>b</p><p>&nbsp;</p>\n')).toBe(
      '<p>a</p><p></p><p>b</p>',
    );
    expect(trimEmptyParagraphs('<p></p><p> </p>')).toBe('');
    expect(trimEmptyParagraphs('<h2>x</h2>')).toBe('<h2>x</h2>');
  });
});
