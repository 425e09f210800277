// The database as Kysely sees it: the platform's own tables here, every module's merged in from its
// tables.ts (declaration merging into Database). Times are ISO 8601 UTC text with milliseconds, flags
// are integers 0/1 (docs/architecture.md). Column names are the wire names.
import type { Insertable, Selectable, Updateable } from 'kysely';

export type SettingsTable = {
  key: string;
  value: string;
};

/** Names of the one-time data loads that have run (demo data), so each runs once per database. */
export type SeedsTable = {
  name: string;
  appliedDate: string;
};

/** Attempts in the current window of one key: failed logins per account or address, registrations per address. */
export type LoginAttemptsTable = {
  key: string;
  failures: number;
  windowStart: string;
  /** '' when not blocked. */
  blockedUntil: string;
};

/** One row per subject (`storage:user:12`, …) whose limits are checked and written under its lock (platform/limits). */
export type LimitLocksTable = {
  subject: string;
  /** The last time the lock was taken (old rows are swept). */
  lockedAt: string;
};

/** When each housekeeping job may run next (platform/jobs), shared by every instance. */
export type JobScheduleTable = {
  name: string;
  nextRunDate: string;
  /** '' before the first run. */
  lastStartDate: string;
};

/** Every table; modules add theirs with `declare module '…/platform/db/schema' { interface Database {…} }`. */
export interface Database {
  settings: SettingsTable;
  seeds: SeedsTable;
  /** Failed logins (platform/limits), written by the accounts' limiters. */
  login_attempts: LoginAttemptsTable;
  limit_locks: LimitLocksTable;
  job_schedule: JobScheduleTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
