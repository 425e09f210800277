import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type UserRow = Row<'users'>;
export type SessionRow = Row<'sessions'>;
export type SessionWithUser = Pick<SessionRow, 'userId' | 'isRemember' | 'expireDate' | 'lastSeenDate'> & { status: number };

export class IdentityRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.#db.selectFrom('users').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  insertUser(user: NewRow<'users'>): Promise<UserRow> {
    return this.#db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  insertSession(session: NewRow<'sessions'>): Promise<unknown> {
    return this.#db.insertInto('sessions').values(session).execute();
  }

  findSessionWithUser(sessionHash: string): Promise<SessionWithUser | undefined> {
    return this.#db
      .selectFrom('sessions')
      .innerJoin('users', 'users.userId', 'sessions.userId')
      .select(['sessions.userId', 'sessions.isRemember', 'sessions.expireDate', 'sessions.lastSeenDate', 'users.status'])
      .where('sessions.sessionHash', '=', sessionHash)
      .executeTakeFirst();
  }

  touchSession(sessionHash: string, lastSeenDate: string): Promise<unknown> {
    return this.#db.updateTable('sessions').set({ lastSeenDate }).where('sessionHash', '=', sessionHash).execute();
  }
}
