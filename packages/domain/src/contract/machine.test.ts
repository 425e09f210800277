import { describe, expect, it } from 'vitest';
import { COMPILING_EXAMPLES } from '../policy/testing';
import { policyDateTimeToDate } from './due-dates';
import {
  applyEvent,
  authStatusOf,
  enterState,
  initContract,
  upcomingEvents,
  type ContractEvent,
  type ContractFsmState,
  type PolicyFsm,
  type StateEntry,
} from './machine';
import { eventIdOf, fsmOf } from './testing';

const OFFSET = 480;
const DAY = 86_400_000;

function contractOf(entry: StateEntry, entryId = '1', selfAccountId = 'acc-1'): ContractFsmState {
  return { ...entry, entryId, selfAccountId };
}

function applied(fsm: PolicyFsm, contract: ContractFsmState, event: ContractEvent) {
  const outcome = applyEvent(fsm, contract, event, OFFSET);
  if (!outcome.ok) throw new Error(`refused: ${outcome.refusal.code}`);
  return outcome;
}

const signedAt = policyDateTimeToDate('2025-01-31 10:00', OFFSET) as Date;

describe('authStatusOf', () => {
  it.each([
    [[], 128],
    [['active'], 1],
    [['testActive'], 2],
    [['active', 'testActive'], 3],
    [['testActive', 'active'], 3],
  ] as const)('%j → %i', (colours, expected) => {
    expect(authStatusOf(colours)).toBe(expected);
  });
});

describe('entering states of policy B (trial, pay, a month, finish)', () => {
  const fsm = fsmOf(COMPILING_EXAMPLES.B);

  it('initialises into initial with init from _none_, authorised, its week scheduled', () => {
    const { record, entry } = initContract(fsm, signedAt, OFFSET);
    expect(record).toEqual({
      fromState: '_none_',
      toState: 'initial',
      eventId: 'init',
      eventInfo: { code: 'init', name: 'init', args: {} },
      createDate: signedAt,
    });
    expect(entry).toEqual({
      fsmCurrentState: 'initial',
      fsmCurrentStateColors: ['active'],
      fsmStateEnterDate: signedAt,
      authStatus: 1,
      status: 0,
      fsmRunningStatus: 4,
      timeEvents: [
        {
          eventId: eventIdOf(fsm, 'initial'),
          code: 'A103',
          name: 'RelativeTimeEvent',
          toState: 'get_auth',
          dueDate: new Date(signedAt.getTime() + 7 * DAY),
          order: 0,
        },
      ],
    });
  });

  it('walks the whole policy: the week passes, a payment, a month later the contract ends', () => {
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const week = entry.timeEvents[0];
    const trialOver = applied(fsm, contractOf(entry), {
      type: 'time',
      eventId: week?.eventId ?? '',
      entryId: '1',
      now: week?.dueDate ?? signedAt,
    });
    expect(trialOver.record).toMatchObject({ fromState: 'initial', toState: 'get_auth' });
    expect(trialOver.record.eventInfo).toEqual({
      code: 'A103',
      name: 'RelativeTimeEvent',
      args: { elapsed: 1, timeUnit: 'week' },
      dueDate: week?.dueDate,
    });
    expect(trialOver.entry).toMatchObject({ authStatus: 128, status: 0, fsmRunningStatus: 4, timeEvents: [] });

    const paidAt = policyDateTimeToDate('2025-02-10 09:15', OFFSET) as Date;
    const paid = applied(fsm, contractOf(trialOver.entry, '2'), {
      type: 'payment',
      eventId: eventIdOf(fsm, 'get_auth'),
      amount: '29.99',
      accountId: 'acc-1',
      at: paidAt,
    });
    expect(paid.record).toMatchObject({ fromState: 'get_auth', toState: 'auth', createDate: paidAt });
    expect(paid.record.eventInfo).toEqual({
      code: 'S201',
      name: 'TransactionEvent',
      args: { amount: '29.99', account: 'self.account' },
    });
    expect(paid.entry.authStatus).toBe(1);
    expect(paid.entry.timeEvents.map((event) => event.dueDate)).toEqual([
      policyDateTimeToDate('2025-03-10 09:15', OFFSET),
    ]);

    const month = paid.entry.timeEvents[0];
    const finished = applied(fsm, contractOf(paid.entry, '3'), {
      type: 'time',
      eventId: month?.eventId ?? '',
      entryId: '3',
      now: new Date('2030-01-01T00:00:00Z'),
    });
    expect(finished.entry).toEqual({
      fsmCurrentState: 'finish',
      fsmCurrentStateColors: [],
      fsmStateEnterDate: month?.dueDate,
      authStatus: 128,
      status: 1,
      fsmRunningStatus: 8,
      timeEvents: [],
    });
  });
});

