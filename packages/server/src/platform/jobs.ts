// Housekeeping that runs at start and on a schedule: modules contribute jobs through their manifest
// entry (`jobs`), the platform adds its own. The schedule lives in the database (job_schedule), so a
// restart never postpones a job, and with several instances each run is claimed by one of them: a
// job runs when one conditional UPDATE moves its next run date past now. Jobs are idempotent (a run
// cut short by a crash is simply done again at the next one). The contracts work will bring a table
// of scheduled events (due dates); this runner stays for housekeeping.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db } from './db/database';
import { Poller } from './poller';

export type ScheduledJob = {
  /** Unique: `<module>:<what>`. */
  readonly name: string;
  /** Time between the starts of two runs. */
  readonly everyMs: number;
  run(now: Date): Promise<unknown>;
};

export type JobRunnerDeps = {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  jobs: readonly ScheduledJob[];
  /** How often due jobs are looked for (default: every minute). */
  checkEveryMs?: number;
};

const CHECK_EVERY_MS = 60_000;

export class JobRunner {
  readonly #deps: JobRunnerDeps;
  readonly #poller = new Poller<string[]>(() => []);

  constructor(deps: JobRunnerDeps) {
    const names = deps.jobs.map((job) => job.name);
    const twice = names.find((name, index) => names.indexOf(name) !== index);
    if (twice !== undefined) throw new Error(`job '${twice}' is defined twice`);
    this.#deps = deps;
  }

  get jobNames(): string[] {
    return this.#deps.jobs.map((job) => job.name);
  }

  /** Runs the jobs that are due now (at start), then looks for due jobs every minute. */
  start(): void {
    this.#poller.start(
      this.#deps.checkEveryMs ?? CHECK_EVERY_MS,
      () => this.#runDue(),
      () => undefined,
    );
  }

  /** No new runs; waits for the one in progress. */
  stop(): Promise<void> {
    return this.#poller.stop();
  }

  /** Claims and runs every job that is due, one after the other; answers the names of those that ran. */
  runDue(): Promise<string[]> {
    return this.#poller.run(() => this.#runDue());
  }

  async #runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.#deps.jobs) {
      if (this.#poller.stopped) break;
      const now = this.#deps.clock.now();
      try {
        if (!(await this.#claim(job, now))) continue;
        await job.run(now);
        ran.push(job.name);
      } catch (error) {
        this.#deps.log.error({ err: error, job: job.name }, 'housekeeping job failed');
      }
    }
    return ran;
  }

  /** True for the one instance whose update moved the job's next run date forward. */
  async #claim(job: ScheduledJob, now: Date): Promise<boolean> {
    const { db } = this.#deps;
    const started = now.toISOString();
    await db
      .insertInto('job_schedule')
      .values({ name: job.name, nextRunDate: '', lastStartDate: '' })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    const result = await db
      .updateTable('job_schedule')
      .set({ nextRunDate: new Date(now.getTime() + job.everyMs).toISOString(), lastStartDate: started })
      .where('name', '=', job.name)
      .where('nextRunDate', '<=', started)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
