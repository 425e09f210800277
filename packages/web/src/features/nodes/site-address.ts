// The address of a node's site, `{nodeDomain}.{baseDomain}:{port}` (DOMAIN §3.7), before the node exists.

interface KnownSite {
  nodeDomain: string;
  nodeUrl: string;
}

/**
 * The host a new node's site will have. The server's base domain is read off a site it already
 * built (one of the user's nodes); without one, the platform's own host stands in, and `localhost`
 * (the setting's default) where that host is an IP address, which cannot carry subdomains.
 */
export function siteHostPreview(domain: string, known?: KnownSite, location: Location = window.location): string {
  return `${domain}.${baseHost(known, location)}`;
}

function baseHost(known: KnownSite | undefined, location: Location): string {
  if (known) {
    try {
      const { host } = new URL(known.nodeUrl);
      if (host.startsWith(`${known.nodeDomain}.`)) return host.slice(known.nodeDomain.length + 1);
    } catch {
      // An address we cannot read: fall back to the platform's host.
    }
  }
  const isIp = /^[0-9.]+$/u.test(location.hostname) || location.hostname.includes(':');
  const hostname = isIp || !location.hostname ? 'localhost' : location.hostname;
  return location.port ? `${hostname}:${location.port}` : hostname;
}

/** The site's address without the scheme, as the pages show it. */
export const shownAddress = (url: string): string => url.replace(/^https?:\/\//u, '').replace(/\/$/u, '');
