// Query strings as the reference client writes them (API.md §1.5): `+` is a space, empty values
// mean "not given", and `key[]=a&key[]=b` is the same list as repeated `key`.
import { parse } from 'node:querystring';

export type ParsedQuery = Record<string, string | string[]>;

export function parseQuerystring(text: string): ParsedQuery {
  const query: ParsedQuery = Object.create(null) as ParsedQuery;
  const parsed = parse(text);
  for (const rawKey in parsed) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const value = parsed[rawKey];
    // The common case, one value under a new key, without the lists below (this runs on every request).
    if (typeof value === 'string' && query[key] === undefined) {
      if (value !== '') query[key] = value;
      continue;
    }
    const values = [value ?? []].flat().filter((text) => text !== '');
    const merged = query[key] === undefined ? values : [query[key]].flat().concat(values);
    if (merged.length === 1) query[key] = merged[0] as string;
    else if (merged.length > 1) query[key] = merged;
  }
  return query;
}
