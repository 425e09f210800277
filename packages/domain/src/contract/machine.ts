// The contract state machine of DOMAIN §3.6 over a compiled policy (§4.7): what entering a state sets
// and schedules, and which events a contract accepts. Pure: every moment (signing, a payment, the
// scheduler's now) and the platform's UTC offset come from the caller, so the server and the policy
// simulator run exactly this code.
import { POLICY_INITIAL_STATE } from '../policy/compiler';
import { parsePolicyAmount } from '../policy/events';
import type { CompiledState, CompiledTransition, PolicyMessageParams, ServiceStateName } from '../policy/types';
import { dateToPolicyDateTime, isTimeTransition, timeEventDueDate, type TimeTransition } from './due-dates';
import { ContractAuthStatus, ContractStatus, FsmRunningStatus } from './status';

/** The compiled form's `fsmDescriptionInfo`: states by name, in text order. */
export type PolicyFsm = Readonly<Record<string, CompiledState>>;

/** `fromState` of the record that initialises a contract, and its eventId (DOMAIN §2.14). */
export const NO_STATE = '_none_';
export const INIT_EVENT_ID = 'init';

export type ScheduledTimeEvent = {
  eventId: string;
  code: TimeTransition['code'];
  name: TimeTransition['name'];
  toState: string;
  dueDate: Date;
  /** Position of the transition in its state: events due at one moment fire in this (text) order. */
  order: number;
};

/** What entering a state sets on the contract (DOMAIN §3.6 step 4), named as the contract's fields. */
export type StateEntry = {
  fsmCurrentState: string;
  fsmCurrentStateColors: ServiceStateName[];
  fsmStateEnterDate: Date;
  authStatus: ContractAuthStatus;
  /** In force, or terminated when a terminal state grants nothing. */
  status: typeof ContractStatus.InForce | typeof ContractStatus.Terminated;
  fsmRunningStatus: FsmRunningStatus;
  /**
   * The state's time events with their due dates, earliest first (text order among equal dates): what
   * the server schedules after cancelling the previous entry's. An event that would fall due after
   * LATEST_DUE_DATE is never due and is not listed.
   */
  timeEvents: ScheduledTimeEvent[];
};

/** A transition record (DOMAIN §2.14) without its ids; the server adds triggerUserId, transactionRecordId. */
export type TransitionRecord = {
  fromState: string;
  toState: string;
  eventId: string;
  eventInfo: EventInfo;
  /** The new state's entry date: the payment's time, or a time event's due date however late it fired. */
  createDate: Date;
};

/** The record's `eventInfo` without the server's ids: what fired, with its arguments and due date. */
export type EventInfo =
  | { code: typeof INIT_EVENT_ID; name: typeof INIT_EVENT_ID; args: Record<string, never> }
  | EventInfoOf<CompiledTransition>;
type EventInfoOf<T> = T extends CompiledTransition ? Pick<T, 'code' | 'name' | 'args'> & { dueDate?: Date } : never;

/** The contract as the machine needs it to judge an event. */
export type ContractFsmState = {
  status: ContractStatus;
  fsmCurrentState: string;
  fsmStateEnterDate: Date;
  /** Identifies this entry of the current state (the server: the transition record that entered it). */
  entryId: string;
  /** The account `self.account` is bound to (fsmDeclarations). */
  selfAccountId: string;
};

export type ContractEvent =
  /** The licensee's owner paid `amount` (a decimal string) to `accountId` at `at`. */
  | { type: 'payment'; eventId: string; amount: string; accountId: string; at: Date }
  /** A time event scheduled for the entry `entryId`, handled at `now` (at or after its due date). */
  | { type: 'time'; eventId: string; entryId: string; now: Date };

export const EVENT_REFUSALS = [
  'notInForce',
  'unknownEvent',
  'notPayment',
  'notTimeEvent',
  'amountMismatch',
  'wrongAccount',
  'staleEntry',
  'notDue',
] as const;
export type EventRefusalCode = (typeof EVENT_REFUSALS)[number];

