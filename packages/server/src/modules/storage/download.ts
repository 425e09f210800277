// The HTTP side of object downloads that the byte sending (files module) leaves to us: the
// download name (RFC 6266 with RFC 8187 encoding) and telling a browser navigation from a
// script's read (API.md §1.11).
import type { FastifyRequest } from 'fastify';

/** Characters that may stand in a quoted filename as they are; anything else becomes `_`. */
const NOT_ASCII_SAFE = /[^\x20-\x7e]|["\\%]/g;

/** RFC 8187 value characters (attr-char) stay; everything else is percent-encoded UTF-8. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment; filename="_.png"; filename*=UTF-8''%E7%85%A7.png` for a navigation; `inline` with
 * the same names for a script's read, whose client would otherwise throw the body away.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const fallback = filename.replace(NOT_ASCII_SAFE, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

/**
 * A script's request (fetch or XHR) rather than a navigation: browsers say so in Sec-Fetch-Mode,
 * and clients that mark their calls send X-Requested-With. Anything else counts as a navigation,
 * the safe side: its answer is a download, never a page shown on this site.
 */
export function isScriptRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (typeof mode === 'string' && mode !== '' && mode !== 'navigate') return true;
  return request.headers['x-requested-with'] !== undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The small page a navigation gets instead of the file (the status tells the browser what happened). */
export function errorPage(title: string, language: string): string {
  const text = escapeHtml(title);
  return `<!doctype html><html lang="${language === 'en_US' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${text}</title></head><body><p>${text}</p></body></html>`;
}
