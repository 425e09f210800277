import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attr, escapeHtml, queryString, safeUrl, urlAttr } from './escape';

/** Characters that matter to HTML, mixed with ordinary ones, so generated text is hostile often. */
const htmlish = fc.constantFrom('<', '>', '"', "'", '&', ';', '#', '=', '/', 'a', '1', ' ', '\n', '中');

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('never lets a markup character through, and decoding gives the text back', () => {
    const decode = (html: string): string =>
      html
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: htmlish })), (text) => {
        const escaped = escapeHtml(text);
        expect(escaped).not.toMatch(/[<>"']/);
        expect(escaped.replace(/&(?:amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
        expect(decode(escaped)).toBe(text);
      }),
    );
  });
});

describe('safeUrl', () => {
  it('accepts http, https, protocol-relative and relative addresses', () => {
    for (const address of [
      'http://a.example/x',
      'HTTPS://a.example/x?y=1#z',
      '//cdn.example/a.png',
      '/v2/auths/exhibits/1/2/fileStream',
      'images/a.png',
      '?page=2',
      '#top',
      'a/b:c',
    ]) {
      expect(safeUrl(address), address).toBe(address);
    }
  });

  it('refuses every other scheme, however it is disguised', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'mailto:a@b.c',
      '\\javascript:alert(1)',
      '',
      '   ',
    ]) {
      expect(safeUrl(address), JSON.stringify(address)).toBeNull();
    }
  });

  it('drops the characters browsers ignore, so what is checked is what is followed', () => {
    expect(safeUrl(' /a\tb\n ')).toBe('/ab');
  });

  it('never answers an address a browser would read with a scheme other than http(s)', () => {
    fc.assert(
      fc.property(fc.string(), (address) => {
        const safe = safeUrl(address);
        if (safe === null) return;
        const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(safe);
        if (scheme) expect(scheme[1]?.toLowerCase()).toMatch(/^https?$/);
      }),
    );
  });
});

describe('attributes and queries', () => {
  it('escapes attribute values and leaves out unsafe addresses', () => {
    expect(attr('alt', '"><img onerror=alert(1)>')).toBe(' alt="&quot;&gt;&lt;img onerror=alert(1)&gt;"');
    expect(urlAttr('href', 'javascript:alert(1)')).toBe('');
    expect(urlAttr('href', '/a?b=1&c="2"')).toBe(' href="/a?b=1&amp;c=&quot;2&quot;"');
  });

  it('builds query strings, skipping empty values', () => {
    expect(queryString({ keywords: 'a b&c', type: '', page: 2, lang: undefined })).toBe('?keywords=a%20b%26c&page=2');
    expect(queryString({ type: '' })).toBe('');
  });
});
