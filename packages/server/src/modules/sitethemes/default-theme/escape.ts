// The two guards every interpolation goes through: text is escaped for HTML (element content and
// double-quoted attribute values alike), and addresses are accepted only when they are http, https or
// relative, so no `javascript:`, `data:` or `vbscript:` address reaches an href or a src.

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// Browsers drop ASCII tabs and line breaks anywhere in an address and trim leading and trailing C0
// controls and spaces (WHATWG URL), so `java\tscript:` is `javascript:`. Remove them all before judging.
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]/g;

/**
 * The address to put in an href or src, or null when it must not be used. Allowed: `http:` and `https:`
 * addresses, protocol-relative `//host/…`, and relative paths (no scheme before the first `/`, `?` or `#`).
 * The answer still has to be escaped with escapeHtml.
 */
export function safeUrl(address: string): string | null {
  const cleaned = address.replace(IGNORED_BY_BROWSERS, '');
  if (cleaned === '') return null;
  if (/^https?:\/\//i.test(cleaned)) return cleaned;
  const beforePath = cleaned.split(/[/?#]/, 1)[0] ?? '';
  return beforePath.includes(':') ? null : cleaned;
}

/** ` name="value"` with the value escaped. */
export function attr(name: string, value: string): string {
  return ` ${name}="${escapeHtml(value)}"`;
}

/** ` name="address"` when the address is safe, else nothing. */
export function urlAttr(name: string, address: string): string {
  const safe = safeUrl(address);
  return safe === null ? '' : attr(name, safe);
}

/** A query string built from parameters, skipping empty values: `?a=1&b=x%20y` or ''. */
export function queryString(params: Readonly<Record<string, string | number | undefined>>): string {
  const pairs = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}
