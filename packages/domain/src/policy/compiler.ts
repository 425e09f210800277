// Compiler: policy text → the compiled form of DOMAIN §4.7, with every check of §4.6. It never throws;
// a text with errors compiles to nothing and reports them sorted by position.
import { SubjectType } from '../contract/status';
import { isEmail, isMobile } from '../validation';
import { byPosition, diagnostic } from './diagnostics';
import {
  checkTransition,
  SELF_ACCOUNT,
  type CheckedTransition,
  type DiagnosticSink,
  type TransitionCheckContext,
} from './events';
import { eventIdOf, normalizePolicyText, policyIdOf } from './identity';
import { parsePolicy } from './parser';
import type {
  CompiledPolicy,
  CompiledState,
  CompiledTransition,
  FsmDeclarationInfo,
  PolicyAst,
  PolicyAudienceType,
  PolicyDiagnostic,
  PolicyErrorCode,
  PolicyNameNode,
  PolicyStateNode,
  PolicySubjectType,
  PolicyWarningCode,
  ServiceStateName,
  SourceRange,
} from './types';

export const MAX_POLICY_TEXT_LENGTH = 10_000;
export const MAX_POLICY_STATES = 50;
export const MAX_TRANSITIONS_PER_STATE = 20;
export const POLICY_INITIAL_STATE = 'initial';
/** Reserved words of §4.1 and the `_none_` of transition records: never state names (P013). */
export const RESERVED_STATE_NAMES: readonly string[] = [
  'for',
  'always',
  'terminate',
  'public',
  'nodes',
  'registeredUsers',
  'userGroup',
  '_none_',
];
/** Platform time zone default, Asia/Shanghai. */
export const DEFAULT_PLATFORM_UTC_OFFSET_MINUTES = 480;

const SERVICE_STATES_BY_SUBJECT: Readonly<Record<PolicySubjectType, readonly ServiceStateName[]>> = {
  [SubjectType.Resource]: ['active', 'testActive'],
  [SubjectType.Exhibit]: ['active'],
};

export type CompilePolicyOptions = {
  /** 1 resource (default), 2 exhibit: decides which service states exist (§4.4) and the policyId. */
  subjectType?: PolicySubjectType;
  /** The current time; when given, TimeEvents at or before it are reported (W002). */
  now?: Date;
  /** The platform time zone's offset from UTC in minutes (default +08:00 = 480). */
  utcOffsetMinutes?: number;
};

export type PolicyCompileResult =
  | {
      ok: true;
      policy: CompiledPolicy;
      /** md5 of the normalised text and subject type (DOMAIN §1.1); the eventIds derive from it. */
      policyId: string;
      isFree: boolean;
      errors: [];
      warnings: PolicyDiagnostic[];
      ast: PolicyAst;
    }
  | {
      ok: false;
      policy: null;
      policyId: null;
      isFree: false;
      errors: PolicyDiagnostic[];
      warnings: PolicyDiagnostic[];
      /** What could be read, for editors; null when the text was not parsed at all (P005). */
      ast: PolicyAst | null;
    };

export function compilePolicy(text: string, options: CompilePolicyOptions = {}): PolicyCompileResult {
  const source = typeof text === 'string' ? text : '';
  const subjectType = options.subjectType ?? SubjectType.Resource;
  const normalized = normalizePolicyText(source);
  if (normalized === '' || codePointLength(normalized, MAX_POLICY_TEXT_LENGTH + 1) > MAX_POLICY_TEXT_LENGTH) {
    const start = { offset: 0, line: 1, column: 1 };
    return failure([diagnostic('P005', { start, end: start })], [], null);
  }

  const { ast, diagnostics: syntaxErrors } = parsePolicy(source);
  const sink: DiagnosticSink = { errors: [...syntaxErrors], warnings: [] };
  const checker = new PolicyChecker(ast, subjectType, sink, {
    now: options.now,
    utcOffsetMinutes: options.utcOffsetMinutes ?? DEFAULT_PLATFORM_UTC_OFFSET_MINUTES,
  });
  checker.check(syntaxErrors.length === 0);
  const errors = dedupe(sink.errors.sort(byPosition));
  const warnings = sink.warnings.sort(byPosition);
  if (errors.length > 0) return failure(errors, warnings, ast);

  const policyId = policyIdOf(source, subjectType);
  const policy = checker.build(policyId);
  return { ok: true, policy, policyId, isFree: isFreePolicy(policy), errors: [], warnings, ast };
}

