import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accessBadge } from './badges';
import { pageNumbers, renderExhibitList } from './exhibit-list';
import { THEME_CSS } from './styles';
import { card, listInput, skeleton } from './testing';

describe('renderExhibitList: the page frame', () => {
  it('is a complete, landmarked document in the page language', () => {
    const html = renderExhibitList(listInput());
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<title>Demo Gallery</title>');
    expect(html).toContain('<a class="skip" href="#main">Skip to content</a>');
    expect(html).toMatch(/<header class="top">[\s\S]*<main id="main"[\s\S]*<footer>/);
    expect(html).toContain('<h1>Demo Gallery</h1>');
    expect(html).toContain('<p class="lead">Things to see</p>');
    expect(html).toContain('<img src="/static/logo.png" alt="">');
    expect(html).toContain('<meta name="viewport"');
  });

  it('speaks Chinese for zh_CN', () => {
    const html = renderExhibitList({ ...listInput(), language: 'zh_CN' });
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('>登录</a>');
    expect(html).toContain('>跳到正文</a>');
    expect(html).toContain('>图片</span>');
    expect(html).not.toContain('Sign in');
  });

  it('falls back to the node name when the node has no title', () => {
    const input = listInput();
    const html = renderExhibitList({ ...input, node: { ...input.node, nodeTitle: ' ', nodeLogo: '' } });
    expect(html).toContain('<h1>demo</h1>');
    expect(html).not.toContain('logo.png');
  });

  it('offers "Sign in" to visitors and names a signed-in user', () => {
    const anonymous = renderExhibitList(listInput());
    expect(anonymous).toContain(
      '<a href="http://console.localhost/login?redirect=http%3A%2F%2Fdemo.localhost%2F">Sign in</a>',
    );
    const signedIn = renderExhibitList({ ...listInput(), visitor: { userId: 50001, userName: 'alice' } });
    expect(signedIn).toContain('Signed in as alice');
    expect(signedIn).not.toContain('>Sign in<');
  });

  it('offers "Sign out" when the caller gives its address', () => {
    const html = renderExhibitList({
      ...listInput(),
      visitor: { userId: 50001, userName: 'alice' },
      signOutUrl: 'http://localhost/logout',
    });
    expect(html).toContain('<span>Signed in as alice</span> <a href="http://localhost/logout">Sign out</a>');
  });

  it('shows the banner it is given above the content', () => {
    const html = renderExhibitList({ ...listInput(), banner: 'Paused <for visitors>' });
    expect(html).toContain('<p class="notice" role="note">Paused &lt;for visitors&gt;</p>');
    expect(renderExhibitList(listInput())).not.toContain('role="note"');
  });

  it('uses the language links it is given', () => {
    const html = renderExhibitList({
      ...listInput(),
      languageUrls: {
        zh_CN: '/_site/locale?lang=zh_CN&returnPath=%2F',
        en_US: '/_site/locale?lang=en_US&returnPath=%2F',
      },
    });
    expect(html).toContain('<a href="/_site/locale?lang=zh_CN&amp;returnPath=%2F" lang="zh-CN"');
  });

  it('switches language with ?lang=, keeping the rest of the query and marking the current one', () => {
    const html = renderExhibitList({ ...listInput(), query: { keywords: 'sea', lang: 'zh_CN' } });
    expect(html).toContain('<a href="/?keywords=sea&amp;lang=zh_CN" lang="zh-CN" hreflang="zh-CN">中文</a>');
    expect(html).toContain(
      '<a href="/?keywords=sea&amp;lang=en_US" lang="en" hreflang="en" aria-current="true">English</a>',
    );
  });

  it('keeps its stylesheet small', () => {
    expect(new TextEncoder().encode(THEME_CSS).length).toBeLessThan(8 * 1024);
    expect(THEME_CSS).toContain(':focus-visible');
  });

  it('has no script at all', () => {
    expect(renderExhibitList(listInput())).not.toContain('<script');
  });
});

