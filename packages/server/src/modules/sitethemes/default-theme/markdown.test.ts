import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown, splitSlides } from './markdown';

const ALLOWED_TAGS = new Set([
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'em', 'strong', 'code', 'pre',
  'ul', 'ol', 'li', 'blockquote', 'a', 'img',
]); // prettier-ignore
const ALLOWED_ATTRIBUTES = new Set(['href', 'src', 'alt', 'title', 'rel', 'loading', 'class', 'start']);

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Every `<` in the output starts a tag the renderer wrote (source text is escaped), so listing them all
 * proves what the output can do: only allowed tags, only allowed attributes, addresses only http(s) or relative.
 */
function expectOnlySafeMarkup(html: string): void {
  expect(html.toLowerCase()).not.toContain('<script');
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    const name = /^<\/?([a-z0-9]+)/.exec(tag)?.[1] ?? '';
    expect(ALLOWED_TAGS.has(name), tag).toBe(true);
    const rest = tag.slice(name.length + 1).replace(/^\/?/, '');
    for (const [, attribute, value] of rest.matchAll(/\s([^\s=>]+)(?:="([^"]*)")?/g)) {
      expect(ALLOWED_ATTRIBUTES.has(attribute ?? ''), tag).toBe(true);
      if ((attribute === 'href' || attribute === 'src') && value !== undefined) {
        const address = decodeAttribute(value).replace(/[\u0000-\u0020\u007f]/g, ''); // eslint-disable-line no-control-regex
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(address);
        if (scheme) expect(scheme[1]?.toLowerCase(), tag).toMatch(/^https?$/);
      }
    }
    // Attribute values never hold a raw quote or angle bracket that could end them early.
    expect(tag.slice(1, -1)).not.toMatch(/[<>]/);
  }
}

describe('renderMarkdown: the supported subset', () => {
  it('renders headings, paragraphs, emphasis, strong and code spans', () => {
    expect(renderMarkdown('# Title #\n\n## Sub\n\nSome *em*, _em_, **strong**, __strong__ and `a < b`.')).toBe(
      '<h1>Title</h1>\n<h2>Sub</h2>\n<p>Some <em>em</em>, <em>em</em>, <strong>strong</strong>, <strong>strong</strong> and <code>a &lt; b</code>.</p>',
    );
  });

  it('shifts headings by the offset, up to h6', () => {
    expect(renderMarkdown('# A\n###### B', { headingOffset: 1 })).toBe('<h2>A</h2>\n<h6>B</h6>');
  });

  it('joins paragraph lines and honours hard breaks', () => {
    expect(renderMarkdown('one\ntwo  \nthree\\\nfour\n\nnext')).toBe(
      '<p>one\ntwo  <br>\nthree<br>\nfour</p>\n<p>next</p>',
    );
  });

  it('leaves snake_case words and lone delimiters alone', () => {
    expect(renderMarkdown('a snake_case_name, 2 * 3 * 4 and a * b')).toBe(
      '<p>a snake_case_name, 2 * 3 * 4 and a * b</p>',
    );
  });

  it('renders backslash escapes as the character itself', () => {
    expect(renderMarkdown('\\*not em\\* and \\<b\\>')).toBe('<p>*not em* and &lt;b&gt;</p>');
  });

  it('renders fenced code verbatim and escaped, with a language class only when it is a plain word', () => {
    expect(renderMarkdown('```js\n<b>*x*</b>\n\n# no heading\n```\nafter')).toBe(
      '<pre><code class="language-js">&lt;b&gt;*x*&lt;/b&gt;\n\n# no heading</code></pre>\n<p>after</p>',
    );
    expect(renderMarkdown('~~~ "onload=x\ncode\n~~~')).toBe('<pre><code>code</code></pre>');
  });

  it('renders bullet and numbered lists, nested lists and a start number', () => {
    expect(renderMarkdown('- a\n- b *x*\n  - nested\n- c')).toBe(
      '<ul>\n<li>a</li>\n<li>b <em>x</em>\n<ul>\n<li>nested</li>\n</ul></li>\n<li>c</li>\n</ul>',
    );
    expect(renderMarkdown('3. three\n4. four\n\ntext')).toBe(
      '<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>\n<p>text</p>',
    );
  });

  it('renders blockquotes, nested ones included, and rules', () => {
    expect(renderMarkdown('> quote\n> > inner\n\n***')).toBe(
      '<blockquote><p>quote</p>\n<blockquote><p>inner</p></blockquote></blockquote>\n<hr>',
    );
  });

  it('renders links and images with http(s) or relative addresses', () => {
    expect(renderMarkdown('[site](https://a.example/x?a=1&b=2 "Site") and [page](../p(1).md)')).toBe(
      '<p><a href="https://a.example/x?a=1&amp;b=2" title="Site" rel="nofollow noopener noreferrer">site</a> and ' +
        '<a href="../p(1).md" rel="nofollow noopener noreferrer">page</a></p>',
    );
    expect(renderMarkdown('![a "cat"](/img/cat.png)')).toBe(
      '<p><img src="/img/cat.png" alt="a &quot;cat&quot;" loading="lazy"></p>',
    );
  });

  it('leaves text that is not a link as text', () => {
    expect(renderMarkdown('[a] (b) [c](d e f) [g](')).toBe('<p>[a] (b) [c](d e f) [g](</p>');
  });
});

