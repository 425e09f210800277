// The page of one exhibit: its title, type and intro, then either its content (when the visitor is
// authorised) or, in words, why not and the one button that helps (sign in, sign, pay).
import type { Language } from '@tessera/domain';
import { authNotice, type AuthAction } from './auth-notice';
import { missing, renderContent } from './content';
import { attr, escapeHtml, urlAttr } from './escape';
import { homeUrl, nodeTitle, renderPage } from './layout';
import { themeTranslator, typeLabel, type Translate } from './texts';
import type { ExhibitPageInput, ThemeExhibit } from './types';

export function renderExhibitPage(input: ExhibitPageInput): string {
  const t = themeTranslator(input.language, input.texts);
  const { exhibit } = input;
  const body = !input.auth.isAuth
    ? { main: renderAuthNotice(input, t), tail: '' }
    : input.content === undefined
      ? { main: missing(t), tail: '' }
      : renderContent({ exhibit, content: input.content, language: input.language, t, script: input.script });
  const main = [
    `<p class="crumbs"><a${urlAttr('href', homeUrl(input))}>← ${escapeHtml(t('backToList'))}</a></p>`,
    `<article${attr('aria-labelledby', 'exhibit-title')}>`,
    renderHeading(exhibit, input.language, t),
    body.main,
    renderTags(exhibit, t),
    '</article>',
  ];
  return renderPage(input, t, {
    title: `${exhibit.title} - ${nodeTitle(input.node)}`,
    main: main.filter((part) => part !== '').join('\n'),
    tail: body.tail,
  });
}

function renderHeading(exhibit: ThemeExhibit, language: Language, t: Translate): string {
  const facts = [typeLabel(exhibit.resourceType, language)];
  if (exhibit.version !== '') facts.push(t('version', { version: exhibit.version }));
  const intro = exhibit.intro === '' ? '' : `\n<p class="lead">${escapeHtml(exhibit.intro)}</p>`;
  return `<header><h1 id="exhibit-title">${escapeHtml(exhibit.title)}</h1>
<p class="code">${facts.map(escapeHtml).join(' · ')}</p>${intro}</header>`;
}

function renderTags(exhibit: ThemeExhibit, t: Translate): string {
  if (exhibit.tags.length === 0) return '';
  const tags = exhibit.tags.map((tag) => `<li>${escapeHtml(tag)}</li>`).join('');
  return `<ul class="tags"${attr('aria-label', t('tags'))}>${tags}</ul>`;
}

const ACTION_BUTTONS: Readonly<Record<Exclude<AuthAction, null>, string>> = {
  signIn: 'auth.signInButton',
  sign: 'auth.signButton',
  pay: 'auth.payButton',
};

function renderAuthNotice(input: ExhibitPageInput, t: Translate): string {
  const notice = authNotice(input.auth, input.visitor);
  let button = '';
  if (notice.action !== null) {
    const href = urlAttr('href', notice.action === 'signIn' ? input.signInUrl : input.signUrl);
    if (href !== '') button = `\n<p><a class="button"${href}>${escapeHtml(t(ACTION_BUTTONS[notice.action]))}</a></p>`;
  }
  return `<section class="notice" aria-labelledby="auth-title">
<h2 id="auth-title">${escapeHtml(t('auth.title'))}</h2>
<p>${escapeHtml(t(`auth.${notice.message}`))}</p>${button}
<p class="code">${escapeHtml(t('auth.code', { code: input.auth.authCode }))}</p>
</section>`;
}
