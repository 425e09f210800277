// fast-check generators for the policy and contract property tests (test-only: not exported from the
// package's index; the server's tests reach them as `@tessera/domain/policy-arbitraries`).
import fc from 'fast-check';
import type { PolicyBuilderState, PolicyBuilderTransition, PolicyBuilderModel } from './builder';
import { RESERVED_STATE_NAMES } from './compiler';
import { CYCLE_END_UNITS, RELATIVE_TIME_UNITS } from './types';

const stateName = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/),
    fc.stringMatching(/^[\u4e00-\u9fa5][\u4e00-\u9fa5_0-9]{0,5}$/),
    fc.constantFrom('__proto__', 'constructor', 'toString', 'auth', 'finish'),
  )
  .filter((name) => name !== 'initial' && !RESERVED_STATE_NAMES.includes(name));

const audience = fc.oneof(
  fc.constantFrom('public', 'nodes', 'registeredUsers'),
  fc.stringMatching(/^[0-9]{5,10}$/),
  fc.stringMatching(/^1[345789][0-9]{9}$/),
  fc.stringMatching(/^[a-z][a-z0-9]{0,7}(\.[a-z0-9]{1,5})?@[a-z]{1,8}\.(com|cn|org)$/),
);

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** Cents → the canonical amount text ("0.01" … "1000000.00"). */
export const formatCents = (cents: number) => `${Math.floor(cents / 100)}.${twoDigits(cents % 100)}`;

const event = fc.oneof(
  fc.integer({ min: 1, max: 100_000_000 }).map((cents) => ({
    name: 'TransactionEvent' as const,
    args: { amount: formatCents(cents), account: 'self.account' },
  })),
  fc
    .record({ elapsed: fc.integer({ min: 1, max: 999_999 }), timeUnit: fc.constantFrom(...RELATIVE_TIME_UNITS) })
    .map((args) => ({ name: 'RelativeTimeEvent' as const, args })),
  fc
    .record({ cycleCount: fc.integer({ min: 1, max: 999_999 }), timeUnit: fc.constantFrom(...CYCLE_END_UNITS) })
    .map((args) => ({ name: 'CycleEndEvent' as const, args })),
  fc
    .tuple(
      fc.integer({ min: 2000, max: 2099 }),
      fc.integer({ min: 1, max: 12 }),
      fc.integer({ min: 1, max: 28 }),
      fc.integer({ min: 0, max: 23 }),
      fc.integer({ min: 0, max: 59 }),
    )
    .map(([year, month, day, hour, minute]) => ({
      name: 'TimeEvent' as const,
      args: { dateTime: `${year}-${twoDigits(month)}-${twoDigits(day)} ${twoDigits(hour)}:${twoDigits(minute)}` },
    })),
);

function stateArbitrary(name: string, names: string[]): fc.Arbitrary<PolicyBuilderState> {
  const transition: fc.Arbitrary<PolicyBuilderTransition> = fc
    .tuple(event, fc.constantFrom(...names))
    .map(([call, target]) => ({ ...call, target }) as PolicyBuilderTransition);
  const transitions = fc.uniqueArray(transition, {
    minLength: 1,
    maxLength: 4,
    selector: (item) => JSON.stringify([item.name, item.args]),
  });
  return fc
    .record({ active: fc.boolean(), testActive: fc.boolean(), terminate: fc.boolean(), transitions })
    .map((state) => ({ name, ...state, transitions: state.terminate ? [] : state.transitions }));
}

/** Valid models for resources: unique names with an `initial`, something granted, no repeated event. */
export const builderModel: fc.Arbitrary<PolicyBuilderModel> = fc
  .tuple(fc.uniqueArray(stateName, { maxLength: 7 }), fc.nat())
  .chain(([others, at]) => {
    const names = [...others];
    names.splice(at % (others.length + 1), 0, 'initial');
    return fc.record({
      audiences: fc.uniqueArray(audience, { minLength: 1, maxLength: 4 }),
      states: fc.tuple(...names.map((name) => stateArbitrary(name, names))),
    });
  })
  .map((model) => {
    const grants = model.states.some((state) => state.active || state.testActive);
    const first = model.states[0] as PolicyBuilderState;
    return grants ? model : { ...model, states: [{ ...first, active: true }, ...model.states.slice(1)] };
  });

/**
 * Timers short enough to fire while a test waits (the model's counts go up to 999 999): the count
 * becomes 1–3, and events made equal by that are dropped (one state may not repeat an event).
 */
