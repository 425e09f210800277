import { describe, expect, it } from 'vitest';
import { builderToText, trialThenSubscriptionPolicyTemplate } from '../policy/builder';
import { addTimeUnits, policyDateTimeToDate } from './due-dates';
import { simulatePayment, simulateWait, startSimulation, type Simulation } from './simulation';
import { eventIdOf, fsmOf } from './testing';

const OFFSET = 480;
const start = policyDateTimeToDate('2026-12-27 12:00', OFFSET) as Date;
const plus = (from: Date, count: number, unit: 'day' | 'month' | 'minute') => addTimeUnits(from, count, unit, OFFSET);

function paid(step: ReturnType<typeof simulatePayment>): Simulation {
  if (!step.ok) throw new Error(step.refusal.code);
  return step.simulation;
}

describe('the policy simulator', () => {
  const fsm = fsmOf(builderToText(trialThenSubscriptionPolicyTemplate({ trialDays: 7, price: '9.90' })));

  it('trial, then pay: wait 7 days → the trial ends; pay → subscribed; a month later → unpaid again', () => {
    let simulation = startSimulation(fsm, start, OFFSET);
    expect(simulation.contract).toMatchObject({ fsmCurrentState: 'initial', authStatus: 1 });

    simulation = simulateWait(fsm, simulation, plus(simulation.clock, 7, 'day'), OFFSET);
    expect(simulation.contract).toMatchObject({ fsmCurrentState: 'unpaid', authStatus: 128, status: 0 });
    expect(simulation.clock).toEqual(policyDateTimeToDate('2027-01-03 12:00', OFFSET));

    simulation = paid(simulatePayment(fsm, simulation, eventIdOf(fsm, 'unpaid'), '9.90', OFFSET));
    expect(simulation.contract).toMatchObject({ fsmCurrentState: 'subscribed', authStatus: 1 });
    expect(simulation.contract.timeEvents[0]?.dueDate).toEqual(policyDateTimeToDate('2027-02-03 12:00', OFFSET));

    simulation = simulateWait(fsm, simulation, plus(simulation.clock, 1, 'month'), OFFSET);
    expect(simulation.contract.fsmCurrentState).toBe('unpaid');
    expect(simulation.history.map((record) => [record.toState, record.createDate])).toEqual([
      ['initial', start],
      ['unpaid', policyDateTimeToDate('2027-01-03 12:00', OFFSET)],
      ['subscribed', policyDateTimeToDate('2027-01-03 12:00', OFFSET)],
      ['unpaid', policyDateTimeToDate('2027-02-03 12:00', OFFSET)],
    ]);
  });

  it('a wrong amount is refused and changes nothing', () => {
    const simulation = simulateWait(fsm, startSimulation(fsm, start, OFFSET), plus(start, 8, 'day'), OFFSET);
    const step = simulatePayment(fsm, simulation, eventIdOf(fsm, 'unpaid'), '9.89', OFFSET);
    expect(step).toMatchObject({ ok: false, refusal: { code: 'amountMismatch' } });
  });

  it('a date already passed fires at signing and after a payment', () => {
    const pastDate = fsmOf(`for public
initial:
  ~freelog.TransactionEvent("1","self.account") => paid
  ~freelog.TimeEvent("2020-01-01 00:00") => closed
paid[active]:
  ~freelog.TimeEvent("2020-01-01 00:00") => initial
closed: terminate`);
    const simulation = startSimulation(pastDate, start, OFFSET);
    expect(simulation.contract).toMatchObject({ fsmCurrentState: 'closed', status: 1 });
    expect(simulation.history.map((record) => record.createDate)).toEqual([start, start]);
  });

  it('stops after the most events one wait may fire, and goes on with the next wait', () => {
    const everyMinute = fsmOf(`for public
initial[active]:
  ~freelog.RelativeTimeEvent("1","minute") => initial`);
    const first = simulateWait(
      everyMinute,
      startSimulation(everyMinute, start, OFFSET),
      plus(start, 1, 'day'),
      OFFSET,
      100,
    );
    expect(first.history).toHaveLength(101);
    expect(first.halted).toEqual({ target: plus(start, 1, 'day') });
    expect(first.clock).toEqual(plus(start, 100, 'minute'));
    const second = simulateWait(everyMinute, first, first.halted?.target ?? start, OFFSET, 2000);
    expect(second.history).toHaveLength(24 * 60 + 1);
    expect(second.halted).toBeNull();
  });

  it('a loop without time passing halts instead of hanging', () => {
    const loop = fsmOf(`for public
initial[active]:
  ~freelog.TimeEvent("2020-01-01 00:00") => other
other:
  ~freelog.TimeEvent("2020-01-01 00:00") => initial`);
    const simulation = startSimulation(loop, start, OFFSET);
    expect(simulation.halted).toEqual({ target: start });
    expect(simulation.clock).toEqual(start);
  });

  it('waiting for a moment already past changes nothing', () => {
    const simulation = simulateWait(fsm, startSimulation(fsm, start, OFFSET), new Date(start.getTime() - 1), OFFSET);
    expect(simulation.clock).toEqual(start);
    expect(simulation.history).toHaveLength(1);
  });
});
