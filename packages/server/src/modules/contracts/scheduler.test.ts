// The time events scheduler (DOMAIN §2.15, §3.6) with a moved clock: due dates, downtime catch-up
// without drift, cancellation, stale rows, the order of events due at one moment, chains and loops of
// events due at once, retries with back-off and the exception after the 5th failure, polling.
import { ContractStatus } from '@tessera/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { ScheduledEventStatus, type ContractRow } from './repo';
import { LEASE_MS, MAX_TRANSITIONS_AT_ONE_MOMENT, type ContractSchedulerDeps } from './scheduler';
import {
  clearContracts,
  contractRow,
  madeUpParty,
  scheduledEventsOf,
  seedContract,
  seedContractPayment,
  testScheduler,
  transitionRecordsOf,
} from './testing';

const DAY = 24 * 60 * 60_000;
const MINUTE = 60_000;
const SIGNED_AT = '2025-03-01T00:00:00.000Z';

const EXPIRES_AFTER_A_DAY = `for public
initial[active]:
  ~freelog.RelativeTimeEvent("1","day") => expired
  ~freelog.TransactionEvent("10","self.account") => paid
expired:
  terminate
paid[active]:
  terminate`;
/** Renews itself every day, for ever. */
const DAILY = 'for public\ninitial[active]:\n  ~freelog.RelativeTimeEvent("1","day") => initial';
/** Three states entered at once: their TimeEvents are past when signing. */
const PAST_CHAIN = `for public
initial:
  ~freelog.TimeEvent("2020-01-01 00:00") => a
a:
  ~freelog.TimeEvent("2020-02-01 00:00") => b
b[active]:
  ~freelog.RelativeTimeEvent("1","day") => c
c:
  terminate`;
/** Two events due at the same moment (both TimeEvents are past at the entry): the first in the text fires. */
const TWO_AT_ONCE = `for public
initial:
  ~freelog.TimeEvent("2020-02-01 00:00") => second
  ~freelog.TimeEvent("2020-01-01 00:00") => first
first[active]:
  terminate
second[active]:
  terminate`;
/** A past TimeEvent leading back to its own state: due again at once, for ever. */
const ZERO_TIME_LOOP = 'for public\ninitial[active]:\n  ~freelog.TimeEvent("2020-01-01 00:00") => initial';

