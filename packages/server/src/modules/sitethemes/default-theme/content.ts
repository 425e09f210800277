// An authorised exhibit's content, by its resource type (level-1 code).
import { escapeHtml, urlAttr } from './escape';
import { renderMarkdown } from './markdown';
import { renderSlides } from './slides';
import { typeLabel, type Translate } from './texts';
import type { ThemeCollectionItem, ThemeContent, ThemeExhibit, ThemeScript } from './types';
import type { Language } from '@tessera/domain';

/** What the caller must load for an exhibit of this type before rendering its page. */
export type ContentNeed = 'stream' | 'text' | 'items' | 'none';

const TEXT_TYPES = new Set(['markdown', 'json', 'reveal_slide', 'license']);
const STREAM_TYPES = new Set(['image', 'audio', 'video']);

/**
 * `stream`: only `fileStreamUrl` is used (image, audio, video); `text`: the file as text in `content.text`
 * (markdown, JSON, slides, licence); `items`: `content.items` (catalog); `none`: shown as a link (`openUrl`).
 */
export function contentNeedOf(resourceType: readonly string[]): ContentNeed {
  const code = resourceType[0] ?? '';
  if (STREAM_TYPES.has(code)) return 'stream';
  if (TEXT_TYPES.has(code)) return 'text';
  return code === 'catalog' ? 'items' : 'none';
}

export interface ContentContext {
  exhibit: ThemeExhibit;
  content: ThemeContent;
  language: Language;
  t: Translate;
  script: ThemeScript | undefined;
}

/** The HTML of the content, and what must follow the page's footer (the slides' script). */
export function renderContent(context: ContentContext): { main: string; tail: string } {
  const { exhibit, content, t } = context;
  const code = exhibit.resourceType[0] ?? '';
  const need = contentNeedOf(exhibit.resourceType);
  if (need === 'text' && content.text === undefined) return { main: missing(t), tail: '' };
  const text = content.text ?? '';
  const stream = content.fileStreamUrl;
  switch (code) {
    case 'image':
      return {
        main: `<figure class="media"><img${urlAttr('src', stream)} alt="${escapeHtml(exhibit.title)}"></figure>`,
        tail: '',
      };
    case 'audio':
      return {
        main: `<audio controls preload="metadata"${urlAttr('src', stream)}>${mediaFallback(stream, t)}</audio>`,
        tail: '',
      };
    case 'video': {
      const poster = exhibit.coverImages[0] === undefined ? '' : urlAttr('poster', exhibit.coverImages[0]);
      return {
        main: `<video controls playsinline preload="metadata"${urlAttr('src', stream)}${poster}>${mediaFallback(stream, t)}</video>`,
        tail: '',
      };
    }
    case 'markdown':
      return { main: `<div class="prose">\n${renderMarkdown(text, { headingOffset: 1 })}\n</div>`, tail: '' };
    case 'reveal_slide':
      return renderSlides(text, t, context.script);
    case 'json':
      return { main: renderJson(text, t), tail: '' };
    case 'license':
      return { main: `<pre class="license">${escapeHtml(text)}</pre>`, tail: '' };
    case 'catalog':
      return { main: renderCollection(content.items ?? [], context.language, t), tail: '' };
    default:
      return { main: cannotShow(exhibit, content, context.language, t), tail: '' };
  }
}

export function missing(t: Translate): string {
  return `<p class="notice">${escapeHtml(t('contentMissing'))}</p>`;
}

function mediaFallback(stream: string, t: Translate): string {
  return `<p>${escapeHtml(t('media.fallback'))} <a${urlAttr('href', stream)}>${escapeHtml(t('openFile'))}</a></p>`;
}

function renderJson(text: string, t: Translate): string {
  try {
    const pretty = JSON.stringify(JSON.parse(text) as unknown, null, 2);
    return `<pre><code class="language-json">${escapeHtml(pretty)}</code></pre>`;
  } catch {
    return `<p class="code">${escapeHtml(t('json.invalid'))}</p>\n<pre><code>${escapeHtml(text)}</code></pre>`;
  }
}

function renderCollection(items: readonly ThemeCollectionItem[], language: Language, t: Translate): string {
  const heading = `<h2>${escapeHtml(t('collection.items'))}</h2>`;
  if (items.length === 0) return `${heading}\n<p class="empty">${escapeHtml(t('collection.empty'))}</p>`;
  const rows = items.map((item) => {
    const href = item.url === '' ? '' : urlAttr('href', item.url);
    const title = escapeHtml(item.title);
    const name = href === '' ? `<span>${title}</span>` : `<a${href}>${title}</a>`;
    return `<li>${name} <span class="code">${escapeHtml(typeLabel(item.resourceType, language))}</span></li>`;
  });
  return `${heading}\n<ol class="items">\n${rows.join('\n')}\n</ol>`;
}

function cannotShow(exhibit: ThemeExhibit, content: ThemeContent, language: Language, t: Translate): string {
  const message = `<p>${escapeHtml(t('cannotShow', { type: typeLabel(exhibit.resourceType, language) }))}</p>`;
  const href = content.openUrl === undefined ? '' : urlAttr('href', content.openUrl);
  const link = href === '' ? '' : `\n<p><a class="button"${href}>${escapeHtml(t('download'))}</a></p>`;
  return `<div class="notice">${message}${link}</div>`;
}