/** An expected refusal: `messageKey` is a key of contracts.json, `params` fill it. */
export type EventRefusal = { code: EventRefusalCode; messageKey: string; params: PolicyMessageParams };

export type EventOutcome =
  { ok: true; record: TransitionRecord; entry: StateEntry } | { ok: false; refusal: EventRefusal };

/** 1 formal, 2 test, 3 both, 128 none (DOMAIN §3.6 step 4). */
export function authStatusOf(serviceStates: readonly ServiceStateName[]): ContractAuthStatus {
  const bits =
    (serviceStates.includes('active') ? ContractAuthStatus.Formal : 0) |
    (serviceStates.includes('testActive') ? ContractAuthStatus.Test : 0);
  return bits === 0 ? ContractAuthStatus.None : (bits as ContractAuthStatus);
}

/** The state named `name`; a name the policy lacks is a programming error (compiled targets all exist). */
export function stateOf(fsm: PolicyFsm, name: string): CompiledState {
  if (!Object.hasOwn(fsm, name)) throw new Error(`the policy has no state '${name}'`);
  return fsm[name] as CompiledState;
}

/** The time events of `state` entered at `enteredAt`, earliest first. */
export function scheduleTimeEvents(
  state: CompiledState,
  enteredAt: Date,
  utcOffsetMinutes: number,
): ScheduledTimeEvent[] {
  const scheduled: ScheduledTimeEvent[] = [];
  state.transitions.forEach((transition, order) => {
    if (!isTimeTransition(transition)) return;
    const dueDate = timeEventDueDate(transition, enteredAt, utcOffsetMinutes);
    if (dueDate === null) return;
    const { eventId, code, name, toState } = transition;
    scheduled.push({ eventId, code, name, toState, dueDate, order });
  });
  return scheduled.sort((a, b) => a.dueDate.getTime() - b.dueDate.getTime() || a.order - b.order);
}

/** Step 4 of DOMAIN §3.6: the facts of the contract once it has entered `name` at `enteredAt`. */
export function enterState(fsm: PolicyFsm, name: string, enteredAt: Date, utcOffsetMinutes: number): StateEntry {
  const state = stateOf(fsm, name);
  const authStatus = authStatusOf(state.serviceStates);
  // A terminal state with a service state is a permanent licence; without one the contract ends.
  const ends = state.isTerminate && authStatus === ContractAuthStatus.None;
  return {
    fsmCurrentState: name,
    fsmCurrentStateColors: [...state.serviceStates],
    fsmStateEnterDate: enteredAt,
    authStatus,
    status: ends ? ContractStatus.Terminated : ContractStatus.InForce,
    fsmRunningStatus: state.isTerminate ? FsmRunningStatus.Finished : FsmRunningStatus.Running,
    timeEvents: state.isTerminate ? [] : scheduleTimeEvents(state, enteredAt, utcOffsetMinutes),
  };
}

/** Step 3: a new contract enters `initial` with the event `init` at its signing time. */
export function initContract(
  fsm: PolicyFsm,
  signedAt: Date,
  utcOffsetMinutes: number,
): { record: TransitionRecord; entry: StateEntry } {
  const record: TransitionRecord = {
    fromState: NO_STATE,
    toState: POLICY_INITIAL_STATE,
    eventId: INIT_EVENT_ID,
    eventInfo: { code: INIT_EVENT_ID, name: INIT_EVENT_ID, args: {} },
    createDate: signedAt,
  };
  return { record, entry: enterState(fsm, POLICY_INITIAL_STATE, signedAt, utcOffsetMinutes) };
}

function refuse(code: EventRefusalCode, params: PolicyMessageParams = {}): EventOutcome {
  return { ok: false, refusal: { code, messageKey: `contracts.refusal.${code}`, params } };
}

/**
 * Step 5: a payment or a due time event. Refusals are results, not exceptions. A self-loop re-enters
 * its state (new entry, timers restarted); a time event's new state counts as entered at its due date,
 * however late it is handled, so chains of timers do not drift.
 */
