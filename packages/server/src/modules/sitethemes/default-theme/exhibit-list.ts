// The node's home: its title and description, a search box, type chips, a grid of exhibit cards with
// their access badges, paging links, and an empty state.
import { escapeHtml, queryString, urlAttr } from './escape';
import { accessBadge, typeIcon } from './badges';
import { nodeTitle, renderPage } from './layout';
import { themeTranslator, typeLabel, type Translate } from './texts';
import type { ExhibitListInput, ThemeExhibitCard, ThemeListQuery, ThemePaging } from './types';
import type { Language } from '@tessera/domain';

/** The chips offered when the caller names none: every type a visitor can look at here. */
export const DEFAULT_TYPE_FILTERS: readonly string[] = [
  'image',
  'markdown',
  'audio',
  'video',
  'reveal_slide',
  'json',
  'license',
  'catalog',
];

export function renderExhibitList(input: ExhibitListInput): string {
  const t = themeTranslator(input.language, input.texts);
  const title = nodeTitle(input.node);
  const description =
    input.node.nodeShortDescription === '' ? '' : `<p class="lead">${escapeHtml(input.node.nodeShortDescription)}</p>`;
  const main = [
    `<h1>${escapeHtml(title)}</h1>`,
    description,
    renderSearch(input, t),
    renderTypeChips(input, t),
    `<h2 class="sr-only">${escapeHtml(t('exhibits'))}</h2>`,
    renderResults(input, t),
    renderPaging(input, t),
  ];
  return renderPage(input, t, { title, main: main.filter((part) => part !== '').join('\n') });
}

/** A link to the list with these filters (and page), relative to the list's path. */
function listHref(path: string, query: ThemeListQuery, page = 1): string {
  return path + queryString({ keywords: query.keywords, type: query.type, page: page === 1 ? undefined : page });
}

function renderSearch(input: ExhibitListInput, t: Translate): string {
  const { keywords, type } = input.listQuery;
  const keepType = type === '' ? '' : `<input type="hidden" name="type" value="${escapeHtml(type)}">`;
  return `<form class="search" role="search" method="get"${urlAttr('action', input.path)}>
<label class="sr-only" for="keywords">${escapeHtml(t('searchLabel'))}</label>
<input id="keywords" name="keywords" type="search" value="${escapeHtml(keywords)}" placeholder="${escapeHtml(t('searchPlaceholder'))}">${keepType}
<button type="submit">${escapeHtml(t('search'))}</button>
</form>`;
}

function renderTypeChips(input: ExhibitListInput, t: Translate): string {
  const codes = input.typeFilters ?? DEFAULT_TYPE_FILTERS;
  const chip = (code: string, label: string): string => {
    const current = input.listQuery.type === code ? ' aria-current="page"' : '';
    const href = listHref(input.path, { keywords: input.listQuery.keywords, type: code });
    return `<li><a${urlAttr('href', href)}${current}>${escapeHtml(label)}</a></li>`;
  };
  const chips = [chip('', t('allTypes')), ...codes.map((code) => chip(code, typeLabel([code], input.language)))];
  return `<nav aria-label="${escapeHtml(t('filterByType'))}"><ul class="chips">${chips.join('')}</ul></nav>`;
}

function renderResults(input: ExhibitListInput, t: Translate): string {
  const { exhibits, listQuery } = input;
  if (exhibits.length === 0) {
    const searching = listQuery.keywords !== '' || listQuery.type !== '';
    const clear = searching
      ? `<p><a${urlAttr('href', listHref(input.path, { keywords: '', type: '' }))}>${escapeHtml(t('clearSearch'))}</a></p>`
      : '';
    return `<div class="empty"><p>${escapeHtml(t(searching ? 'emptySearch' : 'empty'))}</p>${clear}</div>`;
  }
  const count = `<p class="count">${escapeHtml(t('resultCount', { count: input.paging.totalItems }))}</p>`;
  const cards = exhibits.map((exhibit) => renderCard(exhibit, input.language, t));
  return `${count}\n<ul class="grid">\n${cards.join('\n')}\n</ul>`;
}

function renderCard(exhibit: ThemeExhibitCard, language: Language, t: Translate): string {
  const code = exhibit.resourceType[0] ?? '';
  const cover = exhibit.coverImages.find((address) => urlAttr('src', address) !== '');
  const picture =
    cover === undefined
      ? `<span class="icon" aria-hidden="true">${escapeHtml(typeIcon(code))}</span>`
      : `<img${urlAttr('src', cover)} alt="" loading="lazy">`;
  const badge = exhibit.auth === undefined ? '' : accessBadge(exhibit.auth, exhibit.pricing);
  const badgeHtml = badge === '' ? '' : `<span class="badge badge-${badge}">${escapeHtml(t(`badge.${badge}`))}</span>`;
  return `<li class="card"><a${urlAttr('href', exhibit.url)}><div class="cover">${picture}</div><h3>${escapeHtml(exhibit.title)}</h3></a>
<p class="meta"><span>${escapeHtml(typeLabel(exhibit.resourceType, language))}</span>${badgeHtml}</p></li>`;
}

function renderPaging(input: ExhibitListInput, t: Translate): string {
  const { page, pages } = pageNumbers(input.paging);
  if (pages <= 1) return '';
  const link = (target: number, key: string, rel: string): string =>
    `<a${urlAttr('href', listHref(input.path, input.listQuery, target))} rel="${rel}">${escapeHtml(t(key))}</a>`;
  const previous = page > 1 ? link(page - 1, 'previousPage', 'prev') : '';
  const next = page < pages ? link(page + 1, 'nextPage', 'next') : '';
  return `<nav class="pages" aria-label="${escapeHtml(t('paging'))}">${previous}<span aria-current="page">${escapeHtml(
    t('pageOf', { page, pages }),
  )}</span>${next}</nav>`;
}

export function pageNumbers(paging: ThemePaging): { page: number; pages: number } {
  const size = Math.max(1, Math.floor(paging.pageSize));
  const pages = Math.max(1, Math.ceil(Math.max(0, paging.totalItems) / size));
  const page = Math.min(pages, Math.max(1, Math.floor(paging.page) || 1));
  return { page, pages };
}
