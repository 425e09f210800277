import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './description';

const LINK = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('a version description as stored', () => {
  it('keeps the editor’s formatting, and links open apart from the page', () => {
    const html =
      '<h2>New</h2><p>Hi <strong>there</strong>, <em>see</em> <u>this</u> <s>not</s> <code>x</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code>a &lt; b</code></pre><hr />';
    expect(sanitizeDescription(html)).toBe(html);
    expect(sanitizeDescription('<p><a href="https://example.com" target="_self">site</a></p>')).toBe(
      `<p><a href="https://example.com" ${LINK}>site</a></p>`,
    );
  });

  it('drops scripts, handlers, styles, unknown elements and unsafe addresses', () => {
    expect(
      sanitizeDescription(
        '<script>alert(1)</script><img src="javascript:x" onerror="y()"><foo>text</foo><a href="javascript:z">l</a>',
      ),
    ).toBe(`<img />text<a ${LINK}>l</a>`);
    expect(
      sanitizeDescription('<object><p>in</p></object><style>p{}</style><p style="color:red" class="x">k</p>'),
    ).toBe('<p>k</p>');
    expect(sanitizeDescription('<a href="//evil.example">a</a><a href="JaVaScRiPt:alert(1)">b</a>')).toBe(
      `<a ${LINK}>a</a><a ${LINK}>b</a>`,
    );
    expect(sanitizeDescription('<svg><script>alert(1)</script></svg><ol start="x"><li>b</li></ol>')).toBe(
      '<ol><li>b</li></ol>',
    );
  });

  // A quadratic walk over this input would outlast the test's time budget many times over.
  it('walks long hostile input once', () => {
    expect(sanitizeDescription(`${' '.repeat(50_000)}x${'<p></p>'.repeat(7_000)}`)).toBe('x');
    expect(sanitizeDescription(`${'<p> '.repeat(30_000)}`)).toBe('');
    expect(sanitizeDescription(`<p>${'x'.repeat(50_000)}</p>${'<p></p>'.repeat(7_000)}`)).toHaveLength(50_007);
  });

  it('keeps paths on this site and escapes plain text', () => {
    expect(sanitizeDescription('<img src="/v2/a.png" alt="a">')).toBe('<img src="/v2/a.png" alt="a" />');
    expect(sanitizeDescription('1 < 2 & 3')).toBe('1 &lt; 2 &amp; 3');
  });

  it('is empty when nothing readable is left, and cleaning twice changes nothing', () => {
    for (const empty of ['', '<p></p>', '<p><br></p><p> </p>', '<script>x</script>'])
      expect(sanitizeDescription(empty)).toBe('');
    expect(sanitizeDescription('<p></p><p>a</p><p></p><p>b</p><p> <br> </p>\n')).toBe('<p>a</p><p></p><p>b</p>');
    const once = sanitizeDescription('<p onclick="x">a <a href="/r">b</a></p><img src="/i.png">');
    expect(sanitizeDescription(once)).toBe(once);
  });
});
