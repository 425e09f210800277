import { describe, expect, it } from 'vitest';
import { compilePolicy, type CompilePolicyOptions } from './compiler';
import { eventIdOf, policyIdOf } from './identity';
import { COMPILING_EXAMPLES, FAILING_EXAMPLES, generateLargePolicy } from './testing';
import type { CompiledPolicy, PolicyDiagnostic } from './types';

const MD5 = /^[0-9a-f]{32}$/;

function compiled(text: string, options?: CompilePolicyOptions): CompiledPolicy {
  const result = compilePolicy(text, options);
  if (!result.ok) throw new Error(`expected to compile: ${JSON.stringify(result.errors)}`);
  return result.policy;
}

function errorsOf(text: string, options?: CompilePolicyOptions): [string, number, number][] {
  const result = compilePolicy(text, options);
  expect(result.ok).toBe(false);
  return result.errors.map((error) => [error.code, error.line, error.column]);
}

function only(list: PolicyDiagnostic[]): PolicyDiagnostic {
  expect(list).toHaveLength(1);
  return list[0] as PolicyDiagnostic;
}

const transition = (toState: string, name: string, code: string, args: object, isSingleton: boolean) => ({
  eventId: expect.stringMatching(MD5),
  toState,
  service: 'freelog',
  name,
  code,
  args,
  isSingleton,
});
const pay = (amount: string, toState: string) =>
  transition(toState, 'TransactionEvent', 'S201', { amount, account: 'self.account' }, true);
const after = (elapsed: number, timeUnit: string, toState: string) =>
  transition(toState, 'RelativeTimeEvent', 'A103', { elapsed, timeUnit }, false);

