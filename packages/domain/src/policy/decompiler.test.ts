import { describe, expect, it } from 'vitest';
import { compilePolicy } from './compiler';
import { decompilePolicy } from './decompiler';
import { COMPILING_EXAMPLES, generateLargePolicy, withoutEventIds } from './testing';
import type { CompiledPolicy } from './types';

function compiledOrThrow(text: string): CompiledPolicy {
  const result = compilePolicy(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.policy;
}

describe('decompilePolicy', () => {
  it('writes the canonical text of policy D', () => {
    expect(decompilePolicy(compiledOrThrow(COMPILING_EXAMPLES.D))).toBe(
      [
        'for public, 10001, buyer@example.com',
        'always testActive',
        '',
        'initial:',
        '  ~freelog.TransactionEvent("100.00","self.account") => paid',
        '  ~freelog.TimeEvent("2030-01-01 00:00") => closed',
        '',
        'paid[active]:',
        '  ~freelog.CycleEndEvent("6","cycle") => initial',
        '',
        'closed:',
        '  terminate',
      ].join('\n'),
    );
  });

  it('writes the free policy', () => {
    expect(decompilePolicy(compiledOrThrow(COMPILING_EXAMPLES.A))).toBe('for public\n\ninitial[active]:\n  terminate');
  });

  it.each([...Object.entries(COMPILING_EXAMPLES), ['50 states', generateLargePolicy(50)]])(
    '%s: compile → decompile → compile gives the same form, and the canonical text is a fixed point',
    (_name, text) => {
      const first = compiledOrThrow(text);
      const canonical = decompilePolicy(first);
      const second = compiledOrThrow(canonical);
      expect(withoutEventIds(second)).toEqual(withoutEventIds(first));
      expect(decompilePolicy(second)).toBe(canonical);
      // The canonical text is its own content address: compiling it again keeps even the eventIds.
      expect(compiledOrThrow(canonical)).toEqual(second);
    },
  );
});
