import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';

describe('BoundedMap', () => {
  it('keeps up to its size, then empties itself before taking a new key', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
    map.set('d', 4);
    expect([...map.entries()]).toEqual([['d', 4]]);
  });

  it('replaces a kept key in place when full', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3);
    expect([...map.entries()]).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });
});
