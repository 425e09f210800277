import type { Db } from '../../platform/db/database';
import { preparedQuery, type PreparedQuery } from '../../platform/db/prepared';
import { containsIgnoringCase } from '../../platform/db/sql';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';
import { keptSessionsOf, type KeptSessions } from './kept-sessions';

export type UserRow = Row<'users'>;
export type UserDetailRow = Row<'user_details'>;
export type UserWithReason = UserRow & Pick<UserDetailRow, 'reason'>;
/** The columns a login name can name; username and e-mail are compared lower-cased. */
export type LoginNameField = 'username' | 'email' | 'mobile';
export type SessionRow = Row<'sessions'>;
export type SessionWithUser = Pick<SessionRow, 'userId' | 'isRemember' | 'expireDate' | 'lastSeenDate'> & {
  status: number;
};

// Every column of user_details: profile.test.ts checks the join answers them all as the table holds them.
const DETAIL_COLUMNS = [
  'userId',
  'sex',
  'birthday',
  'occupation',
  'intro',
  'areaCode',
  'areaName',
  'latestLoginDate',
  'latestLoginIp',
  'reason',
  'remark',
  'inviteCode',
  'inviterUserId',
  'createDate',
  'updateDate',
] as const satisfies readonly (keyof UserDetailRow)[];
const DETAIL_ALIASES = DETAIL_COLUMNS.map((column) => [column, `detail_${column}`] as const);
const SESSION_ALIASES = (['isRemember', 'expireDate', 'lastSeenDate'] as const).map(
  (column) => [column, `session_${column}`] as const,
);
const DETAIL_OF_ALIAS = new Map<string, string>(DETAIL_ALIASES.map(([column, alias]) => [alias, column]));
const SESSION_OF_ALIAS = new Map<string, string>(SESSION_ALIASES.map(([column, alias]) => [alias, column]));

export type UserWithDetail = { user: UserRow; detail: UserDetailRow | undefined };
/** A live-session lookup's finding: with the profile when the route asked for it. */
export type FoundSession = { session: SessionWithUser; profile?: UserWithDetail | undefined };

/** A joined row cut into its tables' rows: aliased session and detail columns, the rest the user's. */
function splitJoinedRow(row: Record<string, unknown>) {
  const user = {} as Record<string, unknown>;
  const detail = {} as Record<string, unknown>;
  const session = {} as Record<string, unknown>;
  for (const key in row) {
    const detailColumn = DETAIL_OF_ALIAS.get(key);
    if (detailColumn !== undefined) detail[detailColumn] = row[key];
    else {
      const sessionColumn = SESSION_OF_ALIAS.get(key);
      if (sessionColumn === undefined) user[key] = row[key];
      else session[sessionColumn] = row[key];
    }
  }
  const found: UserWithDetail = {
    user: user as UserRow,
    detail: detail.userId === null ? undefined : (detail as UserDetailRow),
  };
  return { session, found };
}

export class IdentityRepo {
  readonly #db: Db;
  // On the path of every signed-in request (the session) and of the pages that show the user.
  readonly #sessionWithUser: PreparedQuery<[string], SessionWithUser>;
  readonly #user: PreparedQuery<[number], UserRow>;
  readonly #userWithDetail: PreparedQuery<[number], Record<string, unknown>>;
  readonly #sessionWithProfile: PreparedQuery<[string], Record<string, unknown>>;
  readonly #kept: KeptSessions<FoundSession>;

