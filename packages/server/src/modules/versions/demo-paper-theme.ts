// Bob's demo theme app "paper-theme" (DEMO_DATA): a small site built on the theme SDK
// (modules/sitethemes/THEMES.md) — the node's exhibits with a search and pages, and an exhibit's page
// with its content, or the way to sign in or to get access on the platform. Chinese and English.
// Its files are written here as text and zipped by the demo loader.

const INDEX_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Paper</title>
  <link rel="stylesheet" href="/style.css">
  <script src="/_site/sdk.js" defer></script>
  <script src="/app.js" defer></script>
</head>
<body>
  <header>
    <h1><a id="site-title" href="/">Paper</a></h1>
    <nav id="account"></nav>
  </header>
  <main id="app" aria-live="polite"></main>
  <footer id="footer"></footer>
</body>
</html>
`;

const STYLE_CSS = `body { margin: 0 auto; max-width: 46rem; padding: 1rem; font: 16px/1.6 Georgia, serif;
  background: #fbf8f1; color: #2b2b2b; }
header { display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid #d8cfbf; }
header h1 { margin: .5rem 0; font-size: 1.5rem; font-weight: normal; }
#site-title { color: inherit; text-decoration: none; }
nav { display: flex; align-items: center; gap: .75rem; }
ul.exhibits { list-style: none; padding: 0; }
ul.exhibits li { padding: .75rem 0; border-bottom: 1px dashed #d8cfbf; }
ul.exhibits img { width: 96px; height: 64px; object-fit: cover; float: right; }
.content img, .content video { max-width: 100%; }
.content pre { white-space: pre-wrap; background: #fff; padding: 1rem; }
.notice { background: #fff4d6; padding: 1rem; }
button { font: inherit; cursor: pointer; }
footer { margin-top: 2rem; color: #6b6356; font-size: .875rem; }
`;

const APP_JS = `'use strict';
const TEXTS = {
  zh_CN: {
    search: '搜索', previous: '上一页', next: '下一页', empty: '这里还没有展品。', back: '返回列表',
    signIn: '登录', signedInAs: '你好，', notFound: '没有这个展品。', loading: '加载中…',
    getAccess: '获取授权', needSignIn: '登录后才能查看这个展品。', needAccess: '这个展品需要签约或付款后才能查看。',
    unavailable: '这个展品暂时无法查看。', open: '打开内容', language: 'English', footer: '纸张主题 · Tessera',
    failed: '加载失败，请稍后再试。',
  },
  en_US: {
    search: 'Search', previous: 'Previous', next: 'Next', empty: 'No exhibits here yet.', back: 'Back to the list',
    signIn: 'Sign in', signedInAs: 'Hello, ', notFound: 'There is no such exhibit.', loading: 'Loading…',
    getAccess: 'Get access', needSignIn: 'Sign in to see this exhibit.', needAccess: 'This exhibit needs a contract or a payment first.',
    unavailable: 'This exhibit cannot be shown right now.', open: 'Open the content', language: '中文', footer: 'Paper theme · Tessera',
    failed: 'Loading failed; please try again later.',
  },
};
const lang = Tessera.language();
const t = (key) => TEXTS[lang][key];
const app = document.getElementById('app');

function el(tag, props, ...children) {
  const node = Object.assign(document.createElement(tag), props || {});
  for (const child of children) node.append(child);
  return node;
}

function button(label, onClick) {
  return el('button', { type: 'button', textContent: label, onclick: onClick });
}

async function header() {
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  document.getElementById('footer').textContent = t('footer');
  const site = await Tessera.current();
  const title = site.node ? site.node.nodeTitle || site.node.nodeName : 'Paper';
  document.getElementById('site-title').textContent = title;
  document.title = title;
  const nav = document.getElementById('account');
  nav.replaceChildren(button(t('language'), () => Tessera.setLanguage(lang === 'zh_CN' ? 'en_US' : 'zh_CN')));
  if (site.viewer) nav.append(el('span', { textContent: t('signedInAs') + site.viewer.username }));
  else nav.append(button(t('signIn'), () => Tessera.signIn()));
}

async function listPage(params) {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const keywords = params.get('keywords') || '';
  const result = await Tessera.listExhibits({ page, keywords, limit: 10 });
  const form = el('form', { role: 'search' },
    el('input', { name: 'keywords', value: keywords, ariaLabel: t('search') }),
    el('button', { type: 'submit', textContent: t('search') }));
  const list = el('ul', { className: 'exhibits' });
  for (const exhibit of result.exhibits) {
    const item = el('li', {}, el('a', { href: '/exhibits/' + exhibit.exhibitId, textContent: exhibit.title }));
    if (exhibit.coverImages[0]) item.prepend(el('img', { src: exhibit.coverImages[0], alt: '' }));
    item.append(el('p', { textContent: exhibit.intro }));
    list.append(item);
  }
  const pager = el('p');
  const link = (label, to) => el('a', { href: '/?' + new URLSearchParams({ keywords, page: to }), textContent: label });
  if (page > 1) pager.append(link(t('previous'), page - 1), ' ');
  if (page * result.limit < result.total) pager.append(link(t('next'), page + 1));
  app.replaceChildren(form, result.total === 0 ? el('p', { textContent: t('empty') }) : list, pager);
}

async function content(exhibit) {
  const url = Tessera.fileUrl(exhibit.exhibitId);
  const type = exhibit.resourceType[0] || '';
  if (type === 'image') return el('img', { src: url, alt: exhibit.title });
  if (type === 'audio') return el('audio', { src: url, controls: true });
  if (type === 'video') return el('video', { src: url, controls: true });
  if (type === 'markdown' || type === 'txt' || type === 'json') {
    const response = await Tessera.fetchFile(exhibit.exhibitId);
    return el('pre', { textContent: await response.text() });
  }
  return el('a', { href: url, textContent: t('open') });
}

async function exhibitPage(exhibitId) {
  const { exhibit, auth } = await Tessera.getExhibit(exhibitId);
  const back = el('p', {}, el('a', { href: '/', textContent: t('back') }));
  if (!exhibit) return app.replaceChildren(el('p', { textContent: t('notFound') }), back);
  const title = el('h2', { textContent: exhibit.title });
  if (auth.isAuth) return app.replaceChildren(title, el('div', { className: 'content' }, await content(exhibit)), back);
  const site = await Tessera.current();
  const notice = el('div', { className: 'notice' });
  if (auth.authCode === 502 && !site.viewer) notice.append(el('p', { textContent: t('needSignIn') }), button(t('signIn'), () => Tessera.signIn()));
  else if (auth.defaulterIdentityType === 4) notice.append(el('p', { textContent: t('needAccess') }), button(t('getAccess'), () => Tessera.requestAuthorization(exhibitId)));
  else notice.append(el('p', { textContent: t('unavailable') }));
  app.replaceChildren(title, el('p', { textContent: exhibit.intro }), notice, back);
}

async function start() {
  app.textContent = t('loading');
  try {
    await header();
    const match = /^\\/exhibits\\/([0-9a-f]{24})\\/?$/.exec(location.pathname);
    if (match) await exhibitPage(match[1]);
    else await listPage(new URLSearchParams(location.search));
  } catch (error) {
    app.replaceChildren(el('p', { className: 'notice', textContent: t('failed') }));
    console.error(error);
  }
}

start();
`;

const THEME_JSON = JSON.stringify({ name: 'paper', sdk: 1, widgets: ['bob/clock-widget'] }, null, 2);

/** The files of the paper theme's package, by their path in the zip. */
export const PAPER_THEME_FILES: Readonly<Record<string, string>> = {
  'index.html': INDEX_HTML,
  'style.css': STYLE_CSS,
  'app.js': APP_JS,
  'theme.json': THEME_JSON,
};
