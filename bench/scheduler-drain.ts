// Due time events drained by one and by two scheduler instances (issue 12): `events` contracts signed a
// day before under a policy whose first state ends one day after its entry (seeded as signing leaves
// them: contracts/testing.ts seedContract, the domain's initContract and writeStateEntry), then the
// clock passes their due date and scheduler-worker.ts processes, each with its own database
// connection to the same database, poll until nothing is due. Afterwards every event must have fired
// exactly once: each row fired, one transition to `done` per contract, every contract ended, and the
// instances' counts add up to the events.
import { spawn, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { seedContract } from '../packages/server/src/modules/contracts/testing';
import { systemClock } from '../packages/server/src/platform/clock';
import type { Db } from '../packages/server/src/platform/db/database';
import type { TestApp } from '../packages/server/src/testing';
import { cpuBetween, type CpuSample } from './measure';
import type { WorkerReport, WorkerStart } from './scheduler-worker';
import { servicesOver } from './server-modules';
import { repoRoot } from './servers';

export const DUE_AFTER_A_DAY =
  'for public\n\ninitial[active]:\n  ~freelog.RelativeTimeEvent("1","day") => done\n\ndone:\n  terminate';
const DAY_MS = 24 * 3600_000;
/** Signings at once on PostgreSQL (its pool has 10 connections); SQLite takes them one by one anyway. */
const SEEDING_CONCURRENCY = 8;

export type DatabasePlace = { database: 'sqlite' | 'postgres'; databaseUrl: string | null; dataDir: string };

export type DrainResult = {
  database: string;
  instances: number;
  events: number;
  seedSeconds: number;
  /** From the start until the last instance found nothing more to do. */
  seconds: number;
  eventsPerSecond: number;
  /** The instances' CPU per event, µs. */
  cpuUsPerEvent: number;
  /** The database server's CPU per event, µs (PostgreSQL's processes serving the database). */
  dbCpuUsPerEvent?: number;
  /** Fire time − due date, ms: p50, p99, max. */
  lagMs: { p50: number; p99: number; max: number };
  perInstance: WorkerReport[];
  exactlyOnce: boolean;
  checks: Record<string, number>;
  load1: number;
};

/** `count` contracts under DUE_AFTER_A_DAY signed a day before `dueAt`, named `label`. */
async function seedDueContracts(db: Db, label: string, count: number, dueAt: Date): Promise<void> {
  const services = await servicesOver(db, systemClock);
  // seedContract needs only the services (and a clock when no signing time is given).
  const arranged = { services, clock: systemClock } as unknown as TestApp;
  const signedAt = new Date(dueAt.getTime() - DAY_MS);
  const licensor = { id: `${label}-licensor`, name: `bench/${label}`, ownerId: 1, ownerName: 'bench' };
  let next = 0;
  const signer = async () => {
    for (let index = next++; index < count; index = next++) {
      const licensee = { id: `${label}-${index}`, name: `bench/${label}-${index}`, ownerId: 2, ownerName: 'bench' };
      await seedContract(arranged, { licensor, licensee, policyText: DUE_AFTER_A_DAY, contractName: label, signedAt });
    }
  };
  await Promise.all(Array.from({ length: SEEDING_CONCURRENCY }, signer));
}

function startWorker({ databaseUrl, dataDir }: DatabasePlace): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'bench/scheduler-worker.ts')], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`scheduler worker exited with ${code} before it was ready`)));
  });
}

function reportOf(child: ChildProcess): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    child.once('message', (report: WorkerReport) => resolve(report));
    child.once('exit', (code) => reject(new Error(`scheduler worker exited with ${code} without a report`)));
  });
}

function stopWorker(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('exit');
  });
}

const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** What the batch's rows say: statuses, lags and the checks of exactly once. */
async function inspect(db: Db, label: string) {
  const events = await db
    .selectFrom('contract_scheduled_events as event')
    .innerJoin('contracts', 'contracts.contractId', 'event.contractId')
    .select(['event.status', 'event.dueDate', 'event.updateDate'])
    .where('contracts.contractName', '=', label)
    .execute();
  const fired = events.filter((event) => event.status === 2);
  // The scheduler writes the moment of the claim that took the row as its updateDate.
  const lags = fired
    .map((event) => new Date(event.updateDate).getTime() - new Date(event.dueDate).getTime())
    .sort((a, b) => a - b);
  const records = await db
    .selectFrom('contract_transition_records as record')
    .innerJoin('contracts', 'contracts.contractId', 'record.contractId')
    .select((eb) => [
      eb.fn.countAll<number>().as('transitions'),
      eb.fn.count<number>('record.contractId').distinct().as('contracts'),
    ])
    .where('contracts.contractName', '=', label)
    .where('record.toState', '=', 'done')
    .executeTakeFirstOrThrow();
  const ended = await db
    .selectFrom('contracts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('contractName', '=', label)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    lags,
    checks: {
      scheduledRows: events.length,
      firedRows: fired.length,
      transitionsToDone: Number(records.transitions),
      contractsMoved: Number(records.contracts),
      contractsEnded: Number(ended.count),
    },
  };
}

export async function drain(
  db: Db,
  place: DatabasePlace,
  instances: number,
  events: number,
  databaseCpu?: () => Promise<CpuSample>,
): Promise<DrainResult> {
  const label = `drain-${place.database}-${instances}-${Date.now().toString(36)}`;
  const seeding = Date.now();
  // Any moment works: the instances' clock reads it at the start (nothing else runs a scheduler here).
  const dueAt = new Date(Math.ceil(Date.now() / 1000) * 1000);
  await seedDueContracts(db, label, events, dueAt);
  const seedSeconds = (Date.now() - seeding) / 1000;
  console.log(`${place.database}, ${instances} instance(s): ${events} contracts signed in ${seedSeconds.toFixed(1)} s`);

  const workers = await Promise.all(Array.from({ length: instances }, () => startWorker(place)));
  const reports = workers.map(reportOf);
  const databaseBefore = await databaseCpu?.();
  const start: WorkerStart = { startAt: Date.now() + 300, dueAt: dueAt.getTime() };
  for (const worker of workers) worker.send(start);
  const perInstance = await Promise.all(reports);
  const load1 = Number((loadavg()[0] ?? 0).toFixed(2));
  // Sampled while the instances are still connected; then they may go.
  const databaseMs = databaseBefore && databaseCpu ? cpuBetween(databaseBefore, await databaseCpu()) : undefined;
  await Promise.all(workers.map(stopWorker));

  const { lags, checks } = await inspect(db, label);
  const firedByInstances = perInstance.reduce((sum, report) => sum + report.fired, 0);
  const exactlyOnce =
    checks.scheduledRows === events &&
    checks.firedRows === events &&
    checks.transitionsToDone === events &&
    checks.contractsMoved === events &&
    checks.contractsEnded === events &&
    firedByInstances === events;
  const seconds = Math.max(...perInstance.map((report) => report.seconds));
  const cpuMs = perInstance.reduce((sum, report) => sum + report.cpuMs, 0);
  return {
    database: place.database,
    instances,
    events,
    seedSeconds,
    seconds,
    eventsPerSecond: Math.round(events / seconds),
    cpuUsPerEvent: Math.round((cpuMs * 1000) / events),
    ...(databaseMs === undefined ? {} : { dbCpuUsPerEvent: Math.round((databaseMs * 1000) / events) }),
    lagMs: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? 0 },
    perInstance,
    exactlyOnce,
    checks: { ...checks, firedByInstances },
    load1,
  };
}
