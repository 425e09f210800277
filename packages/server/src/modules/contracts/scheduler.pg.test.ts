// Two server instances over one PostgreSQL database (DOMAIN §3.6, time events scheduler): two
// ContractSchedulers, each with its own connection pool on the test app's schema, poll at the same
// time and every due event fires exactly once. SQLite runs skip it (one process owns the file).
// SCHEDULER_TEST_EVENTS sets how many events are due: the 10,000 under CI, 2,000 by default elsewhere.
import { initContract, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../platform/db/postgres';
import type { Db } from '../../platform/db/database';
import type { NewRow } from '../../platform/db/schema';
import { newHex24 } from '../../platform/ids';
import { createTestApp, testDatabaseUrl, type TestApp } from '../../testing';
import { ContractRepo, ScheduledEventStatus, type ContractRow, type TransitionRecordRow } from './repo';
import { ContractScheduler, type SchedulerRun } from './scheduler';
import { scheduledEventRows } from './state-entries';

const EVENTS = Number(process.env.SCHEDULER_TEST_EVENTS ?? (process.env.CI === 'true' ? 10_000 : 2_000));
const SIGNED_AT = new Date('2025-03-01T00:00:00.000Z');
const DUE_AT = new Date(SIGNED_AT.getTime() + 24 * 60 * 60_000);
const OFFSET = 480;
const POLICY =
  'for public\ninitial[active]:\n  ~freelog.RelativeTimeEvent("1","day") => expired\nexpired:\n  terminate';
const CHUNK = 500;

const url = testDatabaseUrl();

describe.skipIf(url === null)('two scheduler instances on one PostgreSQL database', () => {
  let t: TestApp;
  let second: Db;

  beforeAll(async () => {
    t = await createTestApp({ now: SIGNED_AT });
    second = openPostgres(url ?? '', { schema: t.databaseLocation, maxConnections: 4 });
  });
  afterAll(async () => {
    await second.destroy();
    await t.close();
  });

  /** EVENTS contracts signed at SIGNED_AT, each with one time event due a day later, inserted in bulk. */
  async function seedDueContracts(): Promise<void> {
    const [compiled] = t.services.policies.compileAll([{ text: POLICY, field: 'policyText' }], 1, 'en_US');
    if (!compiled) throw new Error('the policy did not compile');
    await t.services.policies.store([compiled], 1);
    const fsm = compiled.policy.fsmDescriptionInfo as PolicyFsm;
    const { record, entry } = initContract(fsm, SIGNED_AT, OFFSET);
    const at = SIGNED_AT.toISOString();
    for (let start = 0; start < EVENTS; start += CHUNK) {
      const contracts: ContractRow[] = [];
      const records: TransitionRecordRow[] = [];
      const events: NewRow<'contract_scheduled_events'>[] = [];
      for (let index = start; index < Math.min(start + CHUNK, EVENTS); index += 1) {
        const contractId = newHex24(SIGNED_AT);
        const recordId = newHex24(SIGNED_AT);
        contracts.push({
          contractId,
          contractName: 'day pass',
          subjectId: 'subject',
          subjectName: 'owner/subject',
          subjectType: 1,
          licensorId: 'subject',
          licensorName: 'owner/subject',
          licensorOwnerId: 1,
          licensorOwnerName: 'owner',
          licenseeId: `licensee${index}`,
          licenseeName: `owner/licensee${index}`,
          licenseeOwnerId: 2,
          licenseeOwnerName: 'licensee',
          licenseeIdentityType: 1,
          policyId: compiled.policyId,
          isDefault: 0,
          status: entry.status,
          authStatus: entry.authStatus,
          fsmCurrentState: entry.fsmCurrentState,
          fsmCurrentStateColors: JSON.stringify(entry.fsmCurrentStateColors),
          fsmStateEnterDate: at,
          stateEntryRecordId: recordId,
          fsmDeclarations: '{"envArgs":[]}',
          fsmRunningStatus: entry.fsmRunningStatus,
          createDate: at,
          updateDate: at,
        });
        records.push({
          recordId,
          contractId,
          seq: 0,
          fromState: record.fromState,
          toState: record.toState,
          eventId: record.eventId,
          eventInfo: JSON.stringify(record.eventInfo),
          createDate: at,
        });
        events.push(...scheduledEventRows(contractId, recordId, entry.timeEvents, SIGNED_AT));
      }
      await t.db.insertInto('contracts').values(contracts).execute();
      await t.db.insertInto('contract_transition_records').values(records).execute();
      await t.db.insertInto('contract_scheduled_events').values(events).execute();
    }
  }

  const instance = (db: Db) =>
    new ContractScheduler({
      repo: new ContractRepo(db),
      policies: t.services.policies,
      clock: t.clock,
      utcOffsetMinutes: OFFSET,
      log: { error: () => undefined },
    });

  /** Polls until a poll finds nothing to do; answers what this instance did in all. */
  async function drain(scheduler: ContractScheduler): Promise<SchedulerRun> {
    const total: SchedulerRun = { fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 };
    for (;;) {
      const run = await scheduler.fireDue();
      for (const key of Object.keys(total) as (keyof SchedulerRun)[]) total[key] += run[key];
      if (Object.values(run).every((count) => count === 0)) return total;
    }
  }

  it(`fires each of ${EVENTS} due events exactly once`, { timeout: 600_000 }, async () => {
    await seedDueContracts();
    t.clock.set(DUE_AT);

    const [first, other] = await Promise.all([drain(instance(t.db)), drain(instance(second))]);

    expect(first.fired + other.fired).toBe(EVENTS);
    expect(first.fired).toBeGreaterThan(0);
    expect(other.fired).toBeGreaterThan(0);
    expect({ ...first, fired: 0 }).toEqual({ fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 });
    expect({ ...other, fired: 0 }).toEqual({ fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 });
    const perContract = await t.db
      .selectFrom('contract_transition_records')
      .select((eb) => ['contractId', eb.fn.countAll<number>().as('records')])
      .groupBy('contractId')
      .execute();
    expect(perContract).toHaveLength(EVENTS);
    expect(perContract.filter((row) => Number(row.records) !== 2)).toEqual([]);
    const statuses = await t.db
      .selectFrom('contract_scheduled_events')
      .select((eb) => ['status', eb.fn.countAll<number>().as('rows')])
      .groupBy('status')
      .execute();
    expect(statuses.map((row) => [row.status, Number(row.rows)])).toEqual([[ScheduledEventStatus.Fired, EVENTS]]);
    const states = await t.db
      .selectFrom('contracts')
      .select((eb) => ['fsmCurrentState', 'fsmStateEnterDate', 'status', eb.fn.countAll<number>().as('contracts')])
      .groupBy(['fsmCurrentState', 'fsmStateEnterDate', 'status'])
      .execute();
    expect(states.map((row) => ({ ...row, contracts: Number(row.contracts) }))).toEqual([
      { fsmCurrentState: 'expired', fsmStateEnterDate: DUE_AT.toISOString(), status: 1, contracts: EVENTS },
    ]);
  });
});
