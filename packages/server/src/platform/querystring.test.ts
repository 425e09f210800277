import { describe, expect, it } from 'vitest';
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
