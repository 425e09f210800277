// One scheduler instance of the drain benchmark (scheduler-drain.ts), in a process of its own with its
// own database connection (DATABASE_URL, else the SQLite file in DATA_DIR), as a server instance
// would run it. Told the moment to start and the due date, it runs the module's ContractScheduler
// poll after poll until a poll finds nothing to take, on a clock that reads the due date at the start.
import { openDatabase } from '../packages/server/src/platform/db/database';
import type { SchedulerRun } from '../packages/server/src/modules/contracts/scheduler';
import { servicesOver } from './server-modules';

export type WorkerStart = { startAt: number; dueAt: number };
export type WorkerReport = SchedulerRun & {
  polls: number;
  /** From startAt until the poll that found nothing. */
  seconds: number;
  /** User + system CPU of this process over the drain. */
  cpuMs: number;
};

const send = (message: unknown) => process.send?.(message);

const db = openDatabase({ databaseUrl: process.env.DATABASE_URL || null, dataDir: process.env.DATA_DIR ?? '.' });
let shift = 0;
const services = await servicesOver(db, { now: () => new Date(Date.now() + shift) });
await db.selectFrom('contract_scheduled_events').select('scheduleId').limit(1).execute();
send('ready');

process.once('message', (message: WorkerStart) => {
  void drain(message).then(
    (report) => {
      send(report);
      // Connected until told to go: the database server's CPU is sampled with every connection still there.
      process.once('message', () => void db.destroy().then(() => process.exit(0)));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});

async function drain({ startAt, dueAt }: WorkerStart): Promise<WorkerReport> {
  // The clock passes the due date at startAt: the lag of an event is the real time it waited.
  shift = dueAt - startAt;
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const cpu = process.cpuUsage();
  const total: SchedulerRun = { fired: 0, cancelled: 0, retried: 0, failed: 0, postponed: 0 };
  let polls = 0;
  for (;;) {
    const run = await services.contractScheduler.fireDue();
    polls += 1;
    for (const key of Object.keys(total) as (keyof SchedulerRun)[]) total[key] += run[key];
    if (Object.values(run).every((count) => count === 0)) break;
  }
  const used = process.cpuUsage(cpu);
  return { ...total, polls, seconds: (Date.now() - startAt) / 1000, cpuMs: (used.user + used.system) / 1000 };
}
