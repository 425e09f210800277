// A node's zipped theme app (THEMES.md): the package of the node's active theme exhibit, read through the
// exhibit auth of that exhibit, served on the node's host — `index.html` for `/` and every page path
// (history fallback), the app's other files by path, and the SDK at /_site/sdk.js. The node side and
// upstream of the theme must hold (DOMAIN §5.5, §5.6); the visitor signs nothing for a theme. A theme
// that is not authorised, is too large or has no index.html answers null: the default theme shows.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mimeOfPath, zipEntry } from '../../platform/http/zip-entries';
import type { SiteAccess } from '../exhibits';
import type { ThemedSiteAnswer, ThemedSiteRequest } from '../nodesites';
import { SDK_PATH, sdkScriptFor } from './sdk';
import type { ActiveTheme, ThemeAppSite } from './theme-app';

/** A theme package larger than this is not opened (it is read whole). */
export const MAX_THEME_PACKAGE_BYTES = 20 * 1024 * 1024;
/** The largest file served out of a theme package. */
export const MAX_THEME_FILE_BYTES = 5 * 1024 * 1024;
/** Packages kept in memory, by content (sha1), so a page's assets do not each read the package again. */
const CACHED_PACKAGES = 8;

/**
 * The theme's pages may load and call only their own origin (the node's host): no other site's
 * scripts, no fetch to the platform, not framed by anyone else. Styles may be inline (themes use them).
 */
export const THEME_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export type ZipThemeDeps = {
  /** The theme exhibit's auth and package file (the site content of the exhibits module). */
  exhibits: { access(nodeId: number, exhibitId: string, viewerId: number | null): Promise<SiteAccess> };
};

type ThemePackage = { sha1: string; bytes: Buffer };

export class ZipThemeSite implements ThemeAppSite {
  readonly #deps: ZipThemeDeps;
  readonly #packages = new Map<string, Buffer>();

  constructor(deps: ZipThemeDeps) {
    this.#deps = deps;
  }

  async render(request: ThemedSiteRequest, theme: ActiveTheme): Promise<ThemedSiteAnswer | null> {
    const path = themePathOf(request.url);
    const themePackage = await this.#package(request, theme);
    if (!themePackage || !zipEntry(themePackage.bytes, 'index.html', MAX_THEME_FILE_BYTES)) return null;
    if (`/${path ?? ''}` === SDK_PATH) {
      const script = sdkScriptFor({ nodeId: request.node.nodeId });
      return fileAnswer(request, Buffer.from(script), 'text/javascript; charset=utf-8');
    }
    if (path === undefined) return notFound();
    const file = path === '' ? undefined : zipEntry(themePackage.bytes, path, MAX_THEME_FILE_BYTES);
    if (file) return fileAnswer(request, file, mimeOfPath(path));
    // History fallback: a path that names no file (no extension in its last segment) is one of the app's pages.
    if (path !== '' && /\.[^/]*$/.test(path)) return notFound();
    const index = zipEntry(themePackage.bytes, 'index.html', MAX_THEME_FILE_BYTES);
    return index ? fileAnswer(request, index, 'text/html; charset=utf-8') : null;
  }

  /**
   * The package when the theme is authorised: checked as the node's owner, whom the consumer side of
   * DOMAIN §5.4 always lets in, so what is checked is the node (not frozen), the exhibit (online, no frozen
   * resource) and its node side and upstream — a visitor needs no contract of their own for the theme.
   */
  async #package({ node }: ThemedSiteRequest, theme: ActiveTheme): Promise<ThemePackage | undefined> {
    const access = await this.#deps.exhibits.access(node.nodeId, theme.exhibitId, node.ownerUserId);
    const file = access.auth.isAuth ? access.file : undefined;
    if (!file || file.fileSize > MAX_THEME_PACKAGE_BYTES) return undefined;
    const cached = this.#packages.get(file.sha1);
    if (cached) {
      this.#packages.delete(file.sha1);
      this.#packages.set(file.sha1, cached);
      return { sha1: file.sha1, bytes: cached };
    }
    const bytes = await readCapped(await file.open(), MAX_THEME_PACKAGE_BYTES);
    if (!bytes) return undefined;
    this.#packages.set(file.sha1, bytes);
    for (const oldest of this.#packages.keys()) {
      if (this.#packages.size <= CACHED_PACKAGES) break;
      this.#packages.delete(oldest);
    }
    return { sha1: file.sha1, bytes };
  }
}

/**
 * The package path a request names: '' for the root, the decoded path without its leading slash, or
 * undefined when it cannot name a package file (a dot segment, a backslash, a control character, a
 * malformed escape), so nothing outside the package's own names can be asked for.
 */
export function themePathOf(url: string): string | undefined {
  const raw = url.split('?')[0] ?? '';
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return undefined;
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '.' || segment === '..')) return undefined;
  if (segments.slice(0, -1).some((segment) => segment === '')) return undefined;
  const joined = segments.join('/');
  return joined === 'index.html' ? '' : joined;
}

/** A file of the theme: its type, the theme's CSP, nosniff, and an ETag the browser checks every time. */
function fileAnswer(request: ThemedSiteRequest, body: Buffer, contentType: string): ThemedSiteAnswer {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  const headers = {
    etag,
    // The answer depends on the theme's auth, which can change: kept, but asked again before each use.
    'cache-control': 'private, no-cache',
    'content-security-policy': THEME_CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (request.ifNoneMatch !== undefined && request.ifNoneMatch.split(/\s*,\s*/).includes(etag))
    return { status: 304, contentType, body: '', headers };
  return { status: 200, contentType, body, headers };
}

function notFound(): ThemedSiteAnswer {
  return {
    status: 404,
    contentType: 'text/plain; charset=utf-8',
    body: 'Not found',
    headers: { 'x-content-type-options': 'nosniff', 'content-security-policy': THEME_CSP },
  };
}

/** The stream's bytes, or undefined when it holds more than `limit`. */
async function readCapped(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += bytes.length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}
