// The frame every page shares: document head, skip link, the banner with the node's logo and title,
// the visitor (name, or "Sign in") and the language switch, then the page's main content and a footer.
import { LANGUAGES, type Language } from '@tessera/domain';
import { attr, escapeHtml, queryString, urlAttr } from './escape';
import { THEME_CSS } from './styles';
import { htmlLang, type Translate } from './texts';
import type { ThemeNode, ThemePageBase } from './types';

/** Each language's own name, written in that language (so not translated). */
const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { zh_CN: '中文', en_US: 'English' };

export function nodeTitle(node: ThemeNode): string {
  return node.nodeTitle.trim() === '' ? node.nodeName : node.nodeTitle;
}

export function homeUrl(base: ThemePageBase): string {
  return base.homeUrl ?? '/';
}

export interface PageParts {
  /** The document title (text). */
  title: string;
  /** The HTML inside <main>. */
  main: string;
  /** HTML after <footer> (the slides' script). */
  tail?: string;
}

export function renderPage(base: ThemePageBase, t: Translate, parts: PageParts): string {
  const { node, language } = base;
  return `<!doctype html>
<html${attr('lang', htmlLang(language))}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>${
    node.nodeShortDescription === '' ? '' : `\n<meta name="description"${attr('content', node.nodeShortDescription)}>`
  }
<style>${THEME_CSS.trim()}</style>
</head>
<body>
<a class="skip" href="#main">${escapeHtml(t('skipToContent'))}</a>
${renderBanner(base, t)}
<main id="main" tabindex="-1"><div class="wrap">${
    base.banner === undefined || base.banner === ''
      ? ''
      : `\n<p class="notice" role="note">${escapeHtml(base.banner)}</p>`
  }
${parts.main}
</div></main>
<footer><div class="wrap">${escapeHtml(t('poweredBy'))}</div></footer>${parts.tail ?? ''}
</body>
</html>
`;
}

function renderBanner(base: ThemePageBase, t: Translate): string {
  const { node, visitor } = base;
  const logo = node.nodeLogo === '' ? '' : `<img${urlAttr('src', node.nodeLogo)} alt="">`;
  const who =
    visitor === null
      ? `<a${urlAttr('href', base.signInUrl)}>${escapeHtml(t('signIn'))}</a>`
      : `<span>${escapeHtml(t('signedInAs', { name: visitor.userName }))}</span>${signOut(base, t)}`;
  return `<header class="top"><div class="wrap">
<a class="brand"${urlAttr('href', homeUrl(base))}>${logo}<span>${escapeHtml(nodeTitle(node))}</span></a>
<div class="who">${who}</div>
${renderLanguageSwitch(base, t)}
</div></header>`;
}

function signOut(base: ThemePageBase, t: Translate): string {
  const href = base.signOutUrl === undefined ? '' : urlAttr('href', base.signOutUrl);
  return href === '' ? '' : ` <a${href}>${escapeHtml(t('signOut'))}</a>`;
}

function renderLanguageSwitch(base: ThemePageBase, t: Translate): string {
  const links = LANGUAGES.map((language) => {
    const href = base.languageUrls?.[language] ?? base.path + queryString({ ...base.query, lang: language });
    const current = language === base.language ? ' aria-current="true"' : '';
    return `<li><a${urlAttr('href', href)}${attr('lang', htmlLang(language))}${attr('hreflang', htmlLang(language))}${current}>${escapeHtml(LANGUAGE_NAMES[language])}</a></li>`;
  });
  return `<nav${attr('aria-label', t('language'))}><ul>${links.join('')}</ul></nav>`;
}
