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

/** Failed logins in the current window of one account, login name or IP address (the login limits). */
export type LoginAttemptsTable = {
  key: string;
  failures: number;
  windowStart: string;
  /** '' when not blocked. */
  blockedUntil: string;
};

/** Every table; modules add theirs with `declare module '…/platform/db/schema' { interface Database {…} }`. */
export interface Database {
  settings: SettingsTable;
  seeds: SeedsTable;
  /** Failed logins (platform/limits), written by the accounts' limiters. */
  login_attempts: LoginAttemptsTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
