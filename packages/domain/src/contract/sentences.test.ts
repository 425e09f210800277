import { describe, expect, it } from 'vitest';
import { seedTexts } from '../i18n/texts';
import { COMPILING_EXAMPLES } from '../policy/testing';
import { policyDateTimeToDate } from './due-dates';
import { initContract, upcomingEvents, type TransitionRecord } from './machine';
import { describeTransitionRecord, describeUpcomingEvent, formatPlatformDisplayDate } from './sentences';
import { simulatePayment, simulateWait, startSimulation } from './simulation';
import { eventIdOf, fsmOf } from './testing';

const OFFSET = 480;
const signedAt = policyDateTimeToDate('2025-01-31 10:00', OFFSET) as Date;

function historyOf(records: TransitionRecord[], fsm: ReturnType<typeof fsmOf>) {
  return {
    zh_CN: records.map((record) => describeTransitionRecord(fsm, record, 'zh_CN', seedTexts)),
    en_US: records.map((record) => describeTransitionRecord(fsm, record, 'en_US', seedTexts)),
  };
}

describe('transition records as sentences', () => {
  it('policy B from signing to its end, in both languages', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.B);
    let simulation = startSimulation(fsm, signedAt, OFFSET);
    simulation = simulateWait(fsm, simulation, new Date(signedAt.getTime() + 8 * 86_400_000), OFFSET);
    const paid = simulatePayment(fsm, simulation, eventIdOf(fsm, 'get_auth'), '29.99', OFFSET);
    if (!paid.ok) throw new Error(paid.refusal.code);
    simulation = simulateWait(fsm, paid.simulation, new Date('2026-01-01T00:00:00Z'), OFFSET);
    expect(historyOf(simulation.history, fsm)).toEqual({
      zh_CN: [
        '签约，进入 initial',
        '在 initial 中满 1 周，进入 get_auth',
        '支付了 29.99 代币，进入 auth',
        '在 auth 中满 1 个月，进入 finish，合约终止',
      ],
      en_US: [
        'Signed: entered initial',
        'After 1 week in initial: entered get_auth',
        'Paid 29.99 coins: entered auth',
        'After 1 month in auth: entered finish; the contract ends',
      ],
    });
  });

  it('a free policy, a date, a cycle end and a self-loop', () => {
    const free = fsmOf(COMPILING_EXAMPLES.A);
    expect(historyOf([initContract(free, signedAt, OFFSET).record], free)).toEqual({
      zh_CN: ['签约，进入 initial，永久获得授权'],
      en_US: ['Signed: entered initial; authorized for good'],
    });
    const fsm = fsmOf(`for public
initial[active]:
  ~freelog.TimeEvent("2025-03-01 08:00") => initial
  ~freelog.CycleEndEvent("2","cycle") => closed
closed: terminate`);
    const simulation = simulateWait(
      fsm,
      startSimulation(fsm, signedAt, OFFSET),
      policyDateTimeToDate('2025-03-02 00:00', OFFSET) as Date,
      OFFSET,
    );
    expect(historyOf(simulation.history.slice(1), fsm)).toEqual({
      zh_CN: ['在 initial 中满 2 个周期（8 小时）后的周期结束时，进入 closed，合约终止'],
      en_US: ['At the end of the cycle after 2 cycles (8 hours) in initial: entered closed; the contract ends'],
    });
    const loop = [{ fromState: 'initial', toState: 'initial', eventInfo: fsmInfo(fsm) }];
    expect(historyOf(loop as TransitionRecord[], fsm)).toEqual({
      zh_CN: ['到达 2025/03/01 08:00（平台时间），重新进入 initial，计时重新开始'],
      en_US: ['At 2025/03/01 08:00 (platform time): re-entered initial; its timers restart'],
    });
  });
});

function fsmInfo(fsm: ReturnType<typeof fsmOf>) {
  const transition = fsm.initial?.transitions[0];
  if (!transition) throw new Error('no transition');
  const { code, name, args } = transition;
  return { code, name, args };
}

describe('what can happen next', () => {
  it('payments and dates in platform time, in both languages', () => {
    const fsm = fsmOf(`for public
initial:
  ~freelog.TransactionEvent("10","self.account") => active
  ~freelog.RelativeTimeEvent("3","day") => expired
  ~freelog.RelativeTimeEvent("999999","year") => expired
active[active]: terminate
expired: terminate`);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const upcoming = upcomingEvents(fsm, entry, OFFSET);
    expect(upcoming.map((event) => describeUpcomingEvent(event, 'en_US', seedTexts, OFFSET))).toEqual([
      'Pay 10.00 coins → active',
      'On 2025/02/03 10:00 → expired',
      'Too far in the future to happen → expired',
    ]);
    expect(upcoming.map((event) => describeUpcomingEvent(event, 'zh_CN', seedTexts, OFFSET))).toEqual([
      '支付 10.00 代币 → active',
      '2025/02/03 10:00 → expired',
      '时间过远，不会发生 → expired',
    ]);
  });

  it('formats on the platform wall clock', () => {
    expect(formatPlatformDisplayDate(new Date('2025-06-30T20:15:00Z'), 480)).toBe('2025/07/01 04:15');
    expect(formatPlatformDisplayDate(new Date('2025-06-30T20:15:00Z'), -330)).toBe('2025/06/30 14:45');
  });
});