  constructor(db: Db, kept: KeptSessions<FoundSession> = keptSessionsOf(db)) {
    this.#db = db;
    this.#kept = kept;
    this.#sessionWithUser = preparedQuery(db, 1, (sessionHash: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.userId', 'sessions.userId')
        .select([
          'sessions.userId',
          'sessions.isRemember',
          'sessions.expireDate',
          'sessions.lastSeenDate',
          'users.status',
        ])
        .where('sessions.sessionHash', '=', sessionHash),
    );
    this.#user = preparedQuery(db, 1, (userId: number) =>
      db.selectFrom('users').selectAll().where('userId', '=', userId),
    );
    this.#userWithDetail = preparedQuery(db, 1, (userId: number) =>
      db
        .selectFrom('users')
        .leftJoin('user_details', 'user_details.userId', 'users.userId')
        .selectAll('users')
        .select(DETAIL_ALIASES.map(([column, alias]) => `user_details.${column} as ${alias}` as const))
        .where('users.userId', '=', userId),
    );
    this.#sessionWithProfile = preparedQuery(db, 1, (sessionHash: string) =>
      db
        .selectFrom('sessions')
        .innerJoin('users', 'users.userId', 'sessions.userId')
        .leftJoin('user_details', 'user_details.userId', 'users.userId')
        .selectAll('users')
        .select(SESSION_ALIASES.map(([column, alias]) => `sessions.${column} as ${alias}` as const))
        .select(DETAIL_ALIASES.map(([column, alias]) => `user_details.${column} as ${alias}` as const))
        .where('sessions.sessionHash', '=', sessionHash),
    );
  }

  /** The user and its detail in one statement (the signed-in user's own page asks for both). */
  async findUserWithDetail(userId: number): Promise<UserWithDetail | undefined> {
    const [row] = await this.#userWithDetail(userId);
    return row && splitJoinedRow(row).found;
  }

  async findUser(userId: number): Promise<UserRow | undefined> {
    return (await this.#user(userId))[0];
  }

  /** The user whose e-mail (compared lower-cased) or mobile is `address`. */
  async findUserIdByAddress(address: string): Promise<number | undefined> {
    const row = await this.#db
      .selectFrom('users')
      .select('userId')
      .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', address.toLowerCase()), eb('mobile', '=', address)]))
      .executeTakeFirst();
    return row?.userId;
  }

  insertUser(user: NewRow<'users'>): Promise<UserRow> {
    return this.#write(this.#db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow());
  }

  insertSession(session: NewRow<'sessions'>): Promise<unknown> {
    return this.#write(this.#db.insertInto('sessions').values(session).execute());
  }

  async findSessionWithUser(sessionHash: string): Promise<SessionWithUser | undefined> {
    return (await this.#sessionWithUser(sessionHash))[0];
  }

  /** The session, and its user with the detail, in one statement (the route answering the caller's profile). */
  async findSessionWithProfile(
    sessionHash: string,
  ): Promise<{ session: SessionWithUser; profile: UserWithDetail } | undefined> {
    const [row] = await this.#sessionWithProfile(sessionHash);
    if (!row) return undefined;
    const { session, found } = splitJoinedRow(row);
    const { userId, status } = found.user;
    return { session: { ...(session as Omit<SessionWithUser, 'userId' | 'status'>), userId, status }, profile: found };
  }

  /** The live-session lookup of every signed-in request: the session kept a second (kept-sessions.ts). */
  readSession(sessionHash: string, withProfile: boolean): Promise<FoundSession | undefined> {
    return this.#kept.read(sessionHash, withProfile, async () => {
      if (withProfile) return this.findSessionWithProfile(sessionHash);
      const session = await this.findSessionWithUser(sessionHash);
      return session && { session };
    });
  }

  async touchSession(sessionHash: string, lastSeenDate: string): Promise<void> {
    await this.#db.updateTable('sessions').set({ lastSeenDate }).where('sessionHash', '=', sessionHash).execute();
    this.#kept.touched(sessionHash, lastSeenDate);
  }

  /** Runs `work` in one transaction (joining the current one when there is one). */
  async inTransaction<T>(work: (repo: IdentityRepo) => Promise<T>): Promise<T> {
    if (this.#db.isTransaction) return work(this);
    try {
      return await this.#db.transaction().execute((trx) => work(new IdentityRepo(trx, this.#kept)));
    } finally {
      this.#kept.changed();
    }
  }

  /** Every write to the identity tables ends what was kept of the sessions, once it is done. */
  async #write<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.#kept.changed();
    }
  }

  findUserByLoginName(field: LoginNameField, value: string): Promise<UserRow | undefined> {
    const query = this.#db.selectFrom('users').selectAll();
    if (field === 'mobile') return query.where('mobile', '=', value).executeTakeFirst();
    return query
      .where((eb) => eb(eb.fn('lower', [field]), '=', value.toLowerCase()))
      .orderBy('userId')
      .executeTakeFirst();
  }

  findUserByUsername(username: string): Promise<UserRow | undefined> {
    return this.findUserByLoginName('username', username);
  }

  updateUser(userId: number, changes: RowUpdate<'users'>): Promise<unknown> {
    return this.#write(this.#db.updateTable('users').set(changes).where('userId', '=', userId).execute());
  }

  listUsersWithReason(): Promise<UserWithReason[]> {
    return this.#db
      .selectFrom('users')
      .leftJoin('user_details', 'user_details.userId', 'users.userId')
      .selectAll('users')
      .select((eb) => eb.fn.coalesce('user_details.reason', eb.val('')).as('reason'))
      .orderBy('users.userId')
      .execute();
  }

  insertDetail(detail: NewRow<'user_details'>): Promise<unknown> {
    return this.#write(this.#db.insertInto('user_details').values(detail).execute());
  }

  updateDetail(userId: number, changes: RowUpdate<'user_details'>): Promise<unknown> {
    return this.#write(this.#db.updateTable('user_details').set(changes).where('userId', '=', userId).execute());
  }

  deleteSession(sessionHash: string): Promise<unknown> {
    return this.#write(this.#db.deleteFrom('sessions').where('sessionHash', '=', sessionHash).execute());
  }

  /** Removes sessions that expired by `now` and browser sessions idle since `idleSince`; answers how many. */
  async deleteDeadSessions(now: string, idleSince: string): Promise<number> {
    const result = await this.#write(
      this.#db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([eb('expireDate', '<=', now), eb.and([eb('isRemember', '=', 0), eb('lastSeenDate', '<=', idleSince)])]),
        )
        .executeTakeFirst(),
    );
    return Number(result.numDeletedRows);
  }

  deleteSessionsOfUser(userId: number): Promise<unknown> {
    return this.#write(this.#db.deleteFrom('sessions').where('userId', '=', userId).execute());
  }

  findUsers(userIds: readonly number[]): Promise<UserRow[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('users')
      .selectAll()
      .where('userId', 'in', [...userIds])
      .execute();
  }

  /** A page of users whose username contains `keywords` (any case), newest first. */
  async searchUsers({
    keywords,
    skip,
    limit,
  }: {
    keywords: string;
    skip: number;
    limit: number;
  }): Promise<{ totalItem: number; rows: UserRow[] }> {
    const matching = this.#db
      .selectFrom('users')
      .$if(keywords !== '', (query) => query.where(containsIgnoringCase('username', keywords)));
    const { count } = await matching
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    const rows = await matching
      .selectAll()
      .orderBy('createDate', 'desc')
      .orderBy('userId', 'desc')
      .offset(skip)
      .limit(limit)
      .execute();
    return { totalItem: Number(count), rows };
  }

  findSession(sessionHash: string): Promise<SessionRow | undefined> {
    return this.#db.selectFrom('sessions').selectAll().where('sessionHash', '=', sessionHash).executeTakeFirst();
  }
}
