// A small, strict Markdown renderer for exhibits. It knows a subset — ATX headings, paragraphs, hard
// breaks, emphasis, strong, code spans, fenced code, bullet and numbered lists, links, images,
// blockquotes and rules — and treats everything else as text. No HTML in the source passes: every
// piece of source text goes out through escapeHtml, the only tags are the ones written here, and every
// href or src goes through safeUrl (http, https or relative). It runs in linear time per nesting level,
// and nesting is capped, so hostile input cannot make it slow or overflow the stack.
import { escapeHtml, safeUrl } from './escape';

/** Deeper blockquotes and lists are shown as text. */
const MAX_BLOCK_DEPTH = 8;
/** Deeper emphasis and link labels are shown as text. */
const MAX_INLINE_DEPTH = 8;

export interface MarkdownOptions {
  /** Added to heading levels (capped at 6): 1 renders `#` as <h2> when the page already has its <h1>. */
  headingOffset?: number;
}

export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const headingOffset = Math.max(0, Math.floor(options.headingOffset ?? 0));
  return renderBlocks(source.replace(/\r\n?/g, '\n').split('\n'), 0, headingOffset);
}

// ── Blocks ───────────────────────────────────────────────────────────────────────────────────────

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const QUOTE = /^ {0,3}> ?/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
const HEADING = /^ {0,3}(#{1,6})(?=[ \t]|$)/;

function isBlank(line: string): boolean {
  return line.trim() === '';
}

function isRule(line: string): boolean {
  if (/^ {4}/.test(line)) return false;
  const compact = line.replace(/[ \t]/g, '');
  return /^(?:-{3,}|\*{3,}|_{3,})$/.test(compact);
}

/** Does this line begin a block other than a paragraph (so it ends a paragraph)? */
function startsBlock(line: string): boolean {
  return HEADING.test(line) || FENCE.test(line) || QUOTE.test(line) || LIST_ITEM.test(line) || isRule(line);
}

function renderBlocks(lines: readonly string[], depth: number, headingOffset: number): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      i = renderFence(lines, i, fence[1] ?? '```', fence[2] ?? '', out);
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] ?? '#').length + headingOffset);
      out.push(`<h${level}>${renderInline(headingText(line.slice(heading[0].length)), 0, true)}</h${level}>`);
      i += 1;
      continue;
    }
    if (isRule(line)) {
      out.push('<hr>');
      i += 1;
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) {
        inner.push((lines[i] ?? '').replace(QUOTE, ''));
        i += 1;
      }
      out.push(`<blockquote>${renderBlocks(inner, depth + 1, headingOffset)}</blockquote>`);
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && LIST_ITEM.test(line)) {
      i = renderList(lines, i, depth, headingOffset, out);
      continue;
    }
    const paragraph: string[] = [line];
    i += 1;
    while (i < lines.length && !isBlank(lines[i] ?? '') && !startsBlock(lines[i] ?? '')) {
      paragraph.push(lines[i] ?? '');
      i += 1;
    }
    out.push(`<p>${renderInline(paragraph.map((text) => text.replace(/^[ \t]+/, '')).join('\n'), 0, true)}</p>`);
  }
  return out.join('\n');
}

/** The text of an ATX heading without its optional closing `#`s. Done by hand: a regex here could backtrack badly. */
function headingText(rest: string): string {
  let text = rest.trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  if (end < text.length && (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t')) text = text.slice(0, end);
  return text.trim();
}

function renderFence(lines: readonly string[], start: number, marker: string, info: string, out: string[]): number {
  const body: string[] = [];
  let i = start + 1;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (closesFence(line, marker)) {
      i += 1;
      break;
    }
    body.push(line);
    i += 1;
  }
  const language = /^[A-Za-z0-9_+-]{1,30}$/.test(info) ? ` class="language-${info}"` : '';
  out.push(`<pre><code${language}>${escapeHtml(body.join('\n'))}</code></pre>`);
  return i;
}

/** A line of only the fence's character, at least as many as the opening marker. */
function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed === (marker[0] ?? '`').repeat(trimmed.length);
}

type ListItem = { lines: string[] };

