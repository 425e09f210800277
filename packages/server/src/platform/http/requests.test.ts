import { describe, expect, it } from 'vitest';
import { isApiPath } from './requests';

describe('isApiPath', () => {
  it.each([
    ['/v2', true],
    ['/v2/', true],
    ['/v2/resources?keywords=a', true],
    ['/v2?x=1', true],
    ['/v3/transactions/records', true],
    ['/%76%32/resources', true],
    ['/v2%2Fresources', true],
    ['/v2x', false],
    ['/v2x/resources', false],
    ['/v2%3Fx', false],
    ['/market?from=/v2/', false],
    ['/', false],
    ['/assets/index.js', false],
    ['/%zz/v2', false],
  ])('%s is an API path: %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});
