// Shapes of the policy language (DOMAIN §4): source positions, the syntax tree, the compiled form of
// §4.7 and the diagnostics of §4.6.
import type { SubjectType } from '../contract/status';

/** Policies exist for resources (1) and exhibits (2); subject type 3 is refused before compiling. */
export type PolicySubjectType = typeof SubjectType.Resource | typeof SubjectType.Exhibit;

/**
 * `line` and `column` are 1-based; a column counts Unicode code points (a tab, a CJK character and an
 * emoji are one column each). `offset` is the 0-based index into the JavaScript string (UTF-16 units),
 * which is what editors such as CodeMirror use.
 */
export type SourcePosition = { offset: number; line: number; column: number };
export type SourceRange = { start: SourcePosition; end: SourcePosition };

// ---- syntax tree --------------------------------------------------------------------------------

export type PolicyNameNode = { text: string; range: SourceRange };
export type PolicyStringNode = { value: string; range: SourceRange };

export type PolicyAudienceNode = { text: string; range: SourceRange };
export type PolicyAlwaysNode = { serviceState: PolicyNameNode; range: SourceRange };

export type PolicyTransitionNode = {
  /** The event path: service first, event name last, anything between ignored (§4.2). */
  path: PolicyNameNode[];
  args: PolicyStringNode[];
  target: PolicyNameNode;
  range: SourceRange;
};

export type PolicyStateNode = {
  name: PolicyNameNode;
  serviceStates: PolicyNameNode[];
  /** Every `terminate` of the body; more than one statement with a terminate is P014. */
  terminates: SourceRange[];
  transitions: PolicyTransitionNode[];
  range: SourceRange;
};

export type PolicyAst = {
  audiences: PolicyAudienceNode[];
  always: PolicyAlwaysNode[];
  states: PolicyStateNode[];
};

// ---- compiled form (DOMAIN §4.7) ----------------------------------------------------------------

export const RELATIVE_TIME_UNITS = ['year', 'month', 'week', 'day', 'cycle', 'hour', 'minute'] as const;
export type RelativeTimeUnit = (typeof RELATIVE_TIME_UNITS)[number];
export const CYCLE_END_UNITS = ['year', 'month', 'week', 'day', 'cycle'] as const;
export type CycleEndUnit = (typeof CYCLE_END_UNITS)[number];

export type TransactionEventArgs = { amount: string; account: string };
export type RelativeTimeEventArgs = { elapsed: number; timeUnit: RelativeTimeUnit };
export type TimeEventArgs = { dateTime: string };
export type CycleEndEventArgs = { cycleCount: number; timeUnit: CycleEndUnit };

type TransitionOf<Name extends string, Code extends string, Args, Singleton extends boolean> = {
  eventId: string;
  toState: string;
  service: 'freelog';
  name: Name;
  code: Code;
  args: Args;
  isSingleton: Singleton;
};

export type CompiledTransition =
  | TransitionOf<'TransactionEvent', 'S201', TransactionEventArgs, true>
  | TransitionOf<'RelativeTimeEvent', 'A103', RelativeTimeEventArgs, false>
  | TransitionOf<'TimeEvent', 'A102', TimeEventArgs, false>
  | TransitionOf<'CycleEndEvent', 'A101', CycleEndEventArgs, false>;

export type SupportedEventName = CompiledTransition['name'];

/** An event with its arguments, without where it leads: `{name: 'TimeEvent', args: {dateTime}}`. */
export type PolicyEventCall = PolicyEventCallOf<CompiledTransition>;
type PolicyEventCallOf<T> = T extends CompiledTransition ? Pick<T, 'name' | 'args'> : never;

export type ServiceStateName = 'active' | 'testActive';
export type ServiceStateType = 'authorization' | 'testAuthorization';

export type CompiledState = {
  isInitial: boolean;
  isTerminate: boolean;
  serviceStates: ServiceStateName[];
  isAuth: boolean;
  isTestAuth: boolean;
  transitions: CompiledTransition[];
};

export type PolicyAudienceType = 'public' | 'nodes' | 'registeredUsers' | 'userId' | 'mobile' | 'email';

export type FsmDeclarationInfo = {
  audiences: { name: string; type: PolicyAudienceType }[];
  serviceStates: { name: ServiceStateName; type: ServiceStateType }[];
  alwaysServiceStates: ServiceStateName[];
  /** `{envArgs: ['self.account']}` when a TransactionEvent uses it, `{}` otherwise. */
  symbolArgs: { envArgs?: string[] };
};

export type CompiledPolicy = {
  fsmDeclarationInfo: FsmDeclarationInfo;
  /** Keyed by state name in text order. */
  fsmDescriptionInfo: Record<string, CompiledState>;
};

// ---- diagnostics (DOMAIN §4.6) ------------------------------------------------------------------

export const POLICY_ERROR_CODES = [
  'P001',
  'P002',
  'P003',
  'P004',
  'P005',
  'P010',
  'P011',
  'P012',
  'P013',
  'P014',
  'P020',
  'P021',
  'P022',
  'P023',
  'P024',
  'P025',
  'P026',
  'P027',
  'P028',
  'P030',
  'P031',
  'P032',
  'P033',
] as const;
export const POLICY_WARNING_CODES = ['W001', 'W002', 'W003'] as const;
export type PolicyErrorCode = (typeof POLICY_ERROR_CODES)[number];
export type PolicyWarningCode = (typeof POLICY_WARNING_CODES)[number];
export type PolicyDiagnosticCode = PolicyErrorCode | PolicyWarningCode;

export type PolicyMessageParams = Record<string, string | number>;

export type PolicyDiagnostic = {
  code: PolicyDiagnosticCode;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  /** UTF-16 offsets of the offending text, end exclusive (`from` = `to` at the end of the text). */
  from: number;
  to: number;
  /** A key of policy.json; `params` fill its placeholders. */
  messageKey: string;
  params: PolicyMessageParams;
};
