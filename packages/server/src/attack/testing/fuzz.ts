// fast-check arbitraries of hostile input: wrong types, missing and extra fields, huge numbers and
// strings, unicode (NUL, RTL marks, lone surrogates), injection strings. Runs are seeded so that a
// failure reproduces; FUZZ_RUNS raises their number locally, FUZZ_SEED picks another seed.
import fc from 'fast-check';
import { exampleOf, type Route, type Schema, type ValueSource } from './openapi';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20_260_311);
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const INJECTIONS = [
  "' OR '1'='1",
  'https://evil.example/',
  '//evil.example/',
  '/\\evil.example/',
  'javascript:alert(1)',
  "1'; DROP TABLE users; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '{"$gt": ""}',
  '%',
  '%%',
  '%25',
  '\\',
  '%00',
  '*',
  '_%',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0x10',
  '1e309',
  '99999999999999999999',
  '-99999999999999999999',
];

const ODD_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u200E',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '𝕏😀👨‍👩‍👧',
  'ǅǈ',
  'İı',
  '\r\n\r\nX-Injected: 1',
  ' ',
  '',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS, ...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 200, max: 1000 }).map((length) => 'ж'.repeat(length)),
  fc.constant('x'.repeat(70_000)),
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1.5,
    2 ** 31,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
);

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom<unknown>(null, true, false, [], {}, [[]], [null]),
  pollution,
  fc.array(fc.integer(), { minLength: 1000, maxLength: 3000 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** A body the schema accepts, with one thing made wrong: a field missing, mistyped, hostile or extra. */
export function mutatedBody(schema: Schema, values: ValueSource): fc.Arbitrary<unknown> {
  const valid = exampleOf(schema, 'body', values);
  if (typeof valid !== 'object' || valid === null || Array.isArray(valid)) return hostileJson;
  const fields = Object.keys(valid);
  const base = valid as Record<string, unknown>;
  const withField = (field: string, value: unknown) => ({ ...base, [field]: value });
  const arbitraries: fc.Arbitrary<unknown>[] = [
    hostileJson,
    fc.tuple(fc.string({ maxLength: 30 }), hostileJson).map(([field, value]) => withField(field, value)),
  ];
  if (fields.length > 0) {
    const field = fc.constantFrom(...fields);
    arbitraries.push(
      field.map((name) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))),
      fc.tuple(field, hostileJson).map(([name, value]) => withField(name, value)),
      fc.tuple(field, hostileJson).map(([name, value]) => withField(name, [value, value])),
      fc.tuple(field, hostileJson).map(([name, value]) => withField(name, { nested: value })),
    );
  }
  return fc.oneof(...arbitraries);
}

/** Query parameters: each left out, valid, or hostile; sometimes repeated or joined by unknown ones. */
export function hostileQuery(route: Route, values: ValueSource): fc.Arbitrary<[string, string][]> {
  const parameters = route.queryParams.map((parameter) => {
    const valid = exampleOf(parameter.schema, parameter.name, values);
    const validText = Array.isArray(valid) ? valid.join(',') : String(valid);
    return fc
      .oneof(
        fc.constant<string[]>([]),
        fc.constant([validText]),
        hostileString.map((value) => [value]),
        fc.tuple(hostileString, hostileString),
      )
      .map((texts) => texts.map((text): [string, string] => [parameter.name, text]));
  });
  const extra = fc.array(fc.tuple(fc.string({ maxLength: 20 }), hostileString), { maxLength: 2 });
  return fc.tuple(fc.tuple(...parameters), extra).map(([known, more]) => [...known.flat(), ...more]);
}