function renderList(
  lines: readonly string[],
  start: number,
  depth: number,
  headingOffset: number,
  out: string[],
): number {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const ordered = /\d/.test(first?.[2] ?? '');
  const indent = (first?.[1] ?? '').length;
  const items: ListItem[] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    const item = LIST_ITEM.exec(line);
    const nested = item !== null && (item[1] ?? '').length >= indent + 2;
    if (item && !nested && /\d/.test(item[2] ?? '') === ordered) {
      items.push({ lines: [line.slice(item[0].length)] });
      i += 1;
      continue;
    }
    const current = items[items.length - 1];
    if (current && !isBlank(line) && (nested || /^[ \t]/.test(line))) {
      current.lines.push(line.replace(/^(?: {1,4}|\t)/, ''));
      i += 1;
      continue;
    }
    if (current && !isBlank(line) && !startsBlock(line)) {
      current.lines.push(line); // a lazy continuation of the item's text
      i += 1;
      continue;
    }
    // A blank line continues the list only when the next line is another item of it or indented content.
    if (current && isBlank(line)) {
      const next = lines[i + 1] ?? '';
      const nextItem = LIST_ITEM.exec(next);
      if ((nextItem && /\d/.test(nextItem[2] ?? '') === ordered) || /^(?: {2,}|\t)\S/.test(next)) {
        current.lines.push('');
        i += 1;
        continue;
      }
    }
    break;
  }
  const number = ordered ? Number.parseInt(first?.[2] ?? '1', 10) : 1;
  const open = ordered ? (number === 1 ? '<ol>' : `<ol start="${number}">`) : '<ul>';
  const rendered = items.map((item) => `<li>${renderListItem(item.lines, depth, headingOffset)}</li>`);
  out.push(`${open}\n${rendered.join('\n')}\n${ordered ? '</ol>' : '</ul>'}`);
  return i;
}

/** The item's leading text inline (a tight list), anything after it (a nested list, a quote, more paragraphs) as blocks. */
function renderListItem(lines: readonly string[], depth: number, headingOffset: number): string {
  let split = 1;
  while (split < lines.length && !isBlank(lines[split] ?? '') && !startsBlock(lines[split] ?? '')) split += 1;
  const lead = renderInline(
    lines
      .slice(0, split)
      .map((line) => line.trim())
      .join('\n'),
    0,
    true,
  );
  const rest = lines.slice(split);
  return rest.some((line) => !isBlank(line)) ? `${lead}\n${renderBlocks(rest, depth + 1, headingOffset)}` : lead;
}

// ── Inline ───────────────────────────────────────────────────────────────────────────────────────

/**
 * indexOf with a memory per needle: once the next `]` after position p is known to be at q (or to not
 * exist), any search from p..q answers at once. Without it, text like `[[[[[…` would take quadratic time.
 */
class Finder {
  private readonly found = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  next(needle: string, from: number): number {
    const known = this.found.get(needle);
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = this.text.indexOf(needle, from);
    this.found.set(needle, { from, at });
    return at;
  }
}

const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const LINK_DESTINATION = /^(\S+)(?:\s+"([^"]*)")?$/;

/** Where inline syntax may start; everything between is plain text. Reset before each use (renderInline recurses). */
const INLINE_START = /[\\\n`[!*_]/g;

function renderInline(text: string, depth: number, linksAllowed: boolean): string {
  const finder = new Finder(text);
  let out = '';
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    INLINE_START.lastIndex = i;
    const found = INLINE_START.exec(text);
    if (found === null) break;
    i = found.index;
    const token = inlineToken(text, i, finder, depth, linksAllowed);
    if (token.html === null) {
      i = token.end; // no syntax here after all: the characters stay text
      continue;
    }
    out += escapeHtml(text.slice(plainFrom, i)) + token.html;
    i = token.end;
    plainFrom = token.end;
  }
  return out + escapeHtml(text.slice(plainFrom));
}

/** The inline element starting at `i` and where it ends, or `html: null` and where plain text resumes. */
function inlineToken(
  text: string,
  i: number,
  finder: Finder,
  depth: number,
  linksAllowed: boolean,
): { html: string | null; end: number } {
  const char = text[i];
  const next = text[i + 1] ?? '';
  if (char === '\\') {
    if (next === '\n') return { html: '<br>\n', end: i + 2 };
    return ASCII_PUNCTUATION.test(next) ? { html: escapeHtml(next), end: i + 2 } : { html: null, end: i + 1 };
  }
  if (char === '\n')
    return text[i - 1] === ' ' && text[i - 2] === ' ' ? { html: '<br>\n', end: i + 1 } : { html: null, end: i + 1 };
  if (char === '`') {
    let run = 1;
    while (text[i + run] === '`') run += 1;
    const close = finder.next('`'.repeat(run), i + run);
    if (close === -1) return { html: null, end: i + run }; // the whole run stays text
    let code = text.slice(i + run, close);
    if (code.length > 1 && code.startsWith(' ') && code.endsWith(' ')) code = code.slice(1, -1);
    return { html: `<code>${escapeHtml(code)}</code>`, end: close + run };
  }
  if (depth >= MAX_INLINE_DEPTH) return { html: null, end: i + 1 };
  if (char === '[' || (char === '!' && next === '[')) {
    const link = linksAllowed ? parseLink(text, char === '!' ? i + 1 : i, finder) : null;
    if (link === null) return { html: null, end: i + 1 };
    return { html: char === '!' ? imageHtml(link) : linkHtml(link, depth), end: link.end };
  }
  if (char === '*' || char === '_') return emphasis(text, i, finder, depth, linksAllowed) ?? { html: null, end: i + 1 };
  return { html: null, end: i + 1 };
}

