// Script-readable cookies (locale, uid, XSRF-TOKEN). The session cookie itself is httpOnly and
// never seen here.

const DAY_MS = 24 * 60 * 60 * 1000;

export function readCookie(name: string, source: Pick<Document, 'cookie'> = document): string | undefined {
  for (const part of source.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

export interface CookieOptions {
  days: number;
  path?: string;
  now?: number;
}

export function writeCookie(
  name: string,
  value: string,
  options: CookieOptions,
  target: Pick<Document, 'cookie'> = document,
): void {
  const expires = new Date((options.now ?? Date.now()) + options.days * DAY_MS).toUTCString();
  target.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires}; path=${options.path ?? '/'}; SameSite=Lax`;
}