describe('DOMAIN §4.9: policies that must compile', () => {
  it('A: the free policy, for resources and for exhibits', () => {
    for (const subjectType of [1, 2] as const) {
      const result = compilePolicy(COMPILING_EXAMPLES.A, { subjectType });
      expect(result.ok && result.isFree).toBe(true);
      expect(result.policy).toEqual({
        fsmDeclarationInfo: {
          audiences: [{ name: 'public', type: 'public' }],
          serviceStates: [{ name: 'active', type: 'authorization' }],
          alwaysServiceStates: [],
          symbolArgs: {},
        },
        fsmDescriptionInfo: {
          initial: {
            isInitial: true,
            isTerminate: true,
            serviceStates: ['active'],
            isAuth: true,
            isTestAuth: false,
            transitions: [],
          },
        },
      });
    }
  });

  it('B: trial then paid subscription, exactly as the compiled table of §4.7', () => {
    const result = compilePolicy(COMPILING_EXAMPLES.B);
    expect(result.ok).toBe(true);
    expect(result.isFree).toBe(false);
    expect(result.warnings).toEqual([]);
    const state = (serviceStates: string[], transitions: object[], flags: object = {}) => ({
      isInitial: false,
      isTerminate: false,
      serviceStates,
      isAuth: serviceStates.includes('active'),
      isTestAuth: false,
      transitions,
      ...flags,
    });
    expect(result.policy).toEqual({
      fsmDeclarationInfo: {
        audiences: [{ name: 'public', type: 'public' }],
        serviceStates: [{ name: 'active', type: 'authorization' }],
        alwaysServiceStates: [],
        symbolArgs: { envArgs: ['self.account'] },
      },
      fsmDescriptionInfo: {
        initial: state(['active'], [after(1, 'week', 'get_auth')], { isInitial: true }),
        get_auth: state([], [pay('29.99', 'auth')]),
        auth: state(['active'], [after(1, 'month', 'finish')]),
        finish: state([], [], { isTerminate: true }),
      },
    });
    expect(Object.keys(result.policy ?? {})).toEqual(['fsmDeclarationInfo', 'fsmDescriptionInfo']);
    expect(Object.keys(result.policy?.fsmDescriptionInfo ?? {})).toEqual(['initial', 'get_auth', 'auth', 'finish']);
  });

  it('B: the policyId and eventIds are the content addresses of DOMAIN §1.1', () => {
    const result = compilePolicy(COMPILING_EXAMPLES.B, { subjectType: 2 });
    expect(result.policyId).toBe(policyIdOf(COMPILING_EXAMPLES.B, 2));
    expect(result.policyId).not.toBe(policyIdOf(COMPILING_EXAMPLES.B, 1));
    const policyId = result.policyId as string;
    expect(result.policy?.fsmDescriptionInfo.get_auth?.transitions[0]?.eventId).toBe(
      eventIdOf(policyId, 'get_auth', 0),
    );
    expect(result.policy?.fsmDescriptionInfo.auth?.transitions[0]?.eventId).toBe(eventIdOf(policyId, 'auth', 0));
  });

  it('C: wait or pay once; spaces before the brackets and comments touching names', () => {
    const policy = compiled(COMPILING_EXAMPLES.C);
    expect(policy.fsmDescriptionInfo).toEqual({
      initial: {
        isInitial: true,
        isTerminate: false,
        serviceStates: [],
        isAuth: false,
        isTestAuth: false,
        transitions: [after(24, 'hour', 'auth_expiration'), pay('0.19', 'auth_permanent')],
      },
      auth_expiration: {
        isInitial: false,
        isTerminate: false,
        serviceStates: ['active'],
        isAuth: true,
        isTestAuth: false,
        transitions: [after(72, 'hour', 'initial')],
      },
      auth_permanent: {
        isInitial: false,
        isTerminate: true,
        serviceStates: ['active'],
        isAuth: true,
        isTestAuth: false,
        transitions: [],
      },
    });
  });

  it('D: named licensees, `always testActive`, a deadline and a cycle renewal', () => {
    const policy = compiled(COMPILING_EXAMPLES.D, { subjectType: 1 });
    expect(policy.fsmDeclarationInfo).toEqual({
      audiences: [
        { name: 'public', type: 'public' },
        { name: '10001', type: 'userId' },
        { name: 'buyer@example.com', type: 'email' },
      ],
      serviceStates: [
        { name: 'testActive', type: 'testAuthorization' },
        { name: 'active', type: 'authorization' },
      ],
      alwaysServiceStates: ['testActive'],
      symbolArgs: { envArgs: ['self.account'] },
    });
    expect(policy.fsmDescriptionInfo).toEqual({
      initial: {
        isInitial: true,
        isTerminate: false,
        serviceStates: ['testActive'],
        isAuth: false,
        isTestAuth: true,
        transitions: [
          pay('100.00', 'paid'),
          transition('closed', 'TimeEvent', 'A102', { dateTime: '2030-01-01 00:00' }, false),
        ],
      },
      paid: {
        isInitial: false,
        isTerminate: false,
        serviceStates: ['testActive', 'active'],
        isAuth: true,
        isTestAuth: true,
        transitions: [transition('initial', 'CycleEndEvent', 'A101', { cycleCount: 6, timeUnit: 'cycle' }, false)],
      },
      // `closed` keeps a permanent test licence through `always`.
      closed: {
        isInitial: false,
        isTerminate: true,
        serviceStates: ['testActive'],
        isAuth: false,
        isTestAuth: true,
        transitions: [],
      },
    });
  });

  it('accepts the compact one-line form of §4.1', () => {
    const text =
      'for public initial:  ~freelog.TransactionEvent("100","self.account") => finish finish[active]: terminate';
    expect(Object.keys(compiled(text).fsmDescriptionInfo)).toEqual(['initial', 'finish']);
  });
});

describe('DOMAIN §4.10: policies that must fail', () => {
  it('E: no initial state → P011', () => {
    const error = only(compilePolicy(FAILING_EXAMPLES.E).errors);
    expect([error.code, error.line, error.column, error.params]).toEqual(['P011', 2, 1, {}]);
  });

  it("F: unsupported event → P022 (event 'SigningEvent' is not supported)", () => {
    const error = only(compilePolicy(FAILING_EXAMPLES.F).errors);
    expect([error.code, error.line, error.column, error.params]).toEqual(['P022', 3, 12, { event: 'SigningEvent' }]);
  });

  it("G: undefined target → P030 (target state 'finish' is not defined)", () => {
    const error = only(compilePolicy(FAILING_EXAMPLES.G).errors);
    expect([error.code, error.line, error.column, error.params]).toEqual(['P030', 3, 53, { state: 'finish' }]);
  });

  it('H: zero amount → P024', () => {
    const error = only(compilePolicy(FAILING_EXAMPLES.H).errors);
    expect([error.code, error.line, error.column]).toEqual(['P024', 3, 29]);
  });

  it('D compiled for exhibits → P010 at testActive', () => {
    const error = only(compilePolicy(COMPILING_EXAMPLES.D, { subjectType: 2 }).errors);
    expect([error.code, error.line, error.column, error.params]).toEqual(['P010', 2, 8, { service: 'testActive' }]);
    expect(error.messageKey).toBe('policy.error.P010.exhibit');
  });

  it('any policy with userGroup → P003', () => {
    expect(errorsOf('for public, userGroup initial[active]: terminate')).toEqual([['P003', 1, 13]]);
  });
});

