import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  compareVersionTexts,
  isVersionRange,
  maxSatisfying,
  nextPatchVersion,
  normalizeVersion,
  satisfiesRange,
} from './semver';

describe('versions', () => {
  it('normalises a leading v and spaces and refuses anything else', () => {
    expect(normalizeVersion(' v1.2.3 ')).toBe('1.2.3');
    for (const bad of ['1.2', '01.2.3', '1.2.3-beta', '1.2.3+build', 'a.b.c', '', '1.2.3.4'])
      expect(normalizeVersion(bad)).toBeNull();
  });

  it('orders by semver, not as text', () => {
    expect(compareVersionTexts('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions([1, 0, 0], [1, 0, 0])).toBe(0);
    expect(compareVersionTexts('0.9.0', 'nonsense')).toBe(1);
    expect(nextPatchVersion('1.2.9')).toBe('1.2.10');
  });
});

describe('ranges', () => {
  const cases: [string, string[], string[]][] = [
    ['1.2.3', ['1.2.3'], ['1.2.4']],
    ['*', ['0.0.0', '9.9.9'], []],
    ['', ['1.0.0'], []],
    ['1.x', ['1.0.0', '1.9.9'], ['2.0.0', '0.9.9']],
    ['1.2', ['1.2.0', '1.2.9'], ['1.3.0']],
    ['^1.2.3', ['1.2.3', '1.9.0'], ['1.2.2', '2.0.0']],
    ['^0.2.3', ['0.2.3', '0.2.9'], ['0.3.0']],
    ['^0.0.3', ['0.0.3'], ['0.0.4']],
    ['^0.x', ['0.9.0'], ['1.0.0']],
    ['~1.2.3', ['1.2.3', '1.2.9'], ['1.3.0', '1.2.2']],
    ['~1', ['1.5.0'], ['2.0.0']],
    ['>=1.0.0 <2.0.0', ['1.0.0', '1.9.9'], ['2.0.0', '0.9.0']],
    ['>= 1.0.0', ['1.0.0'], ['0.9.0']],
    ['>1.2', ['1.3.0'], ['1.2.9']],
    ['<=1.2', ['1.2.9'], ['1.3.0']],
    ['<1.2.0', ['1.1.9'], ['1.2.0']],
    ['1.2 - 2.3.4', ['1.2.0', '2.3.4'], ['1.1.9', '2.3.5']],
    ['1.2.3 - 2', ['2.9.9'], ['3.0.0']],
    ['1.0.0 || ^3.0.0', ['1.0.0', '3.1.0'], ['2.0.0']],
    ['<0.0.0', [], ['0.0.0']],
  ];
  it.each(cases)('%s', (range, inside, outside) => {
    expect(isVersionRange(range)).toBe(true);
    for (const version of inside) expect(satisfiesRange(version, range)).toBe(true);
    for (const version of outside) expect(satisfiesRange(version, range)).toBe(false);
  });

  it('refuses texts that are not ranges', () => {
    for (const bad of ['abc', '^^1', '1.2.3.4', '>=01.0.0', 'x'.repeat(101)]) expect(isVersionRange(bad)).toBe(false);
  });

  it('picks the highest matching version', () => {
    expect(maxSatisfying(['1.0.0', '1.10.0', '1.2.0', '2.0.0'], '^1.0.0')).toBe('1.10.0');
    expect(maxSatisfying(['1.0.0'], '^2.0.0')).toBeUndefined();
  });
});