function failure(errors: PolicyDiagnostic[], warnings: PolicyDiagnostic[], ast: PolicyAst | null): PolicyCompileResult {
  return { ok: false, policy: null, policyId: null, isFree: false, errors, warnings, ast };
}

/** Counts code points, stopping early once `cap` is reached. */
function codePointLength(text: string, cap: number): number {
  let count = 0;
  for (const _ of text) if (++count >= cap) break;
  return count;
}

function dedupe(errors: PolicyDiagnostic[]): PolicyDiagnostic[] {
  return errors.filter((item, i) => {
    const previous = errors[i - 1];
    return !previous || previous.from !== item.from || previous.code !== item.code;
  });
}

/** §4.8: one state, `initial`, whose body is `terminate` and which grants `active`. */
export function isFreePolicy(policy: CompiledPolicy): boolean {
  const states = Object.entries(policy.fsmDescriptionInfo);
  if (states.length !== 1) return false;
  const [name, state] = states[0] as [string, CompiledState];
  return name === POLICY_INITIAL_STATE && state.isTerminate && state.isAuth;
}

/** user id: 5–10 digits; mobile and e-mail as SPEC §5 validates them (§4.1). */
export function classifyAudience(text: string): PolicyAudienceType | 'userGroup' | null {
  if (text === 'public' || text === 'nodes' || text === 'registeredUsers' || text === 'userGroup') return text;
  if (isMobile(text)) return 'mobile';
  if (/^[0-9]{5,10}$/.test(text)) return 'userId';
  if (isEmail(text)) return 'email';
  return null;
}

type CheckedState = { node: PolicyStateNode; serviceStates: ServiceStateName[]; transitions: CheckedTransition[] };

class PolicyChecker {
  private readonly audiences: FsmDeclarationInfo['audiences'] = [];
  private readonly always: ServiceStateName[] = [];
  private readonly states = new Map<string, CheckedState>();
  private readonly allowed: readonly ServiceStateName[];

  constructor(
    private readonly ast: PolicyAst,
    private readonly subjectType: PolicySubjectType,
    private readonly sink: DiagnosticSink,
    private readonly context: TransitionCheckContext,
  ) {
    this.allowed = SERVICE_STATES_BY_SUBJECT[subjectType] ?? SERVICE_STATES_BY_SUBJECT[SubjectType.Exhibit];
  }

  /** Whole-policy checks (P011, P030, P032, W001) only make sense on a text that parsed completely. */
  check(parsedCompletely: boolean): void {
    this.checkAudiences();
    for (const node of this.ast.always) this.addServiceStates([node.serviceState], this.always, this.always);
    this.ast.states.forEach((node, index) => this.checkState(node, index));
    if (parsedCompletely) this.checkWholePolicy();
  }

  private error(code: PolicyErrorCode, range: SourceRange, params = {}): void {
    this.sink.errors.push(diagnostic(code, range, params));
  }

  private warn(code: PolicyWarningCode, range: SourceRange, params = {}): void {
    this.sink.warnings.push(diagnostic(code, range, params));
  }

  private checkAudiences(): void {
    for (const audience of this.ast.audiences) {
      const type = classifyAudience(audience.text);
      if (type === 'userGroup') {
        this.error('P003', audience.range);
      } else if (type === null) {
        this.error('P002', audience.range, { audience: audience.text });
      } else if (this.audiences.some((known) => known.name === audience.text)) {
        this.warn('W003', audience.range, { value: audience.text });
      } else {
        this.audiences.push({ name: audience.text, type });
      }
    }
  }

  /**
   * P010 for a service state the subject type lacks, W003 for a repeat within one list (`always` lines
   * count as one list; a bracket repeating an `always` state is merged silently).
   */
  private addServiceStates(names: PolicyNameNode[], into: ServiceStateName[], listSoFar: readonly string[] = []): void {
    const seen = [...listSoFar];
    for (const name of names) {
      const known = this.allowed.find((allowed) => allowed === name.text);
      if (known === undefined) {
        const subject = this.subjectType === SubjectType.Resource ? 'resource' : 'exhibit';
        this.sink.errors.push(diagnostic('P010', name.range, { service: name.text }, `policy.error.P010.${subject}`));
      } else if (seen.includes(known)) {
        this.warn('W003', name.range, { value: name.text });
      } else if (!into.includes(known)) {
        into.push(known);
      }
      seen.push(name.text);
    }
  }

