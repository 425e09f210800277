// Which host is which (DOMAIN §3.7): `{nodeDomain}.{base}` is a node's site, `{nodeDomain}.t.{base}` its
// test-node site, any other host under the base domain names no site (it answers "node not found"),
// and every other host (the base domain itself, an IP address) is the platform's.
import type { SiteAddress } from '../../platform/site-hosts';

const NODE_LABEL = /^[a-z0-9-]+$/;
const TEST_SUFFIX = '.t';

/** The site a host name (no port) names under the base domain; null for the platform's own hosts. */
export function siteAddressOf(hostname: string, baseDomain: string): SiteAddress | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const suffix = `.${baseDomain}`;
  if (!host.endsWith(suffix)) return null;
  const label = host.slice(0, -suffix.length);
  if (label.endsWith(TEST_SUFFIX)) {
    const name = label.slice(0, -TEST_SUFFIX.length);
    return { name: NODE_LABEL.test(name) ? name : '', test: true };
  }
  return { name: NODE_LABEL.test(label) ? label : '', test: false };
}

/** A Host header's name without its port (an IPv6 address keeps its brackets), as Fastify's request.hostname. */
export function hostnameOf(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':', 1)[0] ?? '');
}

/** `:8080` when the Host header names a port, else ''. */
export function portSuffixOf(host: string): string {
  return /:\d{1,5}$/.exec(host)?.[0] ?? '';
}

/** The origin of a node's site (or its test-node site), on the scheme and port the request came in on. */
export function siteOrigin(
  protocol: string,
  requestHost: string,
  baseDomain: string,
  site: { nodeDomain: string; test: boolean },
): string {
  const host = `${site.nodeDomain}${site.test ? TEST_SUFFIX : ''}.${baseDomain}`;
  return `${protocol}://${host}${portSuffixOf(requestHost)}`;
}

/** The platform's origin as seen from a site host: the base domain on the same scheme and port. */
export function platformOrigin(protocol: string, requestHost: string, baseDomain: string): string {
  return `${protocol}://${baseDomain}${portSuffixOf(requestHost)}`;
}

/**
 * A path on the same origin to send the browser back to: starts with one '/', no backslash, no
 * control character, at most 1,000 characters; anything else is '/'.
 */
export function localPath(candidate: string | undefined): string {
  if (!candidate || candidate.length > 1000) return '/';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!candidate.startsWith('/') || /^\/[/\\]/.test(candidate) || /[\\\u0000-\u001f\u007f]/.test(candidate)) return '/';
  return candidate;
}
