// Where logout may send the browser: only to this site (no open redirect). The web app encodes
// returnUrl before the query string is built (API.md §2), so a value that still looks encoded is
// decoded once.
import type { FastifyRequest } from 'fastify';

const STILL_ENCODED = /^(?:https?%3A|%2F)/i;

function decodeOnce(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The path (with query and fragment) to redirect to, or null when returnUrl is absent or leaves the site. */
export function sameSiteReturnPath(
  returnUrl: string | undefined,
  request: Pick<FastifyRequest, 'protocol' | 'host'>,
): string | null {
  if (!returnUrl) return null;
  const candidate = STILL_ENCODED.test(returnUrl) ? decodeOnce(returnUrl) : returnUrl;
  if (candidate === null) return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(`${request.protocol}://${request.host}`);
    url = new URL(candidate, site);
  } catch {
    return null;
  }
  // The URL parser reads the address as browsers do ('\' as '/', tabs and newlines dropped), so
  // '/\evil.example' already shows up as another host here.
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== site.host) return null;
  // A path that starts with '//' would be read by the browser as another host.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