describe('contract time events scheduler', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: SIGNED_AT });
  });
  afterAll(() => t.close());
  afterEach(() => clearContracts(t));

  const sign = (policyText: string, signedAt?: string): Promise<ContractRow> =>
    seedContract(t, {
      licensor: madeUpParty(),
      licensee: madeUpParty(),
      policyText,
      ...(signedAt ? { signedAt } : {}),
    });
  const scheduler = (deps: Partial<ContractSchedulerDeps> = {}) => testScheduler(t, deps);
  const contractOf = (contractId: string) => contractRow(t, contractId);
  const eventsOf = (contractId: string) => scheduledEventsOf(t, contractId);
  const recordsOf = (contractId: string) => transitionRecordsOf(t, contractId);
  const at = (base: string, ms: number) => new Date(new Date(base).getTime() + ms);
  const nothing = { fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 };

  it('fires a relative time event once the clock passes its due date, dated at the due date', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    const polls = scheduler();

    t.clock.set(at(SIGNED_AT, DAY - 1));
    expect(await polls.fireDue()).toEqual(nothing);
    expect(await contractOf(contract.contractId)).toMatchObject({ fsmCurrentState: 'initial', status: 0 });

    t.clock.set(at(SIGNED_AT, DAY + 5 * MINUTE));
    expect(await polls.fireDue()).toEqual({ ...nothing, fired: 1 });
    const due = at(SIGNED_AT, DAY).toISOString();
    expect(await contractOf(contract.contractId)).toMatchObject({
      fsmCurrentState: 'expired',
      fsmStateEnterDate: due,
      status: ContractStatus.Terminated,
      authStatus: 128,
      fsmRunningStatus: 8,
    });
    const records = await recordsOf(contract.contractId);
    expect(records.map((record) => [record.fromState, record.toState, record.createDate])).toEqual([
      ['_none_', 'initial', SIGNED_AT],
      ['initial', 'expired', due],
    ]);
    expect(JSON.parse(records[1]?.eventInfo ?? '{}')).toMatchObject({ code: 'A103', dueDate: due });
    expect((await eventsOf(contract.contractId)).map((row) => [row.status, row.lockedUntil])).toEqual([
      [ScheduledEventStatus.Fired, ''],
    ]);
    expect(await polls.fireDue()).toEqual(nothing);
  });

  it('catches up after a downtime: a daily chain fires ten times in one poll, each entry at its due date', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(DAILY);
    t.clock.set(at(SIGNED_AT, 10 * DAY + 7 * 60 * MINUTE));

    expect(await scheduler().fireDue()).toEqual({ ...nothing, fired: 10 });
    const records = await recordsOf(contract.contractId);
    expect(records.map((record) => record.createDate)).toEqual(
      Array.from({ length: 11 }, (_, day) => at(SIGNED_AT, day * DAY).toISOString()),
    );
    // The self-loop's next timer is in the future: the next poll does not spin.
    const waiting = (await eventsOf(contract.contractId)).filter((row) => row.status === ScheduledEventStatus.Waiting);
    expect(waiting.map((row) => row.dueDate)).toEqual([at(SIGNED_AT, 11 * DAY).toISOString()]);
    expect(await scheduler().fireDue()).toEqual(nothing);
    expect((await contractOf(contract.contractId)).fsmStateEnterDate).toBe(at(SIGNED_AT, 10 * DAY).toISOString());
  });

  it('never fires an event whose state was left another way (a payment)', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    await seedContractPayment(t, contract.contractId, at(SIGNED_AT, 60 * MINUTE));
    t.clock.set(at(SIGNED_AT, 2 * DAY));

    expect(await scheduler().fireDue()).toEqual(nothing);
    expect(await contractOf(contract.contractId)).toMatchObject({ fsmCurrentState: 'paid', status: 0, authStatus: 1 });
    expect((await eventsOf(contract.contractId)).map((row) => row.status)).toEqual([ScheduledEventStatus.Cancelled]);
  });

  it('cancels stale rows (another entry, a contract no longer in force) without touching the contract', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(DAILY);
    t.clock.set(at(SIGNED_AT, DAY));
    expect((await scheduler().fireDue()).fired).toBe(1);
    // A row left waiting for the first entry (as a crash between two writes could leave it).
    const [first] = await eventsOf(contract.contractId);
    await t.db
      .updateTable('contract_scheduled_events')
      .set({ status: ScheduledEventStatus.Waiting })
      .where('scheduleId', '=', first?.scheduleId ?? '')
      .execute();
    const ended = await sign(EXPIRES_AFTER_A_DAY, SIGNED_AT);
    await t.db.updateTable('contracts').set({ status: 1 }).where('contractId', '=', ended.contractId).execute();
    const before = await contractOf(contract.contractId);

    expect(await scheduler().fireDue()).toEqual({ ...nothing, cancelled: 2 });
    expect(await contractOf(contract.contractId)).toEqual(before);
    const staleRow = (await eventsOf(contract.contractId))[0];
    expect(staleRow).toMatchObject({ status: ScheduledEventStatus.Cancelled, lastError: 'staleEntry' });
    expect((await eventsOf(ended.contractId))[0]).toMatchObject({
      status: ScheduledEventStatus.Cancelled,
      lastError: 'notInForce',
    });
  });

  it('judges due dates by the machine: a row that came due too early waits for the real due date', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    await t.db
      .updateTable('contract_scheduled_events')
      .set({ runAfter: SIGNED_AT, dueDate: SIGNED_AT })
      .where('contractId', '=', contract.contractId)
      .execute();
    t.clock.set(at(SIGNED_AT, MINUTE));

    expect(await scheduler().fireDue()).toEqual({ ...nothing, postponed: 1 });
    expect((await eventsOf(contract.contractId))[0]).toMatchObject({
      status: ScheduledEventStatus.Waiting,
      runAfter: at(SIGNED_AT, DAY).toISOString(),
      lockedUntil: '',
    });
    expect((await contractOf(contract.contractId)).fsmCurrentState).toBe('initial');
  });

  it('fires events due at one moment in text order; the first one cancels the rest', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(TWO_AT_ONCE);
    expect(await scheduler().fireDue()).toEqual({ ...nothing, fired: 1 });
    expect((await contractOf(contract.contractId)).fsmCurrentState).toBe('second');
    expect((await eventsOf(contract.contractId)).map((row) => [row.eventOrder, row.status])).toEqual([
      [0, ScheduledEventStatus.Fired],
      [1, ScheduledEventStatus.Cancelled],
    ]);
  });

  it('walks a chain of events due at once in one poll, and stops a zero-time loop with an exception', async () => {
    t.clock.set(SIGNED_AT);
    const chain = await sign(PAST_CHAIN);
    expect(await scheduler().fireDue()).toEqual({ ...nothing, fired: 2 });
    expect(await contractOf(chain.contractId)).toMatchObject({ fsmCurrentState: 'b', fsmStateEnterDate: SIGNED_AT });

    const loop = await sign(ZERO_TIME_LOOP);
    const polls = scheduler();
    expect(await polls.fireDue()).toEqual({ ...nothing, fired: MAX_TRANSITIONS_AT_ONE_MOMENT - 1, failed: 1 });
    expect(await contractOf(loop.contractId)).toMatchObject({ status: ContractStatus.Exception, authStatus: 1 });
    expect(await recordsOf(loop.contractId)).toHaveLength(MAX_TRANSITIONS_AT_ONE_MOMENT);
    const rows = await eventsOf(loop.contractId);
    expect(rows.filter((row) => row.status === ScheduledEventStatus.Failed)).toMatchObject([
      { lastError: 'zeroTimeLoop' },
    ]);
    expect(rows.filter((row) => row.status === ScheduledEventStatus.Waiting)).toEqual([]);
    expect(await polls.fireDue()).toEqual(nothing);
  });

  it('retries a failing event after 1, 2, 4 and 8 minutes, then fails it and puts the contract in exception', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    const failing = scheduler({
      policies: {
        wiresOf: () => Promise.reject(new Error('policy store unreachable')),
      },
    });
    t.clock.set(at(SIGNED_AT, DAY));
    for (const backOff of [1, 2, 4, 8]) {
      expect(await failing.fireDue()).toEqual({ ...nothing, retried: 1 });
      const [row] = await eventsOf(contract.contractId);
      expect(row).toMatchObject({
        status: ScheduledEventStatus.Waiting,
        lastError: 'policy store unreachable',
        runAfter: at(t.clock.now().toISOString(), backOff * MINUTE).toISOString(),
        lockedUntil: '',
      });
      t.clock.advance(backOff * MINUTE - 1);
      expect(await failing.fireDue()).toEqual(nothing);
      t.clock.advance(1);
    }
    expect(await failing.fireDue()).toEqual({ ...nothing, failed: 1 });
    expect((await eventsOf(contract.contractId))[0]).toMatchObject({
      status: ScheduledEventStatus.Failed,
      attempts: 5,
    });
    expect(await contractOf(contract.contractId)).toMatchObject({
      status: ContractStatus.Exception,
      fsmCurrentState: 'initial',
      authStatus: 1,
    });
    expect(await recordsOf(contract.contractId)).toHaveLength(1);
    expect(await scheduler().fireDue()).toEqual(nothing);
  });

  it('fires a once-failed event on its retry, dated at its due date', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    let failures = 1;
    const flaky = scheduler({
      policies: {
        wiresOf: (ids, options) => {
          if (failures-- > 0) return Promise.reject(new Error('timeout'));
          return t.services.policies.wiresOf(ids, options);
        },
      },
    });
    t.clock.set(at(SIGNED_AT, DAY));
    expect((await flaky.fireDue()).retried).toBe(1);
    t.clock.advance(MINUTE);
    expect((await flaky.fireDue()).fired).toBe(1);
    expect(await contractOf(contract.contractId)).toMatchObject({
      fsmCurrentState: 'expired',
      fsmStateEnterDate: at(SIGNED_AT, DAY).toISOString(),
    });
    expect((await eventsOf(contract.contractId))[0]).toMatchObject({ status: ScheduledEventStatus.Fired, attempts: 1 });
  });

  it('leaves rows leased by another instance alone until the lease runs out', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    t.clock.set(at(SIGNED_AT, DAY));
    const leaseUntil = at(SIGNED_AT, DAY + LEASE_MS).toISOString();
    await t.db
      .updateTable('contract_scheduled_events')
      .set({ lockedUntil: leaseUntil })
      .where('contractId', '=', contract.contractId)
      .execute();
    expect(await scheduler().fireDue()).toEqual(nothing);
    t.clock.set(leaseUntil);
    expect(await scheduler().fireDue()).toEqual({ ...nothing, fired: 1 });
  });

  it('polls by itself once started, and stop() waits for the poll in progress', async () => {
    t.clock.set(SIGNED_AT);
    const contract = await sign(EXPIRES_AFTER_A_DAY);
    t.clock.set(at(SIGNED_AT, DAY));
    const background = scheduler();
    background.start();
    await vi.waitFor(async () => expect((await contractOf(contract.contractId)).fsmCurrentState).toBe('expired'));
    await background.stop();
    expect(await background.fireDue()).toEqual(nothing);
  });
});