// One row per check of §4.6: the text, then every error it must report as [code, line, column].
/** A text whose third line is `statement`, inside the state `initial`. */
const inInitial = (statement: string) => `for public\ninitial[active]:\n  ${statement}`;

const ERROR_TABLE: [string, string, [string, number, number][]][] = [
  [
    'P001 old syntax',
    'in initial : proceed to auth',
    [
      ['P001', 1, 1],
      ['P001', 1, 14],
    ],
  ],
  ['P001 missing colon', 'for public\ninitial[active]\n  terminate', [['P001', 3, 3]]],
  ['P001 unclosed string', inInitial('~freelog.TimeEvent("2030-01-01 00:00) => x'), [['P001', 3, 22]]],
  ['P001 unclosed comment', 'for public /* note\ninitial[active]: terminate', [['P001', 1, 12]]],
  ['P001 no state', 'for public', [['P001', 1, 11]]],
  ['P001 comments only', '// nothing\n/* here */', [['P001', 2, 11]]],
  ['P001 empty body', 'for public\ninitial[active]:\nnext:\n  terminate', [['P001', 3, 1]]],
  ['P001 name over 40 characters', `for public\n${'a'.repeat(41)}[active]: terminate`, [['P001', 2, 1]]],
  [
    'P001 unquoted argument',
    'for public\ninitial:\n  ~freelog.TransactionEvent(1,"self.account") => a\na[active]: terminate',
    [['P001', 3, 29]],
  ],
  ['P001 a stray character', 'for public\ninitial[active]；\n  terminate', [['P001', 2, 16]]],
  ['P001 missing audience', 'for initial[active]: terminate', [['P001', 1, 5]]],
  [
    'P002 unknown audience',
    'for public, friends, 1234\ninitial[active]: terminate',
    [
      ['P002', 1, 13],
      ['P002', 1, 22],
    ],
  ],
  ['P002 11 digits that are not a mobile', 'for 10000000000 initial[active]: terminate', [['P002', 1, 5]]],
  ['P003 userGroup', 'for userGroup\ninitial[active]: terminate', [['P003', 1, 5]]],
  ['P004 expression declaration', 'for public\nprice(x) = x\ninitial[active]: terminate', [['P004', 2, 1]]],
  ['P005 empty', '', [['P005', 1, 1]]],
  ['P005 blank', ' \n\t\r\n ', [['P005', 1, 1]]],
  ['P010 unknown service state', 'for public\ninitial[active, paid]: terminate', [['P010', 2, 17]]],
  ['P010 unknown always', 'for public\nalways shown\ninitial[active]: terminate', [['P010', 2, 8]]],
  ['P011 no initial', 'for public\nstart[active]: terminate', [['P011', 2, 1]]],
  ['P012 state twice', 'for public\ninitial[active]: terminate\ninitial: terminate', [['P012', 3, 1]]],
  [
    'P013 reserved state name',
    'for public\ninitial[active]: ~freelog.TimeEvent("2030-01-01 00:00") => public\npublic: terminate',
    [['P013', 3, 1]],
  ],
  [
    'P013 _none_',
    'for public\ninitial[active]: ~freelog.TimeEvent("2030-01-01 00:00") => _none_\n_none_: terminate',
    [['P013', 3, 1]],
  ],
  [
    'P014 terminate after a transition',
    inInitial('~freelog.TransactionEvent("1","self.account") => initial\n  terminate'),
    [['P014', 4, 3]],
  ],
  ['P014 terminate twice', inInitial('terminate\n  terminate'), [['P014', 4, 3]]],
  ['P020 event service', inInitial('~other.TransactionEvent("1","self.account") => initial'), [['P020', 3, 4]]],
  ['P021 unknown event', inInitial('~freelog.PayEvent("1") => initial'), [['P021', 3, 12]]],
  ['P021 names between are ignored', inInitial('~freelog.x.y.Pay("1") => initial'), [['P021', 3, 16]]],
  ['P022 unsupported', inInitial('~freelog.ViewCountEvent("1") => initial'), [['P022', 3, 12]]],
  ['P023 argument count', inInitial('~freelog.TimeEvent("2030-01-01 00:00","x") => initial'), [['P023', 3, 12]]],
  ['P023 no argument', inInitial('~freelog.TransactionEvent() => initial'), [['P023', 3, 12]]],
  ['P024 three decimals', inInitial('~freelog.TransactionEvent("1.005","self.account") => initial'), [['P024', 3, 29]]],
  ['P024 too much', inInitial('~freelog.TransactionEvent("1000000.01","self.account") => initial'), [['P024', 3, 29]]],
  ['P024 not a number', inInitial('~freelog.TransactionEvent("1e3","self.account") => initial'), [['P024', 3, 29]]],
  ['P025 account', inInitial('~freelog.TransactionEvent("1","10001") => initial'), [['P025', 3, 33]]],
  [
    'P024 and P025 together',
    inInitial('~freelog.TransactionEvent("-1","me") => initial'),
    [
      ['P024', 3, 29],
      ['P025', 3, 34],
    ],
  ],
  ['P026 unit', inInitial('~freelog.RelativeTimeEvent("1","fortnight") => initial'), [['P026', 3, 34]]],
  ['P026 hour for a cycle end', inInitial('~freelog.CycleEndEvent("1","hour") => initial'), [['P026', 3, 30]]],
  ['P027 zero', inInitial('~freelog.RelativeTimeEvent("0","day") => initial'), [['P027', 3, 30]]],
  ['P027 fraction', inInitial('~freelog.CycleEndEvent("1.5","cycle") => initial'), [['P027', 3, 26]]],
  ['P027 over 999999', inInitial('~freelog.RelativeTimeEvent("1000000","day") => initial'), [['P027', 3, 30]]],
  ['P028 not a date', inInitial('~freelog.TimeEvent("2030-02-30 10:00") => initial'), [['P028', 3, 22]]],
  ['P028 seconds', inInitial('~freelog.TimeEvent("2030-01-01 10:00:00") => initial'), [['P028', 3, 22]]],
  ['P030 undefined target', inInitial('~freelog.TimeEvent("2030-01-01 10:00") => gone'), [['P030', 3, 45]]],
  [
    'P031 same event twice',
    inInitial(
      '~freelog.TransactionEvent("1","self.account") => a\n  ~freelog.TransactionEvent("1.00","self.account") => initial\na: terminate',
    ),
    [['P031', 4, 3]],
  ],
  ['P032 never grants', 'for public\ninitial:\n  terminate', [['P032', 2, 1]]],
];

