// The limits' housekeeping job: attempt counters whose window is long over (and that block nothing)
// and the rows of limit locks nobody took for a day go. Windows and blocks last an hour at most.
import { durationMs, type Clock } from '../clock';
import type { Db } from '../db/database';
import type { ScheduledJob } from '../jobs';
import { AttemptCounterRepo } from './counters';
import { LimitLocks } from './locks';

/** Counters and lock rows older than this are swept. */
export const LIMIT_ROWS_KEPT_MS = durationMs({ days: 1 });

export function limitsHousekeeping(db: Db, clock: Clock): ScheduledJob {
  const counters = new AttemptCounterRepo(db);
  const locks = new LimitLocks(db, clock);
  return {
    name: 'platform:limits',
    everyMs: durationMs({ hours: 1 }),
    async run(now) {
      const before = new Date(now.getTime() - LIMIT_ROWS_KEPT_MS).toISOString();
      return { counters: await counters.sweep(before, now.toISOString()), locks: await locks.sweep(before) };
    },
  };
}