  private checkState(node: PolicyStateNode, index: number): void {
    const name = node.name.text;
    if (RESERVED_STATE_NAMES.includes(name)) this.error('P013', node.name.range, { state: name });
    if (index === MAX_POLICY_STATES) this.error('P033', node.name.range);
    if (node.terminates.length > 0 && node.terminates.length + node.transitions.length > 1) {
      const misplaced = node.terminates[node.transitions.length > 0 ? 0 : 1] as SourceRange;
      this.error('P014', misplaced, { state: name });
    }
    const serviceStates = [...this.always];
    this.addServiceStates(node.serviceStates, serviceStates);
    const transitions = this.checkTransitions(node);
    if (this.states.has(name)) this.error('P012', node.name.range, { state: name });
    else this.states.set(name, { node, serviceStates, transitions });
  }

  private checkTransitions(node: PolicyStateNode): CheckedTransition[] {
    const transitions: CheckedTransition[] = [];
    const seen = new Set<string>();
    node.transitions.forEach((transitionNode, index) => {
      if (index === MAX_TRANSITIONS_PER_STATE) this.error('P033', transitionNode.range);
      const transition = checkTransition(transitionNode, this.context, this.sink);
      if (transition === null) return;
      const key = JSON.stringify([transition.name, transition.args]);
      if (seen.has(key)) this.error('P031', transitionNode.range, { state: node.name.text });
      seen.add(key);
      transitions.push(transition);
    });
    return transitions;
  }

  private checkWholePolicy(): void {
    const first = this.ast.states[0];
    if (first === undefined) return;
    if (!this.states.has(POLICY_INITIAL_STATE)) this.error('P011', first.name.range);
    for (const state of this.ast.states) {
      for (const transition of state.transitions) {
        if (!this.states.has(transition.target.text)) {
          this.error('P030', transition.target.range, { state: transition.target.text });
        }
      }
    }
    const grantsSomething = [...this.states.values()].some((state) => state.serviceStates.length > 0);
    if (!grantsSomething) this.error('P032', first.name.range);
    this.warnUnreachable();
  }

  private warnUnreachable(): void {
    const reached = new Set<string>();
    const queue = this.states.has(POLICY_INITIAL_STATE) ? [POLICY_INITIAL_STATE] : [];
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (reached.has(name)) continue;
      reached.add(name);
      for (const transition of this.states.get(name)?.transitions ?? []) queue.push(transition.toState);
    }
    for (const [name, state] of this.states) {
      if (!reached.has(name)) this.warn('W001', state.node.name.range, { state: name });
    }
  }

  /** The compiled form of a policy that passed every check. */
  build(policyId: string): CompiledPolicy {
    const fsmDescriptionInfo: Record<string, CompiledState> = {};
    const used: ServiceStateName[] = [...this.always];
    let usesSelfAccount = false;
    for (const [name, state] of this.states) {
      for (const serviceState of state.serviceStates) if (!used.includes(serviceState)) used.push(serviceState);
      const transitions = state.transitions.map((transition, index): CompiledTransition => ({
        eventId: eventIdOf(policyId, name, index),
        ...transition,
      }));
      if (state.transitions.some((transition) => transition.name === 'TransactionEvent')) usesSelfAccount = true;
      // A state may be called `__proto__`: define it as an own property instead of assigning it.
      Object.defineProperty(fsmDescriptionInfo, name, {
        value: {
          isInitial: name === POLICY_INITIAL_STATE,
          isTerminate: state.node.terminates.length > 0,
          serviceStates: state.serviceStates,
          isAuth: state.serviceStates.includes('active'),
          isTestAuth: state.serviceStates.includes('testActive'),
          transitions,
        } satisfies CompiledState,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const fsmDeclarationInfo: FsmDeclarationInfo = {
      audiences: this.audiences,
      serviceStates: used.map((name) => ({ name, type: name === 'active' ? 'authorization' : 'testAuthorization' })),
      alwaysServiceStates: this.always,
      symbolArgs: usesSelfAccount ? { envArgs: [SELF_ACCOUNT] } : {},
    };
    return { fsmDeclarationInfo, fsmDescriptionInfo };
  }
}