describe('renderMarkdown: hostile input', () => {
  it('escapes raw HTML instead of passing it', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<a href="javascript:x">y</a>',
    );
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>&lt;img src=x onerror=alert(1)&gt;</p>\n' +
        '<p>&lt;a href=&quot;javascript:x&quot;&gt;y&lt;/a&gt;</p>',
    );
  });

  it('keeps the text of a link or image with a dangerous address but drops the address', () => {
    expect(renderMarkdown('[click](javascript:alert(1))')).toBe('<p>click</p>');
    expect(renderMarkdown('[click](JaVaScRiPt:alert(1))')).toBe('<p>click</p>');
    expect(renderMarkdown('[click](data:text/html;base64,PHNjcmlwdD4=)')).toBe('<p>click</p>');
    expect(renderMarkdown('![x](javascript:alert(1))')).toBe('<p>x</p>');
    expect(renderMarkdown('[c](java&#x09;script:alert(1))')).toBe(
      '<p><a href="java&amp;#x09;script:alert(1)" rel="nofollow noopener noreferrer">c</a></p>',
    );
  });

  it('cannot break out of an attribute', () => {
    const html = renderMarkdown('![x" onerror="alert(1)](/a.png) [y](/b"onmouseover="alert(1))');
    expect(html).toBe(
      '<p><img src="/a.png" alt="x&quot; onerror=&quot;alert(1)" loading="lazy"> ' +
        '<a href="/b&quot;onmouseover=&quot;alert(1)" rel="nofollow noopener noreferrer">y</a></p>',
    );
    expectOnlySafeMarkup(html);
  });

  it('cannot break out of a code span or block', () => {
    expect(renderMarkdown('`</code><script>x</script>`')).toBe(
      '<p><code>&lt;/code&gt;&lt;script&gt;x&lt;/script&gt;</code></p>',
    );
  });

  it('survives very deep nesting without overflowing the stack', () => {
    expectOnlySafeMarkup(renderMarkdown('>'.repeat(20000) + ' deep'));
    expectOnlySafeMarkup(renderMarkdown('*_'.repeat(20000) + 'x' + '_*'.repeat(20000)));
    expectOnlySafeMarkup(renderMarkdown('['.repeat(20000) + 'x' + '](/a)'.repeat(20000)));
    expectOnlySafeMarkup(renderMarkdown(Array.from({ length: 2000 }, (_, i) => ' '.repeat(i % 40) + '- x').join('\n')));
  });

  it('never emits a script, an event attribute or an address other than http(s) or relative', () => {
    const fragment = fc.constantFrom(
      '<script>alert(1)</script>', '<ScRiPt>', 'javascript:alert(1)', 'JAVASCRIPT:', 'java\tscript:', 'data:text/html,x',
      '"><img src=x onerror=alert(1)>', ' onload=', 'onerror="x"', '&#106;', '&quot;', "'", '"', '<', '>', '&',
      '[', ']', '(', ')', '![', '](', '](javascript:x)', '](/ok)', '](http://a.b)', '*', '**', '_', '__', '`', '```',
      '~~~', '\\', '\n', '\n\n', '> ', '- ', '  - ', '1. ', '# ', '---', ' ', 'a', '中',
    ); // prettier-ignore
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        expectOnlySafeMarkup(renderMarkdown(parts.join('')));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expectOnlySafeMarkup(renderMarkdown(source));
      }),
    );
  });
});

describe('splitSlides', () => {
  it('splits on lines that are exactly ---, not inside code fences, and drops empty slides', () => {
    expect(splitSlides('# A\n---\n# B\n```\n---\n```\n---  \n\n---\n# C')).toEqual([
      '# A',
      '# B\n```\n---\n```',
      '# C',
    ]);
  });

  it('gives one slide for Markdown without separators and none for empty text', () => {
    expect(splitSlides('# Only\ntext')).toEqual(['# Only\ntext']);
    expect(splitSlides('  \n---\n')).toEqual([]);
  });
});
