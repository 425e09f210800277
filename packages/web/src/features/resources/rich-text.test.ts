import { describe, expect, it } from 'vitest';
import { safeRichText } from './rich-text';

describe('safeRichText', () => {
  it('keeps formatting and safe links', () => {
    expect(safeRichText('<p>Hi <strong>there</strong> <a href="https://example.com" onclick="x()">site</a></p>')).toBe(
      '<p>Hi <strong>there</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });

  it('drops scripts, handlers, unknown elements and script addresses', () => {
    expect(
      safeRichText(
        '<script>alert(1)</script><img src="javascript:x" onerror="y()"><foo>text</foo><a href="javascript:z">l</a>',
      ),
    ).toBe('<img>text<a target="_blank" rel="noopener noreferrer nofollow">l</a>');
  });
});
