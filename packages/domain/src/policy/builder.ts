// The model behind the visual state-machine editor: plain data that converts to policy text and back
// (through the compiler), plus the three starting templates.
import { compilePolicy, POLICY_INITIAL_STATE, type CompilePolicyOptions } from './compiler';
import { audienceLine, eventArguments, stateBlock, stateHeader, transitionStatement } from './decompiler';
import { SELF_ACCOUNT } from './events';
import type {
  CompiledPolicy,
  CompiledTransition,
  PolicyDiagnostic,
  PolicyEventCall,
  RelativeTimeUnit,
  ServiceStateName,
} from './types';

/** An event (`name` and `args` exactly as in the compiled form) and the state it leads to. */
export type PolicyBuilderTransition = PolicyEventCall & { target: string };

export type PolicyBuilderState = {
  name: string;
  /** Grants authorization (`active`). */
  active: boolean;
  /** Grants test authorization (`testActive`, resources only). */
  testActive: boolean;
  /** The contract stops here; such a state has no transitions. */
  terminate: boolean;
  transitions: PolicyBuilderTransition[];
};

export type PolicyBuilderModel = {
  /** Keywords (`public`, `nodes`, `registeredUsers`), user ids, mobile numbers or e-mail addresses. */
  audiences: string[];
  /** In display order; the one named `initial` is where contracts start. */
  states: PolicyBuilderState[];
};

function serviceStatesOf(state: PolicyBuilderState): ServiceStateName[] {
  const granted: ServiceStateName[] = [];
  if (state.active) granted.push('active');
  if (state.testActive) granted.push('testActive');
  return granted;
}

/** The policy text of a model, laid out like the canonical text. Invalid models give text that fails to compile. */
export function builderToText(model: PolicyBuilderModel): string {
  const states = model.states.map((state) => {
    const statements = state.transitions.map((transition) =>
      transitionStatement(transition.name, eventArguments(transition), transition.target),
    );
    if (state.terminate) statements.unshift('terminate');
    return stateBlock(stateHeader(state.name, serviceStatesOf(state)), statements);
  });
  return [audienceLine(model.audiences), ...states].join('\n\n');
}

function builderTransition({ name, args, toState }: CompiledTransition): PolicyBuilderTransition {
  // `name` and `args` come from one member of the union, so they stay paired.
  return { name, args: { ...args }, target: toState } as PolicyBuilderTransition;
}

/** `always` service states are folded into every state's flags: the model has no separate list. */
export function compiledToBuilder(policy: CompiledPolicy): PolicyBuilderModel {
  return {
    audiences: policy.fsmDeclarationInfo.audiences.map((audience) => audience.name),
    states: Object.entries(policy.fsmDescriptionInfo).map(([name, state]) => ({
      name,
      active: state.isAuth,
      testActive: state.isTestAuth,
      terminate: state.isTerminate,
      transitions: state.transitions.map(builderTransition),
    })),
  };
}

export type TextToBuilderResult =
  | { ok: true; model: PolicyBuilderModel; warnings: PolicyDiagnostic[] }
  | { ok: false; errors: PolicyDiagnostic[]; warnings: PolicyDiagnostic[] };

export function textToBuilder(text: string, options: CompilePolicyOptions = {}): TextToBuilderResult {
  const result = compilePolicy(text, options);
  if (!result.ok) return { ok: false, errors: result.errors, warnings: result.warnings };
  return { ok: true, model: compiledToBuilder(result.policy), warnings: result.warnings };
}

// ---- templates ---------------------------------------------------------------------------------

export type PolicyTemplateId = 'free' | 'payOnce' | 'trialThenSubscription';

function state(name: string, grants: boolean, transitions: PolicyBuilderTransition[] = []): PolicyBuilderState {
  return { name, active: grants, testActive: false, terminate: transitions.length === 0, transitions };
}

function payment(amount: string, target: string): PolicyBuilderTransition {
  return { name: 'TransactionEvent', args: { amount, account: SELF_ACCOUNT }, target };
}

function after(elapsed: number, timeUnit: RelativeTimeUnit, target: string): PolicyBuilderTransition {
  return { name: 'RelativeTimeEvent', args: { elapsed, timeUnit }, target };
}

/** Anyone, licensed at once and for good. */
export function freePolicyTemplate(): PolicyBuilderModel {
  return { audiences: ['public'], states: [state(POLICY_INITIAL_STATE, true)] };
}

/** One payment of `price` (e.g. "10.00") gives a permanent licence. */
export function payOncePolicyTemplate(params: { price: string }): PolicyBuilderModel {
  return {
    audiences: ['public'],
    states: [state(POLICY_INITIAL_STATE, false, [payment(params.price, 'paid')]), state('paid', true)],
  };
}

export type TrialThenSubscriptionParams = {
  trialDays: number;
  /** Paid for each period. */
  price: string;
  /** Length of a paid period; one month unless given. */
  period?: { count: number; unit: RelativeTimeUnit };
};

/** Licensed during the trial, then each payment of `price` licenses one more period. */
export function trialThenSubscriptionPolicyTemplate(params: TrialThenSubscriptionParams): PolicyBuilderModel {
  const period = params.period ?? { count: 1, unit: 'month' };
  return {
    audiences: ['public'],
    states: [
      state(POLICY_INITIAL_STATE, true, [after(params.trialDays, 'day', 'unpaid')]),
      state('unpaid', false, [payment(params.price, 'subscribed')]),
      state('subscribed', true, [after(period.count, period.unit, 'unpaid')]),
    ],
  };
}

export type PolicyTemplate = { id: PolicyTemplateId; titleKey: string; model: PolicyBuilderModel };

/** The templates with default parameters, in display order (their titles are in policy.json). */
export const POLICY_TEMPLATES: readonly PolicyTemplate[] = [
  { id: 'free', titleKey: 'policy.template.free', model: freePolicyTemplate() },
  { id: 'payOnce', titleKey: 'policy.template.payOnce', model: payOncePolicyTemplate({ price: '10.00' }) },
  {
    id: 'trialThenSubscription',
    titleKey: 'policy.template.trialThenSubscription',
    model: trialThenSubscriptionPolicyTemplate({ trialDays: 7, price: '9.90' }),
  },
];
