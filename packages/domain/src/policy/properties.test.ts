import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builderModel, writtenPolicy } from './arbitraries';
import { builderToText, textToBuilder } from './builder';
import { compilePolicy, type PolicyCompileResult } from './compiler';
import { decompilePolicy } from './decompiler';
import { COMPILING_EXAMPLES, withoutEventIds } from './testing';

function expectWellFormed(text: string, result: PolicyCompileResult): void {
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) expect(result.errors.length).toBeGreaterThan(0);
  for (const item of [...result.errors, ...result.warnings]) {
    expect(item.line).toBeGreaterThanOrEqual(1);
    expect(item.column).toBeGreaterThanOrEqual(1);
    expect(item.from).toBeLessThanOrEqual(item.to);
    expect(item.to).toBeLessThanOrEqual(text.length);
    expect(item.messageKey.startsWith('policy.error.')).toBe(true);
  }
}

describe('property: the visual builder only emits policies that compile', () => {
  it('builderToText(model) compiles, and textToBuilder gives the same model back', () => {
    fc.assert(
      fc.property(builderModel, (model) => {
        const text = builderToText(model);
        const result = compilePolicy(text);
        expect(result.errors).toEqual([]);
        expect(textToBuilder(text)).toEqual({ ok: true, model, warnings: result.warnings });
      }),
      { numRuns: 150 },
    );
  });
});

describe('property: compile → decompile → compile is stable', () => {
  it('for texts with comments, blanks, CRLF, always lines and non-canonical numbers', () => {
    fc.assert(
      fc.property(writtenPolicy, (text) => {
        const first = compilePolicy(text);
        expect(first.errors).toEqual([]);
        const canonical = decompilePolicy(first.policy ?? fail());
        const second = compilePolicy(canonical);
        expect(withoutEventIds(second.policy)).toEqual(withoutEventIds(first.policy));
        expect(decompilePolicy(second.policy ?? fail())).toBe(canonical);
      }),
      { numRuns: 150 },
    );
  });
});

describe('property: the compiler never throws', () => {
  it('on arbitrary strings of any code units', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expectWellFormed(text, compilePolicy(text));
      }),
      { numRuns: 500 },
    );
  });

  it('on long texts around the length limit', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 2_000, maxLength: 11_000 }), (text) => {
        expectWellFormed(text, compilePolicy(text));
      }),
      { numRuns: 20 },
    );
  });

  it('on strings made of the language’s own pieces', () => {
    const piece = fc.constantFrom(
      'for',
      'public',
      'always',
      'active',
      'testActive',
      'terminate',
      'initial',
      'a',
      '~',
      'freelog',
      '.',
      'TransactionEvent',
      'TimeEvent',
      '(',
      ')',
      '"1"',
      '"self.account"',
      '"',
      ',',
      '=>',
      ':',
      '[',
      ']',
      '//',
      '/*',
      '*/',
      '\n',
      ' ',
      '\r\n',
      '=',
      '10001',
      'a@b.cn',
      '😀',
      '状态',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const text = pieces.join('');
        expectWellFormed(text, compilePolicy(text));
      }),
      { numRuns: 500 },
    );
  });

  it('on valid policies with characters deleted, inserted or replaced', () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.integer({ min: 0, max: 3 }),
      insert: fc.constantFrom('', '"', '~', ':', '[', ']', '(', ')', ',', '/*', '//', '\n', 'x', '=>', '0'),
    });
    const source = fc.oneof(writtenPolicy, fc.constantFrom(...Object.values(COMPILING_EXAMPLES)));
    fc.assert(
      fc.property(source, fc.array(edit, { minLength: 1, maxLength: 4 }), (text, edits) => {
        const mutated = edits.reduce((current, { at, remove, insert }) => {
          const position = at % (current.length + 1);
          return current.slice(0, position) + insert + current.slice(position + remove);
        }, text);
        const result = compilePolicy(mutated);
        expectWellFormed(mutated, result);
        if (result.ok) expect(compilePolicy(decompilePolicy(result.policy)).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

function fail(): never {
  throw new Error('expected a compiled policy');
}
