import { describe, expect, it } from 'vitest';
import { displayWidth, formatTable } from './table';

describe('formatTable', () => {
  it('counts Chinese characters as two columns', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('活动')).toBe(4);
    expect(displayWidth('活动 A（一）')).toBe(12);
  });

  it('aligns columns by display width', () => {
    const text = formatTable(
      ['NAME', 'STATE'],
      [
        ['活动', 'on'],
        ['abc', 'off'],
      ],
    );
    expect(text.split('\n')).toEqual(['NAME  STATE', '----  -----', '活动  on', 'abc   off']);
  });
});
