// The built web app (WEB_DIST): hashed files under /assets/ are cached for a year (sent
// precompressed when the build wrote .br/.gz copies); index.html is
// revalidated on every load; any other page path gets index.html so the client router can take
// over (history fallback), for a browser and for `curl` (Accept: */*) alike. /v2 paths never fall back: they answer errCode 8 before reaching here.
// The shell is answered from memory, not through @fastify/static: when a compressed copy it looks for
// is missing, that plugin retries with its own options and would send the shell immutable for a year.
// The shell carries the current versions of the translation texts (a <meta>) and preloads the
// request language's file, so the page fetches its texts at once, from a year-long cache when warm.
// For the public pages the build lists (route-preloads.ts), it also names the page's own chunks and
// styles, so they load alongside the entry instead of after it.
import {
  formatTextsVersions,
  I18N_TEXTS_META,
  languageTextsPath,
  type Language,
  type TextsVersions,
} from '@tessera/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { filesOnly } from './assets';
import { BoundedMap } from './bounded-map';
import { isPageNavigation, pathOf } from './http/requests';
import { readRouteHeads, type RouteHeads } from './route-preloads';

const ONE_YEAR_MS = 365 * 24 * 3600 * 1000;
/** Files at the top of WEB_DIST (favicon, robots.txt) have stable names: cache them briefly. */
const ROOT_FILE_CACHE = 'public, max-age=3600';
const ROOT_FILE_NAME = /^\/([\w-][\w.-]*\.[a-z0-9]+)$/i;
/** Missing files under these prefixes are plain 404s, never the app page. */
const FILE_PREFIXES = ['/assets/', '/static/'];
/** A last path segment that names a file (`/missing.js`), not a page. */
const FILE_NAME = /\/[^/]*\.[a-z][a-z0-9]*$/i;

// A request for a page: a browser's navigation (it accepts text/html), or a client that accepts
// anything (curl sends `Accept: */*`) on a path that does not name a file: a fetch of a missing
// `/x.js` still gets a plain 404, never HTML.
function wantsPage(request: FastifyRequest, path: string): boolean {
  if (isPageNavigation(request)) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = (request.headers.accept ?? '*/*').trim();
  return accept === '*/*' && !FILE_NAME.test(path);
}

const NOT_BUILT_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>Tessera</title></head>
<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;line-height:1.5">
<h1>Tessera</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload this page.</p>
<p>The API is up under <a href="/v2/docs">/v2/docs</a>.</p>
</body></html>
`;

export type WebApp = {
  /** Answers a GET that matched no route: a top-level file, the app page, or a 404. */
  fallback(request: FastifyRequest, reply: FastifyReply): FastifyReply;
};

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

type Shell = { body: Buffer; etag: string; mtimeMs: number; size: number; routeHeads: RouteHeads };
type Page = { body: Buffer; etag: string };

function pageOf(body: Buffer): Page {
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}

/** What the page is told about its texts; versions and languages are checked names, safe in HTML. */
export function textsHead(versions: TextsVersions, language: Language): string {
  const meta = `<meta name="${I18N_TEXTS_META}" content="${formatTextsVersions(versions)}">`;
  const version = versions[language];
  if (!version) return meta;
  // crossorigin="anonymous" matches the page's fetch() of the file (cors, same-origin credentials).
  return `${meta}<link rel="preload" href="${languageTextsPath(language, version)}" as="fetch" crossorigin="anonymous">`;
}

function withHead(shell: Buffer, head: string): Buffer {
  if (!head) return shell;
  const html = shell.toString('utf8');
  const at = html.indexOf('</head>');
  return Buffer.from(at < 0 ? head + html : html.slice(0, at) + head + html.slice(at), 'utf8');
}

/**
 * The shell with a head added, remembered per head (a few dozen: languages × text versions × preloaded
 * routes) until the shell changes.
 */
function pageMaker(): (shell: Shell, head: string) => Page {
  let of: Shell | null = null;
  const pages = new BoundedMap<string, Page>(64);
  return (shell, head) => {
    if (of !== shell) {
      of = shell;
      pages.clear();
    }
    let page = pages.get(head);
    if (!page) {
      page = pageOf(withHead(shell.body, head));
      pages.set(head, page);
    }
    return page;
  };
}

/**
 * index.html of the build and its routes' preloads, read again when the file changes (a new build);
 * null before a build.
 */
function appShellReader(webDist: string): () => Shell | null {
  const path = join(webDist, 'index.html');
  let cached: Shell | null = null;
  return () => {
    if (!isFile(path)) return null;
    const { mtimeMs, size } = statSync(path);
    if (!cached || cached.mtimeMs !== mtimeMs || cached.size !== size) {
      cached = { ...pageOf(readFileSync(path)), mtimeMs, size, routeHeads: readRouteHeads(webDist) };
    }
    return cached;
  };
}

export type WebAppOptions = {
  webDist: string;
  /** The current versions of the translation texts' files (the i18n module's). */
  textsVersions?: () => TextsVersions;
};

export async function registerWebApp(app: FastifyInstance, { webDist, textsVersions }: WebAppOptions): Promise<WebApp> {
  await app.register(fastifyStatic, {
    root: join(webDist, 'assets'),
    prefix: '/assets/',
    maxAge: ONE_YEAR_MS,
    immutable: true,
    index: false,
    allowedPath: filesOnly,
    // The web build writes .br and .gz beside each asset; the best one the browser accepts is sent.
    preCompressed: true,
    // Shared caches must keep the compressed and the plain answer apart.
    setHeaders: (response) => response.setHeader('vary', 'Accept-Encoding'),
  });

  const readShell = appShellReader(webDist);
  const makePage = pageMaker();

  return {
    fallback(request, reply) {
      const path = pathOf(request.url);
      const rootFile = ROOT_FILE_NAME.exec(path)?.[1];
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        rootFile &&
        rootFile !== 'index.html' &&
        isFile(join(webDist, rootFile))
      ) {
        return reply.header('cache-control', ROOT_FILE_CACHE).sendFile(rootFile, webDist, { cacheControl: false });
      }
      if (!wantsPage(request, path) || FILE_PREFIXES.some((prefix) => path.startsWith(prefix))) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      const shell = readShell();
      // Not built: a browser is told why; any other client (curl, the fuzzer) gets a plain not found.
      if (!shell && !isPageNavigation(request)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      }
      if (!shell) {
        return reply
          .code(503)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_PAGE);
      }
      const head = (textsVersions ? textsHead(textsVersions(), request.language) : '') + shell.routeHeads(path);
      const page = head ? makePage(shell, head) : shell;
      // private: the answer may set the session's XSRF-TOKEN cookie, which no shared cache may keep.
      reply.header('cache-control', 'private, no-cache').header('etag', page.etag).type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
      return reply.send(request.method === 'HEAD' ? undefined : page.body);
    },
  };
}
