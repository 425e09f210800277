import { describe, expect, it } from 'vitest';
import { parse } from 'node:querystring';
import { parseQuerystring } from './querystring';

describe('query strings as the reference client writes them', () => {
  it('drops empty values, reads + as a space and keeps literal commas and colons', () => {
    expect({ ...parseQuerystring('keywords=hello+world&skip=&sort=createDate:-1&ids=a,b') }).toEqual({
      keywords: 'hello world',
      sort: 'createDate:-1',
      ids: 'a,b',
    });
  });

  it('merges repeated keys and the key[] form into one list', () => {
    expect({ ...parseQuerystring('id=a&id=b&tag[]=x&tag[]=y&tag=z') }).toEqual({
      id: ['a', 'b'],
      tag: ['x', 'y', 'z'],
    });
    expect({ ...parseQuerystring('one[]=x') }).toEqual({ one: 'x' });
  });

  it('decodes percent escapes', () => {
    expect({ ...parseQuerystring('goTo=%2Fhome%3Fa%3D1') }).toEqual({ goTo: '/home?a=1' });
  });
});

describe('the one-pass parser against node:querystring', () => {
  /** What the parser answered before it was written in one pass: node:querystring's pairs, merged. */
  function throughNode(text: string): Record<string, string[]> {
    const merged: Record<string, string[]> = {};
    for (const [rawKey, value] of Object.entries(parse(text))) {
      const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
      const values = [value ?? []].flat().filter((entry) => entry !== '');
      if (values.length > 0) merged[key] = [...(merged[key] ?? []), ...values];
    }
    return merged;
  }

  function asLists(query: Record<string, string | string[]>): Record<string, string[]> {
    return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, [value].flat()]));
  }

  const sorted = (lists: Record<string, string[]>) =>
    Object.fromEntries(Object.entries(lists).map(([key, values]) => [key, [...values].sort()]));

  it('reads the same pairs from random texts, malformed escapes included', () => {
    const pieces = ['a', 'b', 'key', '=', '&', '+', '%', '%2', '%41', '%E4%B8%AD', '%ZZ', '[]', ' ', '', '%26', '%3D'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let round = 0; round < 3000; round += 1) {
      const length = next() % 12;
      const text = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
      // Lists compared as sets of values: a key given both as `k` and `k[]` may list them in another order.
      expect(sorted(asLists(parseQuerystring(text))), text).toEqual(sorted(throughNode(text)));
    }
  });

  it('keeps characters sent unescaped beside a malformed escape (node:querystring mangles them in keys)', () => {
    expect({ ...parseQuerystring('中%2=中%2&k=%E4%B8%2') }).toEqual({ '中%2': '中%2', k: '\uFFFD%2' });
  });

  it('keeps each value once in the order given', () => {
    expect({ ...parseQuerystring('b=4&a=1&b[]=2&b=5') }).toEqual({ b: ['4', '2', '5'], a: '1' });
  });

  it('reads no more than 1000 pairs', () => {
    const text = Array.from({ length: 1500 }, (_, index) => `k${index}=v`).join('&');
    expect(Object.keys(parseQuerystring(text))).toHaveLength(1000);
  });
});

describe('keys an object would inherit', () => {
  it('are plain keys of the query', () => {
    const query = parseQuerystring('constructor=a&toString=b&__proto__=c&hasOwnProperty=d');
    expect({ ...query }).toEqual({ constructor: 'a', toString: 'b', ['__proto__']: 'c', hasOwnProperty: 'd' });
    expect(Object.getPrototypeOf(Object.getPrototypeOf(query))).toBeNull();
    expect(parseQuerystring('valueOf=x').valueOf).toBe('x');
  });
});