describe('DOMAIN §4.6: every check', () => {
  it.each(ERROR_TABLE)('%s', (_name, text, expected) => {
    expect(errorsOf(text)).toEqual(expected);
  });

  it('reports the first error of every statement, sorted by position', () => {
    const text = [
      'for public, nobody',
      'initial[active]:',
      '  ~freelog.TransactionEvent("0","self.account") => paid',
      '  ~freelog.RelativeTimeEvent("1" "day") => paid',
      '  ~freelog.TimeEvent("soon") => paid',
      'paid[active]:',
      '  terminate',
    ].join('\n');
    expect(errorsOf(text)).toEqual([
      ['P002', 1, 13],
      ['P024', 3, 29],
      ['P001', 4, 34],
      ['P028', 5, 22],
    ]);
  });

  it('keeps going after a broken state header', () => {
    const text = 'for public\ninitial[active:\n  terminate\nnext[bogus]:\n  terminate';
    expect(errorsOf(text)).toEqual([
      ['P001', 2, 15],
      ['P010', 4, 6],
    ]);
  });

  it('gives messages a key and parameters', () => {
    const [error] = compilePolicy('for public\ninitial[active]: terminate\ninitial: terminate').errors;
    expect(error).toEqual({
      code: 'P012',
      severity: 'error',
      line: 3,
      column: 1,
      from: 38,
      to: 45,
      messageKey: 'policy.error.P012',
      params: { state: 'initial' },
    });
  });

  it('names the unexpected token and its place in P001', () => {
    const [error] = compilePolicy('for public\ninitial[active] terminate').errors;
    expect(error?.params).toEqual({ line: 2, column: 17, token: 'terminate' });
    const [end] = compilePolicy('for public\ninitial[active]:').errors;
    expect(end?.messageKey).toBe('policy.error.P001.end');
    expect(end?.params).toEqual({ line: 2, column: 17 });
  });
});

