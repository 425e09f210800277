import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authNotice } from './auth-notice';
import { contentNeedOf } from './content';
import { escapeHtml } from './escape';
import { renderExhibitPage } from './exhibit-page';
import { SLIDES_SCRIPT } from './slides';
import { pageInput, skeleton } from './testing';

const STREAM = '/v2/auths/exhibits/80000000/e1/fileStream';

function withText(resourceType: string[], text: string, overrides: Parameters<typeof pageInput>[1] = {}): string {
  return renderExhibitPage(pageInput(resourceType, { content: { fileStreamUrl: STREAM, text }, ...overrides }));
}

describe('renderExhibitPage: the frame', () => {
  it('titles the page with the exhibit and the node, and heads it with type, version and intro', () => {
    const html = renderExhibitPage(
      pageInput(['image'], { exhibit: { ...pageInput(['image']).exhibit, tags: ['sky', 'red'] } }),
    );
    expect(html).toContain('<title>Sunset - Demo Gallery</title>');
    expect(html).toContain(
      '<h1 id="exhibit-title">Sunset</h1>\n<p class="code">Image · Version 1.0.0</p>\n<p class="lead">An evening</p>',
    );
    expect(html).toContain('<p class="crumbs"><a href="/">← Back to exhibits</a></p>');
    expect(html).toContain('<ul class="tags" aria-label="Tags"><li>sky</li><li>red</li></ul>');
    expect(html).toContain('<article aria-labelledby="exhibit-title">');
  });

  it('is in Chinese for zh_CN', () => {
    const html = renderExhibitPage({ ...pageInput(['image']), language: 'zh_CN' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('图片 · 版本 1.0.0');
    expect(html).toContain('返回展品列表');
  });
});

describe('renderExhibitPage: content by type', () => {
  it('says what each type needs loaded', () => {
    expect(['image', 'audio', 'video'].map((code) => contentNeedOf([code]))).toEqual(['stream', 'stream', 'stream']);
    expect(['markdown', 'json', 'reveal_slide', 'license'].map((code) => contentNeedOf([code]))).toEqual([
      'text', 'text', 'text', 'text',
    ]); // prettier-ignore
    expect(contentNeedOf(['catalog'])).toBe('items');
    expect(['widget', 'theme', 'mystery', ''].map((code) => contentNeedOf([code]))).toEqual([
      'none',
      'none',
      'none',
      'none',
    ]);
  });

  it('shows an image from the file stream with the title as alt text', () => {
    expect(renderExhibitPage(pageInput(['image', '插画']))).toContain(
      `<figure class="media"><img src="${STREAM}" alt="Sunset"></figure>`,
    );
  });

  it('plays audio and video from the file stream (which serves Range) with controls and a fallback link', () => {
    const audio = renderExhibitPage(pageInput(['audio']));
    expect(audio).toContain(`<audio controls preload="metadata" src="${STREAM}"><p>`);
    expect(audio).toContain(`<a href="${STREAM}">Open the file</a></p></audio>`);
    const input = pageInput(['video']);
    const video = renderExhibitPage({ ...input, exhibit: { ...input.exhibit, coverImages: ['/covers/v.jpg'] } });
    expect(video).toContain(`<video controls playsinline preload="metadata" src="${STREAM}" poster="/covers/v.jpg">`);
  });

  it('renders markdown sanitised, its headings under the page heading', () => {
    const html = withText(['markdown'], '# Intro\n\nHello <script>alert(1)</script> [x](javascript:alert(1)) **bold**');
    expect(html).toContain(
      '<div class="prose">\n<h2>Intro</h2>\n<p>Hello &lt;script&gt;alert(1)&lt;/script&gt; x <strong>bold</strong></p>\n</div>',
    );
    expect(html).not.toContain('<script');
  });

  it('pretty-prints JSON, escaped', () => {
    expect(withText(['json'], '{"a":[1,"<b>"]}')).toContain(
      '<pre><code class="language-json">{\n  &quot;a&quot;: [\n    1,\n    &quot;&lt;b&gt;&quot;\n  ]\n}</code></pre>',
    );
  });

  it('shows invalid JSON as written, with a note', () => {
    const html = withText(['json'], '{"a": <oops>');
    expect(html).toContain('The content is not valid JSON; it is shown as written.');
    expect(html).toContain('<pre><code>{&quot;a&quot;: &lt;oops&gt;</code></pre>');
  });

  it('shows licence text escaped, keeping its line breaks', () => {
    expect(withText(['license'], 'Line 1\n  <Line 2>\n\nLine 4')).toContain(
      '<pre class="license">Line 1\n  &lt;Line 2&gt;\n\nLine 4</pre>',
    );
  });

  it('lists a collection’s items, linking those that have a page', () => {
    const html = renderExhibitPage(
      pageInput(['catalog'], {
        content: {
          fileStreamUrl: STREAM,
          items: [
            { title: 'Chapter <1>', resourceType: ['markdown'], url: '/exhibits/e1/items/a' },
            { title: 'Chapter 2', resourceType: ['image'], url: '' },
          ],
        },
      }),
    );
    expect(html).toContain('<h2>In this collection</h2>');
    expect(html).toContain(
      '<li><a href="/exhibits/e1/items/a">Chapter &lt;1&gt;</a> <span class="code">Markdown</span></li>',
    );
    expect(html).toContain('<li><span>Chapter 2</span> <span class="code">Image</span></li>');
  });

  it('says so when a collection is empty', () => {
    expect(renderExhibitPage(pageInput(['catalog']))).toContain('<p class="empty">This collection is empty</p>');
  });

  it.each([['widget'], ['theme'], ['mystery']])(
    'explains that a %s cannot be shown, with a link when one is allowed',
    (code) => {
      const withLink = renderExhibitPage(
        pageInput([code], { content: { fileStreamUrl: STREAM, openUrl: '/download/e1' } }),
      );
      expect(withLink).toMatch(
        /can&#39;t be shown here\.<\/p>\n<p><a class="button" href="\/download\/e1">Download<\/a><\/p>/,
      );
      const without = renderExhibitPage(pageInput([code]));
      expect(without).toContain('can&#39;t be shown here.');
      expect(without).not.toContain('Download');
      const unsafe = renderExhibitPage(
        pageInput([code], { content: { fileStreamUrl: STREAM, openUrl: 'javascript:x' } }),
      );
      expect(unsafe).not.toContain('Download');
    },
  );

  it('says the content could not be loaded when a text type comes without its text, or no content comes', () => {
    expect(renderExhibitPage(pageInput(['markdown']))).toContain('The exhibit&#39;s content could not be loaded');
    expect(renderExhibitPage(pageInput(['image'], { content: undefined }))).toContain(
      'The exhibit&#39;s content could not be loaded',
    );
  });
});

describe('renderExhibitPage: slides', () => {
  const deck = '# One\n---\n# Two\n---\n# Three';

  it('cuts the Markdown into slides with previous / next controls', () => {
    const html = withText(['reveal_slide'], deck);
    expect(html.match(/<div class="slide" role="group" aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="2 / 3">\n<h2>Two</h2>\n</div>');
    expect(html).toContain('data-position-text="Slide {index} of {count}"');
    expect(html).toContain('<button type="button" data-prev>Previous slide</button>');
    expect(html).toContain('<span data-position aria-live="polite">Slide 1 of 3</span>');
  });

  it('inlines the script with the CSP nonce it is given', () => {
    const html = withText(['reveal_slide'], deck, { script: { nonce: 'n0nce"x' } });
    expect(html).toContain(`<script nonce="n0nce&quot;x">${SLIDES_SCRIPT}</script>`);
  });

  it('or loads it from the route it is given', () => {
    expect(withText(['reveal_slide'], deck, { script: { src: '/_theme/slides.js' } })).toContain(
      '<script src="/_theme/slides.js" defer></script>',
    );
    expect(withText(['reveal_slide'], deck, { script: { src: 'javascript:alert(1)' } })).not.toContain('<script');
  });

  it('has no script without a way to deliver it, nor for a single slide', () => {
    expect(withText(['reveal_slide'], deck)).not.toContain('<script');
    expect(withText(['reveal_slide'], '# Only', { script: { nonce: 'n' } })).not.toContain('<script');
  });

  it('uses arrow keys and never writes HTML from the page (textContent only)', () => {
    expect(SLIDES_SCRIPT).toContain('ArrowRight');
    expect(SLIDES_SCRIPT).toContain('ArrowLeft');
    expect(SLIDES_SCRIPT).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(/);
  });
});

describe('renderExhibitPage: not authorised', () => {
  const SIGN_IN = 'http://console.localhost/login?redirect=http%3A%2F%2Fdemo.localhost%2F';
  const SIGN = 'http://console.localhost/sign?exhibitId=e1';
  const visitor = { userId: 50001, userName: 'alice' };

  it.each([
    // authCode, defaulter, signed in?, the message, the button's text and address (or none)
    [502, 4, false, 'Sign in to view it or get a licence.', 'Sign in', SIGN_IN],
    [303, 4, true, "Sign one of this exhibit's policies to view it.", 'Sign a licence', SIGN],
    [304, 4, true, 'Your contracts have ended; sign again to view it.', 'Sign a licence', SIGN],
    [
      301,
      4,
      true,
      'Your contract is not in effect yet (for example, payment is due); complete it to view the exhibit.',
      'View contract and pay',
      SIGN,
    ],
    [306, 4, true, 'Your contract is in an exception state; check its details.', 'View contract and pay', SIGN],
    [305, 4, true, 'The contract given does not belong to this exhibit.', 'Sign a licence', SIGN],
    [501, 4, true, 'Automatic signing failed; sign a policy yourself.', 'Sign a licence', SIGN],
    [302, 4, true, "This exhibit's policies are not offered to you.", null, null],
    [301, 2, true, "The node's licence for this exhibit is not in effect; the node's owner must renew it.", null, null],
    [
      307,
      2,
      false,
      "The node's licence for this exhibit is not in effect; the node's owner must renew it.",
      null,
      null,
    ],
    [
      304,
      1,
      true,
      "A licence further up this exhibit's resources is not in effect; the resource's author must fix it.",
      null,
      null,
    ],
    [401, 128, true, 'The exhibit does not exist or was deleted.', null, null],
    [402, 128, false, 'The exhibit is offline.', null, null],
    [403, 1, true, 'The exhibit or a resource it uses is frozen.', null, null],
    [503, 4, true, 'You are not allowed to view this content.', null, null],
    [504, 2, false, 'The node is frozen or paused.', null, null],
    [900, 128, true, 'The licence check failed; try again later.', null, null],
  ] as const)(
    'code %i, defaulter %i, signed in %s: tells why and offers the way out',
    (authCode, defaulter, signedIn, message, button, href) => {
      const html = renderExhibitPage(
        pageInput(['video'], {
          auth: { authCode, isAuth: false, defaulterIdentityType: defaulter },
          visitor: signedIn ? visitor : null,
        }),
      );
      expect(html).toContain('<section class="notice" aria-labelledby="auth-title">');
      expect(html).toContain('<h2 id="auth-title">You can&#39;t view this exhibit yet</h2>');
      expect(html).toContain(`<p>${escapeHtml(message)}</p>`);
      expect(html).toContain(`Auth code ${authCode}`);
      if (button === null) expect(html).not.toContain('class="button"');
      else expect(html).toContain(`<p><a class="button" href="${escapeHtml(href)}">${button}</a></p>`);
      expect(html).not.toContain(STREAM); // the content is not shown, nor linked
      expect(html).not.toContain('<video');
    },
  );

  it('asks an anonymous visitor to sign in whatever consumer code came back', () => {
    expect(authNotice({ authCode: 303, isAuth: false, defaulterIdentityType: 4 }, null)).toEqual({
      message: 'signIn',
      action: 'signIn',
    });
  });

  it('explains in Chinese too', () => {
    const html = renderExhibitPage({
      ...pageInput(['image'], { auth: { authCode: 301, isAuth: false, defaulterIdentityType: 2 } }),
      language: 'zh_CN',
    });
    expect(html).toContain('<h2 id="auth-title">暂时无法查看此展品</h2>');
    expect(html).toContain('需由节点主人续签授权后才能查看');
    expect(html).toContain('授权码 301');
  });

  it('shows no button when its address is unsafe', () => {
    const html = renderExhibitPage(
      pageInput(['image'], {
        auth: { authCode: 303, isAuth: false, defaulterIdentityType: 4 },
        visitor,
        signUrl: 'javascript:x',
      }),
    );
    expect(html).not.toContain('class="button"');
  });
});

describe('renderExhibitPage: escaping', () => {
  it('keeps the same markup whatever text is interpolated', () => {
    const text = fc.string({
      minLength: 1,
      maxLength: 30,
      unit: fc.constantFrom('<', '>', '"', "'", '&', '=', 'a', ' ', '\n', '中'),
    });
    const render = (value: string, resourceType: string[]): string => {
      const input = pageInput(resourceType);
      return renderExhibitPage({
        ...input,
        visitor: { userId: 1, userName: value },
        exhibit: { ...input.exhibit, title: value, intro: value, tags: [value, value], version: value },
        content: { fileStreamUrl: STREAM, text: value, items: [{ title: value, resourceType: [value], url: '/x' }] },
      });
    };
    for (const type of [['image'], ['audio'], ['license'], ['catalog'], ['widget', 'x']]) {
      const reference = skeleton(render('a', type));
      fc.assert(
        fc.property(text, (value) => {
          expect(skeleton(render(value, type))).toBe(reference);
        }),
        { numRuns: 50 },
      );
    }
  });
});