describe('renderExhibitList: cards', () => {
  it('shows the cover, or a decorative type icon, with the title, type and link', () => {
    const html = renderExhibitList(
      listInput({
        exhibits: [
          card({ coverImages: ['javascript:x', '/covers/a.png'], title: 'With cover' }),
          card({ exhibitId: 'e2', url: '/exhibits/e2', resourceType: ['audio', '播客'], title: 'No cover' }),
        ],
        paging: { page: 1, pageSize: 20, totalItems: 2 },
      }),
    );
    expect(html).toContain(
      '<a href="/exhibits/e1"><div class="cover"><img src="/covers/a.png" alt="" loading="lazy"></div><h3>With cover</h3></a>',
    );
    expect(html).toContain(
      '<a href="/exhibits/e2"><div class="cover"><span class="icon" aria-hidden="true">♪</span></div><h3>No cover</h3></a>',
    );
    expect(html).toContain('<span>Audio · 播客</span>');
    expect(html).toContain('Exhibits: 2');
    expect(html).not.toContain('javascript:');
  });

  it('badges each card from the auth summary', () => {
    const html = renderExhibitList(
      listInput({
        exhibits: [
          card({ title: 'A', auth: { authCode: 201, isAuth: true, defaulterIdentityType: 0 } }),
          card({ title: 'B', auth: { authCode: 502, isAuth: false, defaulterIdentityType: 4 }, pricing: 'paid' }),
          card({ title: 'C', auth: { authCode: 301, isAuth: false, defaulterIdentityType: 2 } }),
          card({ title: 'D' }),
        ],
      }),
    );
    expect(html).toContain('<span class="badge badge-free">Free</span>');
    expect(html).toContain('<span class="badge badge-paid">Paid</span>');
    expect(html).toContain('<span class="badge badge-needsLicence">Needs licence</span>');
    expect(html.match(/class="badge /g)).toHaveLength(3);
  });

  it.each([
    [{ authCode: 200, isAuth: true, defaulterIdentityType: 0 }, 'unknown', 'licensed'],
    [{ authCode: 201, isAuth: true, defaulterIdentityType: 0 }, 'unknown', 'free'],
    [{ authCode: 203, isAuth: true, defaulterIdentityType: 0 }, 'paid', 'free'],
    [{ authCode: 502, isAuth: false, defaulterIdentityType: 4 }, 'free', 'free'],
    [{ authCode: 502, isAuth: false, defaulterIdentityType: 4 }, 'paid', 'paid'],
    [{ authCode: 303, isAuth: false, defaulterIdentityType: 4 }, 'unknown', 'paid'],
    [{ authCode: 301, isAuth: false, defaulterIdentityType: 2 }, 'free', 'needsLicence'],
    [{ authCode: 304, isAuth: false, defaulterIdentityType: 1 }, 'free', 'needsLicence'],
    [{ authCode: 402, isAuth: false, defaulterIdentityType: 128 }, 'free', 'unavailable'],
    [{ authCode: 504, isAuth: false, defaulterIdentityType: 2 }, 'free', 'needsLicence'],
  ] as const)('accessBadge(%o, %s) is %s', (auth, pricing, badge) => {
    expect(accessBadge(auth, pricing)).toBe(badge);
  });
});

describe('renderExhibitList: search, filters and paging', () => {
  it('keeps the keywords in the search box and the chosen type in a hidden field', () => {
    const html = renderExhibitList(listInput({ listQuery: { keywords: 'sea "blue"', type: 'image' } }));
    expect(html).toContain('<form class="search" role="search" method="get" action="/">');
    expect(html).toContain('name="keywords" type="search" value="sea &quot;blue&quot;"');
    expect(html).toContain('<input type="hidden" name="type" value="image">');
    expect(html).toContain('<label class="sr-only" for="keywords">Search exhibits</label>');
  });

  it('offers type chips that keep the keywords and mark the chosen type', () => {
    const html = renderExhibitList(
      listInput({ listQuery: { keywords: 'sea', type: 'video' }, typeFilters: ['image', 'video'] }),
    );
    expect(html).toContain('<li><a href="/?keywords=sea">All</a></li>');
    expect(html).toContain('<li><a href="/?keywords=sea&amp;type=image">Image</a></li>');
    expect(html).toContain('<li><a href="/?keywords=sea&amp;type=video" aria-current="page">Video</a></li>');
    expect(html).not.toContain('type=audio');
  });

  it('links the previous and next pages, keeping the filters', () => {
    const html = renderExhibitList(
      listInput({ listQuery: { keywords: 'a', type: 'image' }, paging: { page: 2, pageSize: 10, totalItems: 35 } }),
    );
    expect(html).toContain('<a href="/?keywords=a&amp;type=image" rel="prev">Previous page</a>');
    expect(html).toContain('<span aria-current="page">Page 2 of 4</span>');
    expect(html).toContain('<a href="/?keywords=a&amp;type=image&amp;page=3" rel="next">Next page</a>');
  });

  it('shows no paging on a single page and no next link on the last', () => {
    expect(renderExhibitList(listInput())).not.toContain('class="pages"');
    const last = renderExhibitList(listInput({ paging: { page: 2, pageSize: 10, totalItems: 20 } }));
    expect(last).toContain('rel="prev"');
    expect(last).not.toContain('rel="next"');
  });

  it('clamps page numbers', () => {
    expect(pageNumbers({ page: 9, pageSize: 10, totalItems: 15 })).toEqual({ page: 2, pages: 2 });
    expect(pageNumbers({ page: 0, pageSize: 0, totalItems: 0 })).toEqual({ page: 1, pages: 1 });
  });

  it('has an empty state for a node without exhibits', () => {
    const html = renderExhibitList(listInput({ exhibits: [], paging: { page: 1, pageSize: 20, totalItems: 0 } }));
    expect(html).toContain('<div class="empty"><p>This node has no exhibits yet</p></div>');
    expect(html).not.toContain('class="grid"');
  });

  it('has an empty state for a search without results, with a way back to everything', () => {
    const html = renderExhibitList(
      listInput({
        exhibits: [],
        listQuery: { keywords: 'zzz', type: '' },
        paging: { page: 1, pageSize: 20, totalItems: 0 },
        language: 'zh_CN',
      }),
    );
    expect(html).toContain('<p>没有符合条件的展品</p><p><a href="/">查看全部展品</a></p>');
  });
});

describe('renderExhibitList: escaping', () => {
  it('escapes a hostile node, visitor, exhibit and query', () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
    const html = renderExhibitList(
      listInput({
        node: { nodeName: evil, nodeTitle: evil, nodeShortDescription: evil, nodeLogo: 'javascript:alert(1)' },
        visitor: { userId: 1, userName: evil },
        exhibits: [card({ title: evil, resourceType: [evil, evil], url: 'javascript:alert(1)' })],
        listQuery: { keywords: evil, type: evil },
        query: { [evil]: evil },
        signInUrl: evil,
      }),
    );
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
  });

  it('keeps the same markup whatever text is interpolated', () => {
    const text = fc.string({
      minLength: 1,
      maxLength: 30,
      unit: fc.constantFrom('<', '>', '"', "'", '&', '=', 'a', ' ', '中'),
    });
    const render = (value: string): string =>
      renderExhibitList(
        listInput({
          node: { nodeName: value, nodeTitle: value, nodeShortDescription: value, nodeLogo: '/logo.png' },
          visitor: { userId: 1, userName: value },
          exhibits: [card({ title: value, resourceType: ['image', value] })],
          listQuery: { keywords: value, type: 'image' },
          query: { keywords: value },
        }),
      );
    const reference = skeleton(render('a'));
    fc.assert(
      fc.property(text, (value) => {
        expect(skeleton(render(value))).toBe(reference);
      }),
    );
  });
});
