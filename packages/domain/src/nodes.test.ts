import { describe, expect, it } from 'vitest';
import { DEFAULT_RESERVED_NODE_DOMAINS, isNodeFrozen, nodeDomainProblem } from './nodes';

describe('node rules', () => {
  it('refuses badly shaped domains and reserved words', () => {
    expect(nodeDomainProblem('alice-art')).toBeNull();
    expect(nodeDomainProblem('abc')).toBe('pattern');
    expect(nodeDomainProblem('-abcd')).toBe('pattern');
    expect(nodeDomainProblem('Abcd')).toBe('pattern');
    expect(nodeDomainProblem('wallet')).toBe('reserved');
    expect(nodeDomainProblem('tessera')).toBe('reserved');
    expect(nodeDomainProblem('wallet', ['other'])).toBeNull();
  });

  it('lists each reserved word once', () => {
    expect(new Set(DEFAULT_RESERVED_NODE_DOMAINS).size).toBe(DEFAULT_RESERVED_NODE_DOMAINS.length);
  });

  it('reads the frozen bit', () => {
    expect(isNodeFrozen(2)).toBe(false);
    expect(isNodeFrozen(6)).toBe(true);
  });
});
