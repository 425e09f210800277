import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { seedTexts } from '../i18n/texts';
import { formatCents, resourcePolicyModel } from '../policy/arbitraries';
import { builderToText } from '../policy/builder';
import { applyEvent, authStatusOf, enterState, stateOf, upcomingEvents, type PolicyFsm } from './machine';
import { describeTransitionRecord, describeUpcomingEvent } from './sentences';
import { simulatePayment, simulateWait, startSimulation, type Simulation } from './simulation';
import { fsmOf } from './testing';

/** Random valid resource policies as their state machines, most with timers that fire. */
const fsmArbitrary = resourcePolicyModel.map((model) => fsmOf(builderToText(model)));
const offsetArbitrary = fc.constantFrom(480, -330, 0, 345, -720, 840);
const startArbitrary = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
  .map((ms) => new Date(ms - (ms % 1000)));

type Action =
  | { kind: 'pay'; pick: number; exact: boolean }
  | { kind: 'wait'; minutes: number }
  | { kind: 'waitForNext' }
  | { kind: 'stale'; pick: number }
  | { kind: 'early' }
  | { kind: 'unknown'; eventId: string };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), exact: fc.boolean() }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 0, max: 3 * 366 * 24 * 60 }) }),
  fc.record({ kind: fc.constant('waitForNext' as const) }),
  fc.record({ kind: fc.constant('stale' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('early' as const) }),
  fc.record({ kind: fc.constant('unknown' as const), eventId: fc.string({ maxLength: 40 }) }),
);

/** Fewer events per wait than the app allows: policies with minute timers stay fast to check. */
const MAX_EVENTS = 30;

function cents(amount: string): number {
  const [units = '0', fraction = '00'] = amount.split('.');
  return Number(units) * 100 + Number(fraction);
}

/** One action; refused actions must leave the simulation exactly as it was. */
function step(fsm: PolicyFsm, simulation: Simulation, action: Action, offset: number): Simulation {
  const { contract } = simulation;
  const refusedWith = (code: string, outcome: ReturnType<typeof applyEvent>) => {
    expect(outcome.ok ? 'ok' : outcome.refusal.code).toBe(code);
    return simulation;
  };
  switch (action.kind) {
    case 'pay': {
      const payments = upcomingEvents(fsm, contract, offset).filter((event) => event.kind === 'payment');
      const payment = payments[action.pick % Math.max(payments.length, 1)];
      if (!payment) return simulation;
      const amount = action.exact ? payment.amount : formatCents(cents(payment.amount) + 1);
      const result = simulatePayment(fsm, simulation, payment.eventId, amount, offset, MAX_EVENTS);
      if (action.exact) {
        expect(result.ok).toBe(true);
        return result.ok ? result.simulation : simulation;
      }
      expect(result).toMatchObject({ ok: false, refusal: { code: 'amountMismatch' } });
      return simulation;
    }
    case 'wait':
      return simulateWait(
        fsm,
        simulation,
        new Date(simulation.clock.getTime() + action.minutes * 60_000),
        offset,
        MAX_EVENTS,
      );
    case 'waitForNext': {
      const next = contract.timeEvents[0];
      return next ? simulateWait(fsm, simulation, next.dueDate, offset, MAX_EVENTS) : simulation;
    }
    case 'stale': {
      const timed = stateOf(fsm, contract.fsmCurrentState).transitions.filter((item) => item.code !== 'S201');
      const transition = timed[action.pick % Math.max(timed.length, 1)];
      if (!transition || contract.status !== 0) return simulation;
      const event = {
        type: 'time',
        eventId: transition.eventId,
        entryId: `${contract.entryId}-old`,
        now: new Date(8.64e15),
      } as const;
      return refusedWith('staleEntry', applyEvent(fsm, contract, event, offset));
    }
    case 'early': {
      const next = contract.timeEvents[0];
      if (!next || next.dueDate <= simulation.clock) return simulation;
      const event = { type: 'time', eventId: next.eventId, entryId: contract.entryId, now: simulation.clock } as const;
      return refusedWith('notDue', applyEvent(fsm, contract, event, offset));
    }
    case 'unknown': {
      const event = {
        type: 'payment',
        eventId: action.eventId,
        amount: '1.00',
        accountId: contract.selfAccountId,
        at: simulation.clock,
      } as const;
      const outcome = applyEvent(fsm, contract, event, offset);
      if (contract.status !== 0) return refusedWith('notInForce', outcome);
      const known = stateOf(fsm, contract.fsmCurrentState).transitions.some((item) => item.eventId === action.eventId);
      return known ? simulation : refusedWith('unknownEvent', outcome);
    }
  }
}

