// What a version's description may hold (DOMAIN §2: "sanitised rich text"). The server cleans what it
// stores to this list and the pages clean what they show to it again, so an older row or another
// client's input cannot run script in a reader's browser. The editor only makes these elements.

/** The most characters of HTML a version's description may have (DOMAIN §8). */
export const DESCRIPTION_MAX_LENGTH = 100_000;

/** Elements kept; any other element is replaced by its content. */
export const RICH_TEXT_TAGS: readonly string[] = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'del',
  'blockquote',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'hr',
  'span',
  'div',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Elements dropped together with everything inside them. */
export const RICH_TEXT_DROPPED: readonly string[] = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'noscript',
  'textarea',
  'select',
];

/** The attributes each element keeps; addresses among them must pass `isSafeRichTextUrl`. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  img: ['src', 'alt'],
  ol: ['start'],
};

/** Attributes holding an address. */
export const RICH_TEXT_URL_ATTRIBUTES: readonly string[] = ['href', 'src'];

/** What a link opens with: a new tab that cannot reach back to this page, and no ranking given. */
export const RICH_TEXT_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** http(s) addresses and paths on this site; never `javascript:`, `data:` or a protocol-relative `//host`. */
export function isSafeRichTextUrl(value: string): boolean {
  return /^(?:https?:\/\/|\/(?!\/))/i.test(value.trim());
}

/** Whether an attribute of an element is kept, its value considered. */
export function keepsRichTextAttribute(tag: string, name: string, value: string): boolean {
  if (!(RICH_TEXT_ATTRIBUTES[tag] ?? []).includes(name)) return false;
  if (RICH_TEXT_URL_ATTRIBUTES.includes(name)) return isSafeRichTextUrl(value);
  if (name === 'start') return /^\d{1,6}$/.test(value);
  return true;
}

const BLANK = /^(?:\s|&nbsp;|<br \/>)*$/;
const isBlankParagraph = (html: string, start: number, end: number) =>
  html.startsWith('<p>', start) && html.endsWith('</p>', end) && BLANK.test(html.slice(start + 3, end - 4));

/**
 * Without the empty paragraphs an editor leaves at either end (`<p></p>`, `<p><br /></p>`, as
 * sanitised HTML writes them); it walks indices, so no input can make it slow.
 */
export function trimEmptyParagraphs(html: string): string {
  const isSpace = (at: number) => /\s/.test(html[at] ?? '');
  let start = 0;
  let end = html.length;
  for (;;) {
    while (start < end && isSpace(start)) start += 1;
    const close = html.startsWith('<p>', start) ? html.indexOf('</p>', start) : -1;
    if (close === -1 || close + 4 > end || !isBlankParagraph(html, start, close + 4)) break;
    start = close + 4;
  }
  for (;;) {
    while (end > start && isSpace(end - 1)) end -= 1;
    const open = html.endsWith('</p>', end) ? html.lastIndexOf('<p>', end - 4) : -1;
    if (open < start || !isBlankParagraph(html, open, end)) break;
    end = open;
  }
  return html.slice(start, end);
}
