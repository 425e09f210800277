// Query strings as the reference client writes them (API.md §1.5): `+` is a space, empty values
// mean "not given", and `key[]=a&key[]=b` is the same list as repeated `key`.
//
// One pass over the text rather than node:querystring and a second pass over its answer: this runs
// on every request, and a query of plain words (the common case) is cut into slices and nothing more
// (issue 15, goal 3). Escapes are decoded as node:querystring decodes them: a malformed `%` is kept as
// it is, and escaped bytes that are not UTF-8 become U+FFFD; like it, no more than MAX_KEYS pairs are read.

export type ParsedQuery = Record<string, string | string[]>;

const MAX_KEYS = 1000;

const PERCENT = 0x25;

function hexDigit(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** Every well-formed `%XX` as its byte, anything else as written. */
function decodeLeniently(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  const decoded = Buffer.allocUnsafe(bytes.length);
  let length = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    if (byte === PERCENT && index + 2 < bytes.length) {
      const high = hexDigit(bytes[index + 1] as number);
      const low = hexDigit(bytes[index + 2] as number);
      if (high >= 0 && low >= 0) {
        decoded[length] = high * 16 + low;
        length += 1;
        index += 2;
        continue;
      }
    }
    decoded[length] = byte;
    length += 1;
  }
  return decoded.toString('utf8', 0, length);
}

function decode(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return decodeLeniently(spaced);
  }
}

function add(query: ParsedQuery, rawKey: string, value: string): void {
  if (value === '') return;
  const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
  const earlier = query[key];
  if (earlier === undefined) query[key] = value;
  else if (typeof earlier === 'string') query[key] = [earlier, value];
  else earlier.push(value);
}

/**
 * A query object without a prototype to inherit keys from (`constructor`, `__proto__` are plain keys
 * here), made by a constructor rather than `Object.create(null)`: V8 keeps that one's properties in a
 * dictionary, slower for the validator and the handler that read them (issue 15).
 */
const EmptyQuery = function EmptyQuery() {} as unknown as { new (): ParsedQuery; prototype: object };
EmptyQuery.prototype = Object.create(null) as object;

export function parseQuerystring(text: string): ParsedQuery {
  const query = new EmptyQuery();
  let start = 0;
  for (let pairs = 0; start <= text.length && pairs < MAX_KEYS; pairs += 1) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start) {
      const equals = text.indexOf('=', start);
      const split = equals === -1 || equals > end ? end : equals;
      add(query, decode(text.slice(start, split)), split === end ? '' : decode(text.slice(split + 1, end)));
    }
    start = end + 1;
  }
  return query;
}
