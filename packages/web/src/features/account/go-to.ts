import { routes } from '@tessera/domain';

// Pages a person must not be sent back to after signing in: they would only ask again.
const ACCOUNT_PATHS = new Set(['/login', '/logon', '/retrieve', '/bind', '/freeze']);

/**
 * The address a `goTo` query value points to, as a path on this site, or null when it is missing,
 * malformed or leads elsewhere. The route builders encode goTo once before the query string
 * encodes it again (API.md §1.3); the query parser undoes the second, this undoes the first.
 * Only the page's own origin is accepted, so a crafted link cannot send a fresh session to
 * another site (open redirect); `javascript:` and `//host` addresses fail the same check.
 */
export function safeGoTo(raw: string | null | undefined, origin: string = window.location.origin): string | null {
  if (!raw) return null;
  let address: URL;
  try {
    address = new URL(decodeURIComponent(raw), origin);
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
