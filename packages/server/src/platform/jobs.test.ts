// The housekeeping runner: due jobs at start and on their schedule, the schedule kept in the database
// (restarts never postpone a job), one run per period however many instances share the database.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestDatabase } from '../testing';
import { durationMs, ManualClock } from './clock';
import { JobRunner, type ScheduledJob } from './jobs';

const HOUR = durationMs({ hours: 1 });

describe('the job runner', () => {
  let database: TestDatabase;
  const clock = new ManualClock('2025-03-01T00:00:00.000Z');
  const errors: unknown[] = [];
  const log = { error: (details: unknown) => void errors.push(details) };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.db.destroy();
    await database.dispose();
  });

  /** A job that counts its runs. */
  const counted = (name: string, everyMs = HOUR) => {
    const runs: string[] = [];
    const job: ScheduledJob = {
      name,
      everyMs,
      run: async (now) => void runs.push(now.toISOString()),
    };
    return { job, runs };
  };
  const runner = (jobs: ScheduledJob[]) => new JobRunner({ db: database.db, clock, log, jobs });

  it('runs every job at the first start, then each again once its period has passed', async () => {
    const hourly = counted('test:hourly');
    const daily = counted('test:daily', durationMs({ days: 1 }));
    const jobs = runner([hourly.job, daily.job]);
    jobs.start();
    expect(await jobs.runDue()).toEqual([]);
    expect([hourly.runs.length, daily.runs.length]).toEqual([1, 1]);
    clock.advance({ minutes: 59 });
    expect(await jobs.runDue()).toEqual([]);
    clock.advance({ minutes: 1 });
    expect(await jobs.runDue()).toEqual(['test:hourly']);
    await jobs.stop();
    expect(await jobs.runDue()).toEqual([]);
  });

  it('keeps the schedule across restarts: a server restarted every 20 minutes still runs an hourly job hourly', async () => {
    const sweep = counted('test:restarts');
    for (let restart = 0; restart < 7; restart += 1) {
      const jobs = runner([sweep.job]);
      jobs.start();
      await jobs.runDue();
      await jobs.stop();
      clock.advance({ minutes: 20 });
    }
    // Started at 0, 20, …, 120 minutes: due at 0, 60 and 120.
    expect(sweep.runs).toHaveLength(3);
  });

  it('runs a job once per period when two instances look at the same moment', async () => {
    const shared = counted('test:shared');
    const [one, two] = [runner([shared.job]), runner([shared.job])];
    for (let period = 0; period < 3; period += 1) {
      await Promise.all([one.runDue(), two.runDue(), one.runDue(), two.runDue()]);
      clock.advance({ hours: 1 });
    }
    expect(shared.runs).toHaveLength(3);
  });

  it('logs a job that fails and goes on with the others', async () => {
    const after = counted('test:after-failure');
    const failing: ScheduledJob = {
      name: 'test:failing',
      everyMs: HOUR,
      run: () => Promise.reject(new Error('disk full')),
    };
    errors.length = 0;
    expect(await runner([failing, after.job]).runDue()).toEqual(['test:after-failure']);
    expect(errors).toEqual([expect.objectContaining({ job: 'test:failing' })]);
  });

  it('refuses two jobs of one name', () => {
    expect(() => runner([counted('test:twice').job, counted('test:twice').job])).toThrow(/twice/);
  });
});

describe('the app’s housekeeping', () => {
  it('sweeps the temporary parts a crashed upload left as soon as the server starts', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'tessera-jobs-'));
    mkdirSync(join(filesDir, '.tmp'), { recursive: true });
    const leftover = join(filesDir, '.tmp', 'crashed-upload.part');
    writeFileSync(leftover, 'half a file');
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    utimesSync(leftover, twoHoursAgo, twoHoursAgo);
    const t = await createTestApp({ config: { filesUrl: filesDir } });
    try {
      // Waits for the run the start began.
      await t.app.jobs.runDue();
      expect(existsSync(leftover)).toBe(false);
      expect(t.app.jobs.jobNames).toEqual([
        'platform:limits',
        'messages:sweep',
        'identity:sessions',
        'thirdparty:sweep',
        'files:sweep',
        'wallet:reconcile',
        'nodesites:sweep',
      ]);
    } finally {
      await t.close();
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('forgets attempt counters and limit locks a day old, but not a key still blocked', async () => {
    const t = await createTestApp();
    try {
      await t.app.jobs.runDue();
      const now = t.clock.now().getTime();
      const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
      await t.db
        .insertInto('login_attempts')
        .values([
          { key: 'ip:old', failures: 3, windowStart: at(25), blockedUntil: '' },
          { key: 'ip:old-but-blocked', failures: 30, windowStart: at(25), blockedUntil: at(-2) },
          { key: 'ip:recent', failures: 1, windowStart: at(2), blockedUntil: '' },
        ])
        .execute();
      await t.db
        .insertInto('limit_locks')
        .values([
          { subject: 'test:old', lockedAt: at(25) },
          { subject: 'test:recent', lockedAt: at(2) },
        ])
        .execute();
      t.clock.advance({ hours: 1 });
      expect(await t.app.jobs.runDue()).toContain('platform:limits');
      const keys = await t.db.selectFrom('login_attempts').select('key').orderBy('key').execute();
      expect(keys.map((row) => row.key)).toEqual(['ip:old-but-blocked', 'ip:recent']);
      const locks = await t.db.selectFrom('limit_locks').select('subject').where('subject', 'like', 'test:%').execute();
      expect(locks.map((row) => row.subject)).toEqual(['test:recent']);
    } finally {
      await t.close();
    }
  });
});