/** What must hold for every contract at every moment. */
function expectConsistent(fsm: PolicyFsm, simulation: Simulation, offset: number): void {
  const { contract, history, clock } = simulation;
  const state = stateOf(fsm, contract.fsmCurrentState);
  expect(contract.fsmCurrentStateColors).toEqual(state.serviceStates);
  expect(contract.authStatus).toBe(authStatusOf(state.serviceStates));
  expect(contract.authStatus).toBe(
    state.isAuth && state.isTestAuth ? 3 : state.isAuth ? 1 : state.isTestAuth ? 2 : 128,
  );
  if (state.isTerminate) {
    expect(contract.fsmRunningStatus).toBe(8);
    expect(contract.status).toBe(state.serviceStates.length > 0 ? 0 : 1);
    expect(contract.timeEvents).toEqual([]);
    expect(upcomingEvents(fsm, contract, offset)).toEqual([]);
  } else {
    expect(contract.fsmRunningStatus).toBe(4);
    expect(contract.status).toBe(0);
  }
  const dues = [contract.fsmStateEnterDate, ...contract.timeEvents.map((event) => event.dueDate)];
  expect(dues.every((due, index) => index === 0 || due >= (dues[index - 1] as Date))).toBe(true);
  const dates = history.map((record) => record.createDate);
  expect(dates.every((date, index) => index === 0 || date >= (dates[index - 1] as Date))).toBe(true);
  expect(history.at(-1)?.toState).toBe(contract.fsmCurrentState);
  expect(history.at(-1)?.createDate).toEqual(contract.fsmStateEnterDate);
  expect(clock >= contract.fsmStateEnterDate).toBe(true);
  // Unless the last wait stopped early, nothing due by now is left waiting.
  if (!simulation.halted) expect((contract.timeEvents[0]?.dueDate ?? new Date(8.64e15)) > clock).toBe(true);
}

// Compiling a random policy and checking every step take a while on a loaded machine.
describe('property: random policies × random event sequences', { timeout: 30_000 }, () => {
  it('authStatus is always the current state’s colours; terminal states end or persist as specified', () => {
    fc.assert(
      fc.property(
        fsmArbitrary,
        startArbitrary,
        offsetArbitrary,
        fc.array(actionArbitrary, { maxLength: 25 }),
        (fsm, start, offset, actions) => {
          let simulation = startSimulation(fsm, start, offset);
          expectConsistent(fsm, simulation, offset);
          for (const action of actions) {
            const before = simulation;
            simulation = step(fsm, simulation, action, offset);
            expectConsistent(fsm, simulation, offset);
            if (before.contract.status === 1) expect(simulation.history).toEqual(before.history);
            if (before.contract.fsmRunningStatus === 8)
              expect(simulation.contract.fsmCurrentState).toBe(before.contract.fsmCurrentState);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('time events are due at or after the entry of their state, whenever it is entered', () => {
    fc.assert(
      fc.property(fsmArbitrary, startArbitrary, offsetArbitrary, (fsm, enteredAt, offset) => {
        for (const name of Object.keys(fsm)) {
          for (const event of enterState(fsm, name, enteredAt, offset).timeEvents) {
            expect(event.dueDate >= enteredAt).toBe(true);
          }
          for (const event of upcomingEvents(
            fsm,
            { status: 0, fsmCurrentState: name, fsmStateEnterDate: enteredAt },
            offset,
          )) {
            if (event.kind === 'time' && event.dueDate) expect(event.dueDate >= enteredAt).toBe(true);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('firing time events late (one long wait) gives the same states and dates as firing each on time', () => {
    fc.assert(
      fc.property(
        fsmArbitrary,
        startArbitrary,
        offsetArbitrary,
        fc.integer({ min: 1, max: 3 * 366 * 24 * 60 }),
        (fsm, start, offset, minutes) => {
          const first = startSimulation(fsm, start, offset, MAX_EVENTS);
          const until = new Date(start.getTime() + minutes * 60_000);
          const late = simulateWait(fsm, first, until, offset, MAX_EVENTS);
          let onTime = first;
          while (onTime.history.length < late.history.length) {
            const next = onTime.contract.timeEvents[0];
            if (!next) break;
            onTime = simulateWait(fsm, onTime, next.dueDate, offset, 1);
          }
          expect(onTime.history).toEqual(late.history);
          expect(onTime.contract).toEqual(late.contract);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('every record and every next event reads as a sentence in both languages (no key, no placeholder)', () => {
    fc.assert(
      fc.property(
        fsmArbitrary,
        startArbitrary,
        offsetArbitrary,
        fc.array(actionArbitrary, { maxLength: 10 }),
        (fsm, start, offset, actions) => {
          let simulation = startSimulation(fsm, start, offset);
          for (const action of actions) simulation = step(fsm, simulation, action, offset);
          const sentences = LANGUAGES.flatMap((language) => [
            ...simulation.history.map((record) => describeTransitionRecord(fsm, record, language, seedTexts)),
            ...upcomingEvents(fsm, simulation.contract, offset).map((event) =>
              describeUpcomingEvent(event, language, seedTexts, offset),
            ),
          ]);
          for (const sentence of sentences) {
            expect(sentence).not.toMatch(/contracts\.|policy\.translate|\{\w+\}/);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});