function withShortTimers(model: PolicyBuilderModel): PolicyBuilderModel {
  const short = (count: number) => 1 + (count % 3);
  const states = model.states.map((state) => {
    const seen = new Set<string>();
    const transitions = state.transitions.flatMap((transition): PolicyBuilderTransition[] => {
      const shortened: PolicyBuilderTransition =
        transition.name === 'RelativeTimeEvent'
          ? { ...transition, args: { ...transition.args, elapsed: short(transition.args.elapsed) } }
          : transition.name === 'CycleEndEvent'
            ? { ...transition, args: { ...transition.args, cycleCount: short(transition.args.cycleCount) } }
            : transition;
      const key = JSON.stringify([shortened.name, shortened.args]);
      if (seen.has(key)) return [];
      seen.add(key);
      return [shortened];
    });
    return { ...state, transitions };
  });
  return { ...model, states };
}

/**
 * Random valid resource policies for the contract property tests (the domain's simulator, the server's
 * contracts against it), most with timers that fire.
 */
export const resourcePolicyModel: fc.Arbitrary<PolicyBuilderModel> = fc.oneof(
  { arbitrary: builderModel.map(withShortTimers), weight: 4 },
  { arbitrary: builderModel, weight: 1 },
);

// ---- the same policies written the way people write them ---------------------------------------

const separator = fc.constantFrom(
  ' ',
  '  ',
  '\n',
  '\t',
  '\r\n',
  '\r',
  ' // 注释 note\n',
  '/* c */',
  '/*多行\n注释*/',
  '\n\n  ',
);

/** An amount as a person may write it: "12", "12.5", "012.50". */
function writtenAmount(amount: string): fc.Arbitrary<string> {
  const short = amount.replace(/\.00$/, '').replace(/(\.\d)0$/, '$1');
  return fc.constantFrom(amount, short, `0${amount}`);
}

function writtenCount(count: number): fc.Arbitrary<string> {
  const text = String(count);
  return fc.constantFrom(text, text.length < 7 ? `0${text}` : text);
}

function writtenArguments(transition: PolicyBuilderTransition): fc.Arbitrary<string[]> {
  switch (transition.name) {
    case 'TransactionEvent':
      return writtenAmount(transition.args.amount).map((amount) => [amount, transition.args.account]);
    case 'RelativeTimeEvent':
      return writtenCount(transition.args.elapsed).map((count) => [count, transition.args.timeUnit]);
    case 'CycleEndEvent':
      return writtenCount(transition.args.cycleCount).map((count) => [count, transition.args.timeUnit]);
    case 'TimeEvent':
      return fc.constant([transition.args.dateTime]);
  }
}

function transitionTokens(transition: PolicyBuilderTransition): fc.Arbitrary<string[]> {
  return writtenArguments(transition).map((args) => {
    const list = args.flatMap((arg, i) => (i === 0 ? [`"${arg}"`] : [',', `"${arg}"`]));
    return ['~', 'freelog', '.', transition.name, '(', ...list, ')', '=>', transition.target];
  });
}

function stateTokens(state: PolicyBuilderState, always: string[]): fc.Arbitrary<string[]> {
  const granted = [state.active ? 'active' : '', state.testActive ? 'testActive' : ''].filter(Boolean);
  const own = granted.filter((serviceState) => !always.includes(serviceState));
  const header =
    own.length > 0
      ? [state.name, '[', ...own.flatMap((s, i) => (i === 0 ? [s] : [',', s])), ']', ':']
      : [state.name, ':'];
  if (state.terminate) return fc.constant([...header, 'terminate']);
  return fc.tuple(...state.transitions.map(transitionTokens)).map((lists) => [...header, ...lists.flat()]);
}

/**
 * Policy text for a valid model, with `always` lines, comments, every kind of blank and line break,
 * and amounts and counts in non-canonical forms. It compiles (the model is valid).
 */
export const writtenPolicy: fc.Arbitrary<string> = builderModel.chain((model) => {
  const grantedEverywhere = (flag: 'active' | 'testActive') => model.states.every((state) => state[flag]);
  const always = (['active', 'testActive'] as const).filter(grantedEverywhere);
  return fc
    .tuple(
      fc.subarray(always),
      fc.tuple(...model.states.map((state) => fc.constant(state))),
      fc.array(separator, { minLength: 200, maxLength: 200 }),
    )
    .chain(([declared, states, separators]) =>
      fc.tuple(...states.map((state) => stateTokens(state, declared))).map((bodies) => {
        const audiences = model.audiences.flatMap((name, i) => (i === 0 ? [name] : [',', name]));
        const tokens = ['for', ...audiences, ...declared.flatMap((s) => ['always', s]), ...bodies.flat()];
        return tokens.map((token, i) => `${token}${separators[i % separators.length]}`).join('');
      }),
    );
});
