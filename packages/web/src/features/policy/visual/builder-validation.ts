// Field-level checks of the visual builder. They mirror the compiler's checks (DOMAIN §4.6) on the
// draft, so that each problem shows at the input that causes it instead of at a line of generated
// code; the messages reuse the compiler's texts where one fits.
import {
  classifyAudience,
  MAX_POLICY_NAME_LENGTH,
  MAX_POLICY_STATES,
  MAX_TRANSITIONS_PER_STATE,
  parsePolicyAmount,
  parsePolicyCount,
  parsePolicyDateTime,
  POLICY_INITIAL_STATE,
  RESERVED_STATE_NAMES,
  SubjectType,
  tokenizePolicy,
  type PolicyEventCall,
  type PolicyMessageParams,
  type PolicySubjectType,
} from '@tessera/domain';
import type { BuilderDraft, DraftState, DraftTransition } from './builder-draft';

/** `field` names the input: see the field-id helpers below. */
export type BuilderIssue = { field: string; messageKey: string; params: PolicyMessageParams };

export const AUDIENCES_FIELD = 'audiences';
export const STATES_FIELD = 'states';
export const stateField = (stateKey: string, part: 'name' | 'grants' | 'body') => `${stateKey}-${part}`;
export const transitionField = (stateKey: string, transitionKey: string, part: TransitionPart) =>
  `${stateKey}-${transitionKey}-${part}`;
export type TransitionPart = 'amount' | 'count' | 'unit' | 'dateTime' | 'target' | 'event';

/** A state name is exactly one name token of the language (§4.1), within the length limit. */
export function isStateName(text: string): boolean {
  const [first, end] = tokenizePolicy(text).tokens;
  return (
    first?.kind === 'name' &&
    first.text === text &&
    end?.kind === 'end' &&
    Array.from(text).length <= MAX_POLICY_NAME_LENGTH
  );
}

class IssueList {
  readonly items: BuilderIssue[] = [];

  add(field: string, messageKey: string, params: PolicyMessageParams = {}): void {
    this.items.push({ field, messageKey, params });
  }
}

export function validateDraft(draft: BuilderDraft, subjectType: PolicySubjectType): BuilderIssue[] {
  const issues = new IssueList();
  checkAudiences(draft.audiences, issues);
  if (draft.states.length === 0) issues.add(STATES_FIELD, 'policyEditor.issue.noStates');
  if (draft.states.length > MAX_POLICY_STATES) issues.add(STATES_FIELD, 'policy.error.P033');
  const seenNames = new Set<string>();
  for (const state of draft.states) {
    checkStateName(state, seenNames, issues);
    checkStateBody(state, subjectType, issues);
    checkTransitions(state, draft, issues);
  }
  const names = draft.states.map((state) => state.name);
  if (draft.states.length > 0 && !names.includes(POLICY_INITIAL_STATE)) issues.add(STATES_FIELD, 'policy.error.P011');
  const first = draft.states[0];
  if (first && !draft.states.some((state) => state.active || state.testActive)) {
    issues.add(stateField(first.key, 'grants'), 'policy.error.P032');
  }
  return issues.items;
}

function checkAudiences(audiences: readonly string[], issues: IssueList): void {
  if (audiences.length === 0) issues.add(AUDIENCES_FIELD, 'policyEditor.issue.audienceRequired');
  for (const audience of audiences) {
    const type = classifyAudience(audience);
    if (type === 'userGroup') issues.add(AUDIENCES_FIELD, 'policy.error.P003');
    else if (type === null) issues.add(AUDIENCES_FIELD, 'policy.error.P002', { audience });
  }
}

function checkStateName(state: DraftState, seen: Set<string>, issues: IssueList): void {
  const field = stateField(state.key, 'name');
  const { name } = state;
  if (name === '') issues.add(field, 'policyEditor.issue.nameRequired');
  else if (!isStateName(name)) issues.add(field, 'policyEditor.issue.nameInvalid', { max: MAX_POLICY_NAME_LENGTH });
  else if (RESERVED_STATE_NAMES.includes(name)) issues.add(field, 'policy.error.P013', { state: name });
  else if (seen.has(name)) issues.add(field, 'policy.error.P012', { state: name });
  seen.add(name);
}

function checkStateBody(state: DraftState, subjectType: PolicySubjectType, issues: IssueList): void {
  if (state.testActive && subjectType === SubjectType.Exhibit) {
    issues.add(stateField(state.key, 'grants'), 'policy.error.P010.exhibit', { service: 'testActive' });
  }
  if (!state.terminate && state.transitions.length === 0)
    issues.add(stateField(state.key, 'body'), 'policyEditor.issue.stateEmpty');
  if (state.transitions.length > MAX_TRANSITIONS_PER_STATE)
    issues.add(stateField(state.key, 'body'), 'policy.error.P033');
}

function checkTransitions(state: DraftState, draft: BuilderDraft, issues: IssueList): void {
  const seenEvents = new Set<string>();
  for (const transition of state.transitions) {
    const field = (part: TransitionPart) => transitionField(state.key, transition.key, part);
    checkEventArguments(transition.event, field, issues);
    if (!draft.states.some((candidate) => candidate.key === transition.targetKey)) {
      issues.add(field('target'), 'policyEditor.issue.targetRequired');
    }
    const signature = eventSignature(transition);
    if (seenEvents.has(signature)) issues.add(field('event'), 'policy.error.P031', { state: state.name });
    seenEvents.add(signature);
  }
}

function checkEventArguments(event: PolicyEventCall, field: (part: TransitionPart) => string, issues: IssueList): void {
  switch (event.name) {
    case 'TransactionEvent':
      if (parsePolicyAmount(event.args.amount) === null) issues.add(field('amount'), 'policy.error.P024');
      return;
    case 'RelativeTimeEvent':
      if (parsePolicyCount(String(event.args.elapsed)) === null) {
        issues.add(field('count'), 'policy.error.P027', { value: event.args.elapsed });
      }
      return;
    case 'CycleEndEvent':
      if (parsePolicyCount(String(event.args.cycleCount)) === null) {
        issues.add(field('count'), 'policy.error.P027', { value: event.args.cycleCount });
      }
      return;
    case 'TimeEvent':
      if (parsePolicyDateTime(event.args.dateTime) === null) {
        issues.add(field('dateTime'), 'policy.error.P028', { value: event.args.dateTime });
      }
  }
}

/** Two events of one state are the same when the compiled arguments are (P031): "10" and "10.00" are. */
function eventSignature({ event }: DraftTransition): string {
  if (event.name === 'TransactionEvent')
    return JSON.stringify([event.name, parsePolicyAmount(event.args.amount) ?? event.args.amount]);
  return JSON.stringify([event.name, event.args]);
}
