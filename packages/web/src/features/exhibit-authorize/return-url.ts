// Where "Back to the site" goes. The visitor came from a node's site, but `returnUrl` is in the address
// and anyone can write it: it is followed only to the node's own site (same scheme family, same host and
// port as the node's `nodeUrl`), never elsewhere (no open redirect).

const parse = (url: string): URL | null => {
  try {
    return new URL(url);
  } catch {
    return null;
  }
};

const isWeb = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** `returnUrl` when it is an http(s) address on the node site's host (port included), else the node's address. */
export function safeReturnUrl(returnUrl: string | null | undefined, nodeUrl: string): string {
  const site = parse(nodeUrl);
  const wanted = returnUrl ? parse(returnUrl) : null;
  if (site && wanted && isWeb(wanted) && wanted.host === site.host && !wanted.username && !wanted.password) {
    return wanted.href;
  }
  return nodeUrl;
}
