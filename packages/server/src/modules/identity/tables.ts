// The identity tables (users, sessions, user_details): row types, merged into Database.
import type { Generated } from 'kysely';

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

/** One per user (DOMAIN §2.2); the columns have defaults. latestLoginDate is '' until the first login. */
export type UserDetailsTable = {
  userId: number;
  /** 0 unknown, 1 male, 2 female. */
  sex: Generated<number>;
  birthday: Generated<string>;
  occupation: Generated<string>;
  intro: Generated<string>;
  areaCode: Generated<string>;
  areaName: Generated<string>;
  latestLoginDate: Generated<string>;
  latestLoginIp: Generated<string>;
  /** Why the user is frozen, shown to them; '' when not frozen. */
  reason: Generated<string>;
  /** Internal note of the administrators. */
  remark: Generated<string>;
  inviteCode: Generated<string>;
  inviterUserId: Generated<number>;
  createDate: string;
  updateDate: string;
};

declare module '../../platform/db/schema' {
  interface Database {
    users: UsersTable;
    sessions: SessionsTable;
    user_details: UserDetailsTable;
  }
}
