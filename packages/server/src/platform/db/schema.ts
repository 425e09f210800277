// Row types of every table, as Kysely sees them. Times are ISO 8601 UTC text with milliseconds,
// flags are integers 0/1 (docs/architecture.md). Column names are the wire names.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type SettingsTable = {
  key: string;
  value: string;
};

/** Names of the one-time data loads that have run (demo data), so each runs once per database. */
export type SeedsTable = {
  name: string;
  appliedDate: string;
};

export type I18nTextsTable = {
  key: string;
  zh_CN: string;
  en_US: string;
  /** 1 to translate, 2 to publish, 3 published. */
  status: number;
  createDate: string;
  updateDate: string;
};

export type ActivitiesTable = {
  _id: string;
  title: string;
  titleEn: string;
  cover: string;
  /** 1 draft, 2 paused, 3 published (ActivityPublishState). */
  publishState: number;
  persist: number;
  link: string;
  redirectUrl: string;
  startTime: string;
  limitTime: string;
  sortNo: number;
  createDate: string;
  updateDate: string;
};

export type UsersTable = {
  /** Sequence from 10001. */
  userId: Generated<number>;
  username: string;
  email: string;
  mobile: string;
  userType: number;
  userRole: number;
  /** 0 normal, 1 frozen. */
  status: number;
  headImage: string;
  passwordHash: string;
  createDate: string;
  updateDate: string;
};

export type SessionsTable = {
  /** SHA-256 (hex) of the session id; the id itself is never stored. */
  sessionHash: string;
  userId: number;
  isRemember: number;
  expireDate: string;
  lastSeenDate: string;
  ip: string;
  userAgent: string;
  createDate: string;
};

export type Database = {
  settings: SettingsTable;
  seeds: SeedsTable;
  i18n_texts: I18nTextsTable;
  activities: ActivitiesTable;
  users: UsersTable;
  sessions: SessionsTable;
};

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;
export type RowUpdate<T extends keyof Database> = Updateable<Database[T]>;
