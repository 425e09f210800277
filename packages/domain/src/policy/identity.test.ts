import { describe, expect, it } from 'vitest';
import { COMPILING_EXAMPLES } from './testing';
import { eventIdOf, normalizePolicyText, policyIdOf, policyIdSource } from './identity';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  // RFC 1321 test suite, plus UTF-8 text and lengths around the 56-byte padding boundary.
  it.each([
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['1234567890'.repeat(8), '57edf4a22be3c955ac49da2e2107b67a'],
    ['设置免费试用周期 🎉', '0c9ea0d2857a6b059bc921f792d259bb'],
    ['x'.repeat(55), '04364420e25c512fd958a70738aa8f72'],
    ['x'.repeat(56), '668a72d5ba17f08e62dabcafad6db14b'],
    ['x'.repeat(64), 'c1bb4f81d892b2d57947682aeb252456'],
  ])('md5(%j)', (text, digest) => {
    expect(md5Hex(text)).toBe(digest);
  });
});

describe('content addressing (DOMAIN §1.1)', () => {
  it('normalises line breaks, trailing blanks and the outer blanks, keeping comments', () => {
    expect(normalizePolicyText('\n\t for public  \r\ninitial[active]:\t\r  terminate // keep \r\n\r\n')).toBe(
      'for public\ninitial[active]:\n  terminate // keep',
    );
  });

  it('hashes the normalised text, a line feed and the subject type', () => {
    const text = 'for public\r\ninitial[active]:   \r\n  terminate\r\n';
    expect(policyIdSource(text, 1)).toBe('for public\ninitial[active]:\n  terminate\nsubjectType:1');
    expect(policyIdOf(text, 2)).toBe(md5Hex('for public\ninitial[active]:\n  terminate\nsubjectType:2'));
    expect(policyIdOf(text, 1)).toBe(policyIdOf('for public\ninitial[active]:\n  terminate', 1));
    expect(policyIdOf(`${COMPILING_EXAMPLES.A} // another comment`, 1)).not.toBe(policyIdOf(COMPILING_EXAMPLES.A, 1));
  });

  it('derives event ids from the policy id, state name and index', () => {
    const policyId = 'b'.repeat(32);
    expect(eventIdOf(policyId, 'auth', 0)).toBe(md5Hex(`${policyId}-auth-0`));
    expect(eventIdOf(policyId, 'auth', 1)).not.toBe(eventIdOf(policyId, 'auth', 0));
  });
});