describe('warnings', () => {
  it('W001: a state that can never be reached', () => {
    const result = compilePolicy('for public\ninitial[active]: terminate\nlost: terminate');
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => [w.code, w.line, w.column, w.severity])).toEqual([['W001', 3, 1, 'warning']]);
  });

  it('W002: a TimeEvent in the past, in the platform time zone', () => {
    const text = 'for public\ninitial[active]:\n  ~freelog.TimeEvent("2025-03-01 08:00") => done\ndone: terminate';
    // 08:00 at +08:00 is 00:00 UTC.
    const before = compilePolicy(text, { now: new Date('2025-02-28T23:59:00Z') });
    const at = compilePolicy(text, { now: new Date('2025-03-01T00:00:00Z') });
    const utc = compilePolicy(text, { now: new Date('2025-03-01T00:00:00Z'), utcOffsetMinutes: 0 });
    expect(before.warnings).toEqual([]);
    expect(at.ok && at.warnings.map((w) => [w.code, w.line, w.column, w.params])).toEqual([
      ['W002', 3, 22, { time: '2025-03-01 08:00' }],
    ]);
    expect(utc.warnings).toEqual([]);
    expect(compilePolicy(text).warnings).toEqual([]);
  });

  it('W003: a duplicate audience or service state is ignored', () => {
    const result = compilePolicy(
      'for public, public\nalways testActive\nalways testActive\ninitial[active, active]: terminate',
    );
    expect(result.warnings.map((w) => [w.code, w.line, w.column])).toEqual([
      ['W003', 1, 13],
      ['W003', 3, 8],
      ['W003', 4, 17],
    ]);
    expect(result.policy?.fsmDeclarationInfo.audiences).toEqual([{ name: 'public', type: 'public' }]);
    expect(result.policy?.fsmDescriptionInfo.initial?.serviceStates).toEqual(['testActive', 'active']);
  });
});

describe('audiences', () => {
  it.each([
    ['public', 'public'],
    ['nodes', 'nodes'],
    ['registeredUsers', 'registeredUsers'],
    ['10001', 'userId'],
    ['1234567890', 'userId'],
    ['13800138000', 'mobile'],
    ['buyer@example.com', 'email'],
    ['first.last+tag@mail-host.example.cn', 'email'],
  ])('%s is a %s audience', (audience, type) => {
    const policy = compiled(`for ${audience}\ninitial[active]: terminate`);
    expect(policy.fsmDeclarationInfo.audiences).toEqual([{ name: audience, type }]);
  });

  it('refuses a 4-digit or 11-digit id and a broken address', () => {
    expect(errorsOf('for 1234, 12345678901, a@b, @x.com initial[active]: terminate').map(([code]) => code)).toEqual([
      'P002',
      'P002',
      'P002',
      'P002',
    ]);
  });
});

describe('event arguments in the compiled form', () => {
  it.each([
    ['100', '100.00'],
    ['0.19', '0.19'],
    ['0.5', '0.50'],
    ['007.1', '7.10'],
    ['0.01', '0.01'],
    ['1000000', '1000000.00'],
    ['1000000.00', '1000000.00'],
  ])('amount "%s" → "%s"', (written, amount) => {
    const policy = compiled(
      `for public initial: ~freelog.TransactionEvent("${written}","self.account") => a a[active]: terminate`,
    );
    expect(policy.fsmDescriptionInfo.initial?.transitions[0]?.args).toEqual({ amount, account: 'self.account' });
  });

  it('numbers for counts, every unit of each time event', () => {
    const units = ['year', 'month', 'week', 'day', 'cycle', 'hour', 'minute'];
    const lines = units.map((unit, i) => `~freelog.RelativeTimeEvent("${i + 1}","${unit}") => initial`);
    lines.push(...units.slice(0, 5).map((unit) => `~freelog.CycleEndEvent("999999","${unit}") => initial`));
    const policy = compiled(`for public initial[active]: ${lines.join(' ')}`);
    expect(policy.fsmDescriptionInfo.initial?.transitions.map((t) => t.args)).toEqual([
      ...units.map((timeUnit, i) => ({ elapsed: i + 1, timeUnit })),
      ...units.slice(0, 5).map((timeUnit) => ({ cycleCount: 999999, timeUnit })),
    ]);
  });

  it('accepts a leap day and refuses a missing one', () => {
    const text = (date: string) => `for public initial[active]: ~freelog.TimeEvent("${date}") => initial`;
    expect(compilePolicy(text('2028-02-29 23:59')).ok).toBe(true);
    expect(errorsOf(text('2027-02-29 12:00'))).toEqual([['P028', 1, 48]]);
    expect(errorsOf(text('2030-01-01 24:00'))).toEqual([['P028', 1, 48]]);
  });
});