export function applyEvent(
  fsm: PolicyFsm,
  contract: ContractFsmState,
  event: ContractEvent,
  utcOffsetMinutes: number,
): EventOutcome {
  if (contract.status !== ContractStatus.InForce) return refuse('notInForce', { status: contract.status });
  const state = stateOf(fsm, contract.fsmCurrentState);
  const transition = state.transitions.find((candidate) => candidate.eventId === event.eventId);
  if (!transition) return refuse('unknownEvent', { eventId: event.eventId, state: contract.fsmCurrentState });

  let enteredAt: Date;
  let dueDate: Date | undefined;
  if (event.type === 'payment') {
    if (transition.name !== 'TransactionEvent') return refuse('notPayment', { eventId: event.eventId });
    const paid = parsePolicyAmount(event.amount.trim());
    if (paid !== transition.args.amount) {
      return refuse('amountMismatch', { amount: transition.args.amount, paid: event.amount });
    }
    if (event.accountId !== contract.selfAccountId) return refuse('wrongAccount', { accountId: event.accountId });
    // Clocks of two server instances may disagree slightly: never enter before the current entry.
    enteredAt = event.at < contract.fsmStateEnterDate ? contract.fsmStateEnterDate : event.at;
  } else {
    if (!isTimeTransition(transition)) return refuse('notTimeEvent', { eventId: event.eventId });
    if (event.entryId !== contract.entryId) return refuse('staleEntry', { eventId: event.eventId });
    const due = timeEventDueDate(transition, contract.fsmStateEnterDate, utcOffsetMinutes);
    if (due === null || due > event.now) {
      return refuse('notDue', { dueDate: due === null ? '—' : dateToPolicyDateTime(due, utcOffsetMinutes) });
    }
    enteredAt = due;
    dueDate = due;
  }

  const { code, name, args } = transition;
  // code, name and args come from one transition, so they belong together (TypeScript cannot see it).
  const eventInfo = { code, name, args, ...(dueDate ? { dueDate } : {}) } as EventInfo;
  const record: TransitionRecord = {
    fromState: contract.fsmCurrentState,
    toState: transition.toState,
    eventId: transition.eventId,
    eventInfo,
    createDate: enteredAt,
  };
  return { ok: true, record, entry: enterState(fsm, transition.toState, enteredAt, utcOffsetMinutes) };
}

export type UpcomingEvent =
  | { kind: 'payment'; eventId: string; toState: string; amount: string; order: number }
  | { kind: 'time'; eventId: string; toState: string; transition: TimeTransition; dueDate: Date | null; order: number };

/**
 * What can happen next to a contract in force: the payments of its state in text order, then its
 * time events by due date (`null`: never due). Empty once the contract ended or is an exception.
 */
export function upcomingEvents(
  fsm: PolicyFsm,
  contract: Pick<ContractFsmState, 'status' | 'fsmCurrentState' | 'fsmStateEnterDate'>,
  utcOffsetMinutes: number,
): UpcomingEvent[] {
  if (contract.status !== ContractStatus.InForce) return [];
  const payments: UpcomingEvent[] = [];
  const timed: (UpcomingEvent & { kind: 'time' })[] = [];
  stateOf(fsm, contract.fsmCurrentState).transitions.forEach((transition, order) => {
    const { eventId, toState } = transition;
    if (!isTimeTransition(transition)) {
      payments.push({ kind: 'payment', eventId, toState, amount: transition.args.amount, order });
      return;
    }
    const dueDate = timeEventDueDate(transition, contract.fsmStateEnterDate, utcOffsetMinutes);
    timed.push({ kind: 'time', eventId, toState, transition, dueDate, order });
  });
  const never = Number.POSITIVE_INFINITY;
  timed.sort((a, b) => (a.dueDate?.getTime() ?? never) - (b.dueDate?.getTime() ?? never) || a.order - b.order);
  return [...payments, ...timed];
}
