import { routes } from '@tessera/domain';

// Pages a person must not be sent back to after signing in: they would only ask again.
const ACCOUNT_PATHS = new Set(['/login', '/logon', '/retrieve', '/bind', '/freeze']);
/**
 * Links made before goTo was encoded once carry it encoded twice: read from the query it is still
 * encoded (`%2Fhome`, `http%3A%2F%2F…`), which no address starts with. Such a value is decoded once
 * more, never again: decoding a real address would change its own escapes (`?q=a%26b`).
 */
const STILL_ENCODED = /^(%2F|[a-z][a-z0-9+.-]*%3A)/i;

/**
 * The address a `goTo` query value points to, as a path on this site, or null when it is missing,
 * malformed or leads elsewhere. The value is taken as the query parser gives it (the route builders
 * encode goTo once), or decoded once more when it is an old twice-encoded one.
 * Only the page's own origin is accepted, so a crafted link cannot send a fresh session to
 * another site (open redirect); `javascript:` and `//host` addresses fail the same check.
 */
export function safeGoTo(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw) return null;
  let address: URL;
  try {
    address = new URL(STILL_ENCODED.test(raw) ? decodeURIComponent(raw) : raw, origin);
  } catch {
    return null;
  }
  if (address.origin !== origin || ACCOUNT_PATHS.has(address.pathname)) return null;
  return `${address.pathname}${address.search}${address.hash}`;
}

/** Where to go after signing in or up: goTo when it is safe, else /home. */
export function goToTarget(raw: string | null | undefined, origin?: string): string {
  return safeGoTo(raw, origin) ?? routes.home();
}