describe('terminal states', () => {
  it('with a service state: a permanent licence, in force for ever (policy A)', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.A);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    expect(entry).toMatchObject({ authStatus: 1, status: 0, fsmRunningStatus: 8, timeEvents: [] });
    expect(upcomingEvents(fsm, contractOf(entry), OFFSET)).toEqual([]);
  });

  it('without one: the contract ends, and accepts no event after', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.B);
    const ended = enterState(fsm, 'finish', signedAt, OFFSET);
    expect(ended).toMatchObject({ authStatus: 128, status: 1, fsmRunningStatus: 8, fsmCurrentStateColors: [] });
    const outcome = applyEvent(
      fsm,
      contractOf(ended),
      { type: 'payment', eventId: eventIdOf(fsm, 'get_auth'), amount: '29.99', accountId: 'acc-1', at: signedAt },
      OFFSET,
    );
    expect(outcome).toEqual({
      ok: false,
      refusal: { code: 'notInForce', messageKey: 'contracts.refusal.notInForce', params: { status: 1 } },
    });
  });

  it('an always service state makes every terminal state a permanent licence (policy D)', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.D);
    expect(enterState(fsm, 'closed', signedAt, OFFSET)).toMatchObject({
      authStatus: 2,
      status: 0,
      fsmRunningStatus: 8,
    });
  });

  it('always adds its service state to every state (policy D: test, then both)', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.D);
    expect(initContract(fsm, signedAt, OFFSET).entry).toMatchObject({ authStatus: 2, status: 0 });
    expect(enterState(fsm, 'paid', signedAt, OFFSET)).toMatchObject({ authStatus: 3 });
  });
});

describe('refusals', () => {
  const fsm = fsmOf(COMPILING_EXAMPLES.C);
  const { entry } = initContract(fsm, signedAt, OFFSET);
  const contract = contractOf(entry);
  const [waitId, payId] = [eventIdOf(fsm, 'initial', 0), eventIdOf(fsm, 'initial', 1)];
  const pay = (changes: Partial<Extract<ContractEvent, { type: 'payment' }>>) =>
    applyEvent(
      fsm,
      contract,
      { type: 'payment', eventId: payId, amount: '0.19', accountId: 'acc-1', at: signedAt, ...changes },
      OFFSET,
    );
  const fire = (changes: Partial<Extract<ContractEvent, { type: 'time' }>>) =>
    applyEvent(
      fsm,
      contract,
      { type: 'time', eventId: waitId, entryId: '1', now: new Date(signedAt.getTime() + DAY), ...changes },
      OFFSET,
    );
  const codeOf = (outcome: ReturnType<typeof applyEvent>) => (outcome.ok ? 'ok' : outcome.refusal.code);

  it('a payment must be exactly the amount, to self.account, for a payment of the current state', () => {
    expect(codeOf(pay({}))).toBe('ok');
    expect(codeOf(pay({ amount: '0.190' }))).toBe('amountMismatch');
    expect(codeOf(pay({ amount: '0.18' }))).toBe('amountMismatch');
    expect(codeOf(pay({ amount: '0.2' }))).toBe('amountMismatch');
    expect(codeOf(pay({ amount: 'abc' }))).toBe('amountMismatch');
    expect(codeOf(pay({ amount: '.19' }))).toBe('amountMismatch');
    expect(codeOf(pay({ accountId: 'acc-2' }))).toBe('wrongAccount');
    expect(codeOf(pay({ eventId: waitId }))).toBe('notPayment');
    expect(codeOf(pay({ eventId: eventIdOf(fsm, 'auth_expiration') }))).toBe('unknownEvent');
    const mismatch = pay({ amount: '0.18' });
    expect(mismatch.ok ? null : mismatch.refusal).toEqual({
      code: 'amountMismatch',
      messageKey: 'contracts.refusal.amountMismatch',
      params: { amount: '0.19', paid: '0.18' },
    });
  });

  it('the same amount written differently is the same amount', () => {
    const fsmB = fsmOf(COMPILING_EXAMPLES.B);
    const atPay = contractOf(enterState(fsmB, 'get_auth', signedAt, OFFSET));
    for (const amount of ['29.99', '029.99', ' 29.99 ']) {
      const outcome = applyEvent(
        fsmB,
        atPay,
        { type: 'payment', eventId: eventIdOf(fsmB, 'get_auth'), amount, accountId: 'acc-1', at: signedAt },
        OFFSET,
      );
      expect(outcome.ok).toBe(true);
    }
  });

  it('a time event must be due, of the current entry, and a time event', () => {
    expect(codeOf(fire({}))).toBe('ok');
    expect(codeOf(fire({ now: new Date(signedAt.getTime() + DAY - 1) }))).toBe('notDue');
    expect(codeOf(fire({ entryId: '0' }))).toBe('staleEntry');
    expect(codeOf(fire({ eventId: payId }))).toBe('notTimeEvent');
    const early = fire({ now: signedAt });
    expect(early.ok ? null : early.refusal.params).toEqual({ dueDate: '2025-02-01 10:00' });
  });

  it('an exception contract accepts nothing', () => {
    const outcome = applyEvent(
      fsm,
      { ...contract, status: 2 },
      { type: 'time', eventId: waitId, entryId: '1', now: new Date(signedAt.getTime() + DAY) },
      OFFSET,
    );
    expect(codeOf(outcome)).toBe('notInForce');
  });
});

