// Downloads of stored bytes under a name (objects, resource versions; API.md §1.11): the download
// name (RFC 6266 with RFC 8187 encoding), telling a browser navigation from a script's read, and the
// small page a navigation gets when the download is refused.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppError } from '../errors';
import type { Translator } from '../messages';
import { PRIVATE_DOWNLOAD_CACHE_CONTROL, sendStoredFile, type ServableFile } from './stored-bytes';

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
function errorPage(title: string, language: string): string {
  const text = escapeHtml(title);
  return `<!doctype html><html lang="${language === 'en_US' ? 'en' : 'zh-CN'}"><head><meta charset="utf-8"><title>${text}</title></head><body><p>${text}</p></body></html>`;
}

/**
 * A refused download: a navigation gets a small page with `status` (401 no session, 404 missing or
 * not yours); a script's read gets the error itself, answered as the envelope.
 */
export function refuseDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  { status, error, translator }: { status: 401 | 404; error: AppError; translator: Translator },
): FastifyReply {
  if (isScriptRequest(request)) throw error;
  const page = errorPage(translator.translate(error.messageKey, request.language), request.language);
  return reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/** Sends `file` named `filename`: an attachment for a navigation, inline for a script's read (Range served). */
export function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  filename: string,
  file: ServableFile,
): Promise<FastifyReply> {
  reply.header('content-disposition', contentDisposition(isScriptRequest(request) ? 'inline' : 'attachment', filename));
  return sendStoredFile(request, reply, file, { cacheControl: PRIVATE_DOWNLOAD_CACHE_CONTROL });
}