describe('names', () => {
  it('CJK state names, 40-character names and states called like Object members', () => {
    const long = 'x'.repeat(40);
    const text = `for public\n初始:\n  terminate\ninitial[active]:\n  ~freelog.TimeEvent("2030-01-01 00:00") => ${long}\n  ~freelog.TimeEvent("2031-01-01 00:00") => __proto__\n  ~freelog.TimeEvent("2032-01-01 00:00") => constructor\n${long}: terminate\n__proto__: terminate\nconstructor: terminate`;
    const result = compilePolicy(text);
    expect(result.ok).toBe(true);
    const states = result.policy?.fsmDescriptionInfo ?? {};
    expect(Object.keys(states)).toEqual(['初始', 'initial', long, '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(states)).toBe(Object.prototype);
    expect(Object.hasOwn(states, '__proto__')).toBe(true);
    expect(JSON.parse(JSON.stringify(result.policy)).fsmDescriptionInfo.__proto__.isTerminate).toBe(true);
  });

  it('an unreferenced toString state is not confused with Object.prototype.toString', () => {
    expect(errorsOf('for public initial[active]: ~freelog.TimeEvent("2030-01-01 00:00") => toString')).toEqual([
      ['P030', 1, 71],
    ]);
  });
});

describe('limits (DOMAIN §8)', () => {
  const withStates = (count: number) =>
    [
      'for public',
      'initial[active]: terminate',
      ...Array.from({ length: count - 1 }, (_, i) => `s${i}: terminate`),
    ].join('\n');

  it('50 states compile, the 51st fails with P033 at its header', () => {
    expect(compilePolicy(withStates(50)).ok).toBe(true);
    expect(errorsOf(withStates(51))).toEqual([['P033', 52, 1]]);
  });

  it('20 transitions per state compile, the 21st fails with P033 at the transition', () => {
    const withTransitions = (count: number) =>
      `for public\ninitial[active]:\n${Array.from({ length: count }, (_, i) => `  ~freelog.RelativeTimeEvent("${i + 1}","day") => initial`).join('\n')}`;
    expect(compilePolicy(withTransitions(20)).ok).toBe(true);
    expect(errorsOf(withTransitions(21))).toEqual([['P033', 23, 3]]);
  });

  it('10 000 characters compile, 10 001 fail with P005; trailing blanks do not count', () => {
    const base = 'for public\ninitial[active]: terminate\n';
    const padded = (length: number) => `${base}//${'x'.repeat(length - base.length - 2)}`;
    expect(padded(10_000)).toHaveLength(10_000);
    expect(compilePolicy(padded(10_000)).ok).toBe(true);
    expect(compilePolicy(`${padded(10_000)}   \n\n`).ok).toBe(true);
    expect(errorsOf(padded(10_001))).toEqual([['P005', 1, 1]]);
  });

  it('counts characters, not UTF-16 units', () => {
    const base = 'for public\ninitial[active]: terminate\n//';
    const text = base + '😀'.repeat(10_000 - base.length);
    expect(text.length).toBeGreaterThan(10_000);
    expect(compilePolicy(text).ok).toBe(true);
  });

  it('the generated 50-state policy compiles quickly', () => {
    const text = generateLargePolicy(50);
    const started = performance.now();
    const result = compilePolicy(text);
    expect(result.ok).toBe(true);
    expect(Object.keys(result.policy?.fsmDescriptionInfo ?? {})).toHaveLength(50);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
