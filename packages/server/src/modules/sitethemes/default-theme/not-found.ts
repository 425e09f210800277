// The site's "no such page" (an unknown address, an exhibit that does not exist or that the visitor
// may not know of): the frame of every page, a heading, one line and the way back to the list.
import { escapeHtml, urlAttr } from './escape';
import { homeUrl, nodeTitle, renderPage } from './layout';
import { themeTranslator } from './texts';
import type { ThemePageBase } from './types';

export function renderNotFoundPage(input: ThemePageBase): string {
  const t = themeTranslator(input.language, input.texts);
  const main = `<h1>${escapeHtml(t('notFound.title'))}</h1>
<p>${escapeHtml(t('notFound.body'))}</p>
<p><a class="button"${urlAttr('href', homeUrl(input))}>${escapeHtml(t('backToList'))}</a></p>`;
  return renderPage(input, t, { title: `${t('notFound.title')} - ${nodeTitle(input.node)}`, main });
}
