// The node site's own pages (issue 14, point 2): small server-rendered HTML, no script, in the
// request's language with a language switch, each state a page with a title, a short explanation and
// a way back to the platform.
import type { Language } from '@tessera/domain';
import type { MessageParams, Translator } from '../../platform/messages';

export type PageFrame = {
  language: Language;
  texts: Translator;
  /** The node's title (or domain) in the header; '' for a host that names no node. */
  siteName: string;
  platformUrl: string;
  /** Where "sign in" leads (the platform's sign-in, then back here); null when nobody needs it. */
  signInUrl: string | null;
  /** Signing out happens on the platform (it ends the site sessions too). */
  signOutUrl: string;
  /** The path shown, to come back to after switching the language. */
  currentPath: string;
  viewer: { username: string } | null;
};

export type PageContent = {
  /** Key of the heading (`nodesites.<state>.title`) and its parameters. */
  titleKey: string;
  bodyKey: string;
  params?: MessageParams;
  /** Text of the node's owner shown as it is (escaped): the pause notice. */
  notice?: { labelKey: string; text: string };
  /** An extra line (for the owner). */
  hintKey?: string;
  /** A strip above the card (the owner of a paused or private node). */
  bannerKey?: string;
  tone: 'neutral' | 'warning' | 'danger';
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

const LANGUAGES: { language: Language; label: string; htmlLang: string }[] = [
  { language: 'zh_CN', label: '中文', htmlLang: 'zh-CN' },
  { language: 'en_US', label: 'English', htmlLang: 'en' },
];

export function localeSwitchUrl(language: Language, currentPath: string): string {
  return `/_site/locale?${new URLSearchParams({ lang: language, returnPath: currentPath }).toString()}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#1f2329;line-height:1.6}
header,footer{display:flex;justify-content:space-between;align-items:center;gap:1rem;max-width:48rem;margin:0 auto;padding:1rem 1.25rem}
.brand{font-weight:600;font-size:1.05rem}nav a{color:#4a5160;text-decoration:none;margin-left:.75rem}nav a[aria-current]{color:#1f2329;font-weight:600}
.banner{max-width:48rem;margin:0 auto 1rem;padding:.6rem 1.25rem;background:#fff7e6;border:1px solid #ffd591;border-radius:8px}
main{max-width:48rem;margin:1.5rem auto;padding:2.5rem 2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.08);border-top:4px solid #2f6fed}
main.warning{border-top-color:#fa8c16}main.danger{border-top-color:#e5484d}
h1{margin:0 0 .75rem;font-size:1.6rem}p{margin:.5rem 0}.hint{color:#4a5160}
blockquote{margin:1rem 0;padding:.75rem 1rem;background:#f5f6f8;border-left:4px solid #fa8c16;white-space:pre-wrap}
blockquote strong{display:block;margin-bottom:.25rem}
.actions{margin-top:1.5rem;display:flex;gap:.75rem;flex-wrap:wrap}
.button{display:inline-block;padding:.5rem 1.1rem;border-radius:6px;background:#2f6fed;color:#fff;text-decoration:none}
.button.secondary{background:#fff;color:#2f6fed;border:1px solid #2f6fed}
footer{color:#5b6270;font-size:.875rem}footer a{color:#4a5160}
`;

export function renderPage(frame: PageFrame, content: PageContent): string {
  const t = (key: string, params?: MessageParams) => escapeHtml(frame.texts.translate(key, frame.language, params));
  const title = t(content.titleKey, content.params);
  const htmlLang = LANGUAGES.find((entry) => entry.language === frame.language)?.htmlLang ?? 'zh-CN';
  const switcher = LANGUAGES.map(({ language, label, htmlLang: lang }) =>
    language === frame.language
      ? `<a href="${escapeHtml(localeSwitchUrl(language, frame.currentPath))}" lang="${lang}" aria-current="true">${label}</a>`
      : `<a href="${escapeHtml(localeSwitchUrl(language, frame.currentPath))}" lang="${lang}">${label}</a>`,
  ).join('');
  const notice = content.notice
    ? `<blockquote><strong>${t(content.notice.labelKey)}</strong>${escapeHtml(content.notice.text)}</blockquote>`
    : '';
  const actions = [
    `<a class="button" href="${escapeHtml(frame.platformUrl)}">${t('nodesites.page.backToPlatform')}</a>`,
    frame.signInUrl && !frame.viewer
      ? `<a class="button secondary" href="${escapeHtml(frame.signInUrl)}">${t('nodesites.page.signIn')}</a>`
      : '',
  ].join('');
  const viewer = frame.viewer
    ? `${t('nodesites.page.signedInAs', { username: frame.viewer.username })} · <a href="${escapeHtml(frame.signOutUrl)}">${t('nodesites.page.signOut')}</a>`
    : t('nodesites.page.visitor');
  return `<!doctype html>
<html lang="${htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${title}${frame.siteName ? ` · ${escapeHtml(frame.siteName)}` : ''}</title><style>${STYLE}</style></head>
<body><header><span class="brand">${escapeHtml(frame.siteName || 'Tessera')}</span><nav aria-label="${t('nodesites.page.language')}">${switcher}</nav></header>
${content.bannerKey ? `<div class="banner" role="status">${t(content.bannerKey)}</div>` : ''}<main class="${content.tone}"><h1>${title}</h1><p>${t(content.bodyKey, content.params)}</p>${notice}${content.hintKey ? `<p class="hint">${t(content.hintKey)}</p>` : ''}<div class="actions">${actions}</div></main>
<footer><span>${viewer}</span><span>${t('nodesites.page.poweredBy')}</span></footer></body></html>
`;
}
