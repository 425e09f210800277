// The page code of an address, named in the index.html answered for it. The web build writes, per
// route of its public pages, the chunks and styles that route loads beyond the entry
// (`dist/.vite/route-preloads.json`, packages/web/build/route-preloads.ts); here each route's
// <link> tags are made once, when the build is read, and a request only looks its path up.
// With them the browser fetches the page's code alongside the entry's, not after the entry has run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROUTE_PRELOADS_FILE = join('.vite', 'route-preloads.json');

type RouteFiles = { path: string; scripts: string[]; styles: string[] };

/** The <link> tags of an address's page code, '' for an address the build names nothing for. */
export type RouteHeads = (path: string) => string;

export const NO_ROUTE_HEADS: RouteHeads = () => '';

/** A file of the build under /assets/ (checked: the names go into HTML attributes unescaped). */
const ASSET_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;

function linksOf({ scripts, styles }: RouteFiles): string {
  const files = [...scripts, ...styles];
  if (files.some((file) => !ASSET_FILE.test(file))) throw new Error(`route preloads: unexpected file in ${files}`);
  // crossorigin as the entry's own links: the module requests must match to be reused.
  return (
    scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('') +
    styles.map((file) => `<link rel="stylesheet" crossorigin href="${file}">`).join('')
  );
}

const segmentsOf = (path: string) =>
  path
    .toLowerCase()
    .split('/')
    .filter((segment) => segment !== '');

/**
 * The lookup of a build's route list. Paths match as the client router matches them: case-insensitive,
 * a trailing slash ignored, `:name` standing for any one segment.
 */
export function routeHeadsOf(routes: RouteFiles[]): RouteHeads {
  const exact = new Map<string, string>();
  const patterns: { segments: string[]; head: string }[] = [];
  for (const route of routes) {
    const head = linksOf(route);
    if (!head) continue;
    const segments = segmentsOf(route.path);
    if (segments.some((segment) => segment.startsWith(':'))) patterns.push({ segments, head });
    else exact.set(`/${segments.join('/')}`, head);
  }
  return (path) => {
    const segments = segmentsOf(path);
    const head = exact.get(`/${segments.join('/')}`);
    if (head !== undefined) return head;
    const found = patterns.find(
      (pattern) =>
        pattern.segments.length === segments.length &&
        pattern.segments.every((segment, at) => segment.startsWith(':') || segment === segments[at]),
    );
    return found?.head ?? '';
  };
}

/** The route list of the build in webDist; none when the build wrote none (an older build, a test's). */
export function readRouteHeads(webDist: string): RouteHeads {
  const file = join(webDist, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return NO_ROUTE_HEADS;
  return routeHeadsOf(JSON.parse(readFileSync(file, 'utf8')) as RouteFiles[]);
}