describe('time', () => {
  it('a late time event counts as entered at its due date: the next timer does not drift', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.C);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const due = entry.timeEvents[0]?.dueDate as Date;
    const late = applied(fsm, contractOf(entry), {
      type: 'time',
      eventId: entry.timeEvents[0]?.eventId ?? '',
      entryId: '1',
      now: new Date(due.getTime() + 30 * DAY),
    });
    expect(late.record.createDate).toEqual(due);
    expect(late.entry.fsmStateEnterDate).toEqual(due);
    expect(late.entry.timeEvents[0]?.dueDate).toEqual(new Date(due.getTime() + 3 * DAY));
  });

  it('a self-loop re-enters its state and restarts its timers', () => {
    const fsm = fsmOf(`for public
initial[active]:
  ~freelog.RelativeTimeEvent("1","day") => ended
  ~freelog.TransactionEvent("5","self.account") => initial
ended:
  terminate`);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const renewedAt = new Date(signedAt.getTime() + DAY / 2);
    const renewed = applied(fsm, contractOf(entry), {
      type: 'payment',
      eventId: eventIdOf(fsm, 'initial', 1),
      amount: '5.00',
      accountId: 'acc-1',
      at: renewedAt,
    });
    expect(renewed.record).toMatchObject({ fromState: 'initial', toState: 'initial' });
    expect(renewed.entry.timeEvents[0]?.dueDate).toEqual(new Date(renewedAt.getTime() + DAY));
  });

  it('a payment stamped before the current entry (skewed clocks) enters at the current entry', () => {
    const fsm = fsmOf(COMPILING_EXAMPLES.C);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const paid = applied(fsm, contractOf(entry), {
      type: 'payment',
      eventId: eventIdOf(fsm, 'initial', 1),
      amount: '0.19',
      accountId: 'acc-1',
      at: new Date(signedAt.getTime() - 1000),
    });
    expect(paid.record.createDate).toEqual(signedAt);
  });

  it('events due at one moment are listed in text order', () => {
    const fsm = fsmOf(`for public
initial[active]:
  ~freelog.TimeEvent("2020-01-02 00:00") => b
  ~freelog.RelativeTimeEvent("1","minute") => c
  ~freelog.TimeEvent("2020-01-01 00:00") => a
a: terminate
b: terminate
c[active]: terminate`);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    expect(entry.timeEvents.map((event) => [event.toState, event.dueDate])).toEqual([
      ['b', signedAt],
      ['a', signedAt],
      ['c', new Date(signedAt.getTime() + 60_000)],
    ]);
  });

  it('upcoming events: payments in text order, then time events by due date, never-due last', () => {
    const fsm = fsmOf(`for public
initial:
  ~freelog.RelativeTimeEvent("999999","year") => a
  ~freelog.RelativeTimeEvent("2","day") => a
  ~freelog.TransactionEvent("10","self.account") => a
  ~freelog.RelativeTimeEvent("1","day") => a
  ~freelog.TransactionEvent("5","self.account") => a
a[active]: terminate`);
    const { entry } = initContract(fsm, signedAt, OFFSET);
    const upcoming = upcomingEvents(fsm, contractOf(entry), OFFSET);
    expect(upcoming.map((event) => [event.kind, event.order])).toEqual([
      ['payment', 2],
      ['payment', 4],
      ['time', 3],
      ['time', 1],
      ['time', 0],
    ]);
    expect(upcoming.at(-1)).toMatchObject({ dueDate: null });
    expect(entry.timeEvents.map((event) => event.order)).toEqual([3, 1]);
  });
});
