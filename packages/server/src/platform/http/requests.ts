// Request helpers: paths (API or page), `…IdOrName` segments, page navigations, unsafe methods.
import { API_PREFIX } from '@tessera/domain';
import type { FastifyRequest } from 'fastify';

/** The path of a request URL, without the query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The path as the router matches it: percent-escapes decoded, so `/%76%32/…` is an API path like
 * `/v2/…` (the request gate decides on this, never on the raw text). A malformed escape is left as it is.
 */
export function routerPathOf(url: string): string {
  const path = pathOf(url);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The income calls of API.md §5 live under /v3 (only /v3/transactions/records is served so far). */
const API_V3_PREFIX = '/v3';

const API_PREFIXES = [API_PREFIX, API_V3_PREFIX];

/** Whether `path` is `prefix` or below it; a query may follow a path read from the URL as it came. */
function isUnder(path: string, prefix: string, queryMayFollow: boolean): boolean {
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return next === undefined || next === '/' || (queryMayFollow && next === '?');
}

/** Asked several times of every request, so a URL without escapes is read in place (issue 15). */
export function isApiPath(url: string): boolean {
  const escaped = url.includes('%');
  const path = escaped ? routerPathOf(url) : url;
  for (const prefix of API_PREFIXES) if (isUnder(path, prefix, !escaped)) return true;
  return false;
}

/**
 * An `…IdOrName` path segment after the router's decoding: clients encode full names twice
 * (API.md §1.6), so escapes that remain are decoded once more when they form valid UTF-8.
 */
export function decodeIdOrName(segment: string): string {
  if (!/%[0-9a-f]{2}/i.test(segment)) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A browser navigation to a page of the web app (as opposed to an API call or a file fetch). */
export function isPageNavigation(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(request.url) &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isUnsafeMethod(method: string): boolean {
  return UNSAFE_METHODS.has(method);
}