type ParsedLink = { label: string; destination: string; title: string; end: number };

/** `[label](destination "title")` starting at the `[`; null when the text there is not one. */
function parseLink(text: string, open: number, finder: Finder): ParsedLink | null {
  const close = finder.next(']', open + 1);
  if (close === -1 || text[close + 1] !== '(') return null;
  const end = destinationEnd(text, close + 2);
  if (end === -1) return null;
  const target = LINK_DESTINATION.exec(text.slice(close + 2, end).trim());
  if (!target) return null;
  return { label: text.slice(open + 1, close), destination: target[1] ?? '', title: target[2] ?? '', end: end + 1 };
}

/** Addresses longer than this are not links (and the scan for the closing parenthesis stays short). */
const MAX_DESTINATION = 1000;

/** The `)` that closes a destination starting at `from`, allowing balanced parentheses inside; -1 if none. */
function destinationEnd(text: string, from: number): number {
  let open = 0;
  const limit = Math.min(text.length, from + MAX_DESTINATION);
  for (let i = from; i < limit; i += 1) {
    const char = text[i];
    if (char === '\n') return -1;
    if (char === '(') open += 1;
    else if (char === ')') {
      if (open === 0) return i;
      open -= 1;
    }
  }
  return -1;
}

function linkHtml(link: ParsedLink, depth: number): string {
  const label = renderInline(link.label, depth + 1, false);
  const href = safeUrl(link.destination);
  if (href === null) return label; // the text stays, the dangerous address goes
  const title = link.title === '' ? '' : ` title="${escapeHtml(link.title)}"`;
  return `<a href="${escapeHtml(href)}"${title} rel="nofollow noopener noreferrer">${label}</a>`;
}

function imageHtml(link: ParsedLink): string {
  const src = safeUrl(link.destination);
  if (src === null) return escapeHtml(link.label);
  const title = link.title === '' ? '' : ` title="${escapeHtml(link.title)}"`;
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(link.label)}"${title} loading="lazy">`;
}

/** `*em*`, `_em_`, `**strong**`, `__strong__` at `open`; null when the delimiter there opens nothing. */
function emphasis(
  text: string,
  open: number,
  finder: Finder,
  depth: number,
  linksAllowed: boolean,
): { html: string; end: number } | null {
  const char = text[open] ?? '*';
  // `snake_case_names` are words, not emphasis.
  if (char === '_' && /[\p{L}\p{N}]/u.test(text[open - 1] ?? '')) return null;
  const strong = text[open + 1] === char;
  const delimiter = strong ? char + char : char;
  const innerStart = open + delimiter.length;
  if (/\s/.test(text[innerStart] ?? ' ')) return null;
  const close = finder.next(delimiter, innerStart + 1);
  if (close === -1) return null;
  const inner = text.slice(innerStart, close);
  if (/\s$/.test(inner)) return null;
  const tag = strong ? 'strong' : 'em';
  return { html: `<${tag}>${renderInline(inner, depth + 1, linksAllowed)}</${tag}>`, end: close + delimiter.length };
}

// ── Slides ───────────────────────────────────────────────────────────────────────────────────────

/** reveal.js-style slides: the Markdown split on lines that are exactly `---` (outside code fences). */
export function splitSlides(source: string): string[] {
  const slides: string[][] = [[]];
  let fence = ''; // the open fence's marker, '' outside code
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    const opener = FENCE.exec(line);
    if (fence === '' && opener) fence = opener[1] ?? '```';
    else if (fence !== '' && closesFence(line, fence)) fence = '';
    else if (fence === '' && /^---[ \t]*$/.test(line)) {
      slides.push([]);
      continue;
    }
    slides[slides.length - 1]?.push(line);
  }
  return slides.map((lines) => lines.join('\n')).filter((slide) => slide.trim() !== '');
}
