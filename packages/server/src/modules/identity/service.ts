// Users and their sessions (DOMAIN §1.7, §2.1–2.3, §3.8): the session lookup every request makes,
// passwords, freezing by operators. The login and logout calls live in the passport module.
import { ErrCode, validate } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError, badParam } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { hashSessionId, newSessionId, SESSION_MAX_AGE_MS, UserStatus, type RequestUser } from '../../platform/session';
import { loginNameField } from './login-name';
import { profilesReadWithSession } from './session-profiles';
import type { IdentityRepo, UserRow, UserWithReason } from './repo';
import { defaultHeadImage } from './views';

const HOUR_MS = 3600_000;
/** A session without "remember me" ends after this long without requests. */
export const SESSION_IDLE_LIMIT_MS = 24 * HOUR_MS;
/** lastSeenDate is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type NewUser = {
  username: string;
  email?: string;
  mobile?: string;
  userType?: number;
  userRole?: number;
  status?: number;
  headImage?: string;
  passwordHash?: string;
  /** Hashed here; wins over passwordHash. */
  password?: string;
};

/** Longest freeze reason (it is shown on the freeze page). */
export const FREEZE_REASON_MAX_LENGTH = 200;

export type NewSession = { userId: number; isRemember?: boolean; ip?: string; userAgent?: string };

export { toUserWire } from './views';

/** Told of every user created, after the user's transaction committed (the wallet opens an account). */
export type UserCreatedListener = (user: { userId: number; username: string }) => Promise<void>;

export class IdentityService {
  readonly #repo: IdentityRepo;
  readonly #clock: Clock;
  readonly #onCreated: UserCreatedListener;

  constructor(repo: IdentityRepo, clock: Clock, onCreated: UserCreatedListener = async () => {}) {
    this.#repo = repo;
    this.#clock = clock;
    this.#onCreated = onCreated;
  }

  /** The user of a live session; unknown, expired and idle sessions are none. */
  readonly lookupSession = async (sessionHash: string, withProfile = false): Promise<RequestUser | null> => {
    const found = await this.#repo.readSession(sessionHash, withProfile);
    if (!found) return null;
    const { session } = found;
    const now = this.#clock.now().getTime();
    const lastSeen = Date.parse(session.lastSeenDate);
    if (Date.parse(session.expireDate) <= now) return null;
    if (!session.isRemember && lastSeen + SESSION_IDLE_LIMIT_MS <= now) return null;
    if (now - lastSeen >= SESSION_TOUCH_INTERVAL_MS)
      await this.#repo.touchSession(sessionHash, new Date(now).toISOString());
    const user: RequestUser = { userId: session.userId, status: session.status };
    if (withProfile && found.profile) profilesReadWithSession.set(user, found.profile);
    return user;
  };

  /** The id of the user an e-mail address or mobile number is bound to, or null. */
  async addressOwner(address: string): Promise<number | null> {
    return address === '' ? null : ((await this.#repo.findUserIdByAddress(address)) ?? null);
  }

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.#repo.findUser(userId);
  }

  /** The avatar address shown for the user (the avatars module sets it). */
  async setHeadImage(userId: number, headImage: string): Promise<void> {
    await this.#repo.updateUser(userId, { headImage, updateDate: this.#clock.now().toISOString() });
  }

  async isAddressBound(address: string): Promise<boolean> {
    return (await this.addressOwner(address)) !== null;
  }

  /**
   * Creates the user and its detail (DOMAIN §2.2: one per user). Without a headImage the user gets
   * the avatar address of their id. A username or address already taken is a unique violation.
   */
  async createUser(user: NewUser): Promise<UserRow> {
    const now = this.#clock.now().toISOString();
    const passwordHash = user.password === undefined ? (user.passwordHash ?? '') : await hashPassword(user.password);
    const created = await this.#repo.inTransaction(async (repo) => {
      const row = await repo.insertUser({
        username: user.username,
        email: (user.email ?? '').toLowerCase(),
        mobile: user.mobile ?? '',
        userType: user.userType ?? 0,
        userRole: user.userRole ?? 1,
        status: user.status ?? UserStatus.Normal,
        headImage: user.headImage ?? '',
        passwordHash,
        createDate: now,
        updateDate: now,
      });
      await repo.insertDetail({ userId: row.userId, createDate: now, updateDate: now });
      if (user.headImage !== undefined) return row;
      const headImage = defaultHeadImage(row.userId);
      await repo.updateUser(row.userId, { headImage });
      return { ...row, headImage };
    });
    await this.#onCreated(created);
    return created;
  }

  /** The user a login name (username or e-mail in any case, or mobile) names. */
  async findUserByLoginName(loginName: string): Promise<UserRow | undefined> {
    const field = loginNameField(loginName);
    return field ? this.#repo.findUserByLoginName(field, loginName) : undefined;
  }

  /** Whether the password is the user's; takes as long when there is no such user (see verifyPassword). */
  verifyUserPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    return verifyPassword(user?.passwordHash, password);
  }

  /** The user named by an operator: a user id, else a username (any case). */
  async resolveUser(userIdOrUsername: string): Promise<UserRow> {
    const byId = /^\d{1,15}$/.test(userIdOrUsername) ? await this.#repo.findUser(Number(userIdOrUsername)) : undefined;
    const user = byId ?? (await this.#repo.findUserByUsername(userIdOrUsername));
    if (!user) throw new AppError(ErrCode.Business, 'accounts.userNotFound');
    return user;
  }

  listUsers(): Promise<UserWithReason[]> {
    return this.#repo.listUsersWithReason();
  }

  async recordLogin(userId: number, ip: string): Promise<void> {
    const now = this.#clock.now().toISOString();
    await this.#repo.updateDetail(userId, { latestLoginDate: now, latestLoginIp: ip, updateDate: now });
  }

  /** Saves a new login password and ends every session of the user (DOMAIN §1.7). */
  async changePassword(userId: number, newPassword: string): Promise<void> {
    const failure = validate('password', newPassword);
    if (failure) throw badParam('newPassword', failure.code, failure.messageKey);
    const passwordHash = await hashPassword(newPassword);
    await this.#repo.inTransaction(async (repo) => {
      await this.#requireUser(repo, userId);
      await repo.updateUser(userId, { passwordHash, updateDate: this.#clock.now().toISOString() });
      await repo.deleteSessionsOfUser(userId);
    });
  }

  /** Freezes a user with the reason shown to them, and ends all of their sessions (DOMAIN §3.8). */
  async freezeUser(userId: number, reason: string): Promise<UserRow> {
    const trimmed = reason.trim();
    if (trimmed === '') throw badParam('reason', 'required', 'errors.param.required');
    if ([...trimmed].length > FREEZE_REASON_MAX_LENGTH) {
      throw badParam('reason', 'maxLength', 'errors.param.maxLength', { limit: FREEZE_REASON_MAX_LENGTH });
    }
    return this.#setStatus(userId, UserStatus.Frozen, trimmed);
  }

  unfreezeUser(userId: number): Promise<UserRow> {
    return this.#setStatus(userId, UserStatus.Normal, '');
  }

  async #setStatus(userId: number, status: number, reason: string): Promise<UserRow> {
    const now = this.#clock.now().toISOString();
    return this.#repo.inTransaction(async (repo) => {
      const user = await this.#requireUser(repo, userId);
      await repo.updateUser(userId, { status, updateDate: now });
      await repo.updateDetail(userId, { reason, updateDate: now });
      if (status === UserStatus.Frozen) await repo.deleteSessionsOfUser(userId);
      return { ...user, status, updateDate: now };
    });
  }

  async #requireUser(repo: IdentityRepo, userId: number): Promise<UserRow> {
    const user = await repo.findUser(userId);
    if (!user) throw new AppError(ErrCode.Business, 'accounts.userNotFound');
    return user;
  }

  /** Housekeeping: sessions that can no longer be used (expired, or idle browser sessions) go. */
  async sweepSessions(now: Date): Promise<{ sessions: number }> {
    const idleSince = new Date(now.getTime() - SESSION_IDLE_LIMIT_MS).toISOString();
    return { sessions: await this.#repo.deleteDeadSessions(now.toISOString(), idleSince) };
  }

  /** Ends one session (logout); unknown ids are ignored. */
  async endSession(sessionId: string): Promise<void> {
    await this.#repo.deleteSession(hashSessionId(sessionId));
  }

  /** Starts a session; answers its id, which is given to the client and never stored. */
  async openSession({
    userId,
    isRemember = false,
    ip = '',
    userAgent = '',
  }: NewSession): Promise<{ sessionId: string; expireDate: string }> {
    const now = this.#clock.now();
    const sessionId = newSessionId();
    const expireDate = new Date(now.getTime() + SESSION_MAX_AGE_MS).toISOString();
    await this.#repo.insertSession({
      sessionHash: hashSessionId(sessionId),
      userId,
      isRemember: isRemember ? 1 : 0,
      expireDate,
      lastSeenDate: now.toISOString(),
      ip,
      userAgent,
      createDate: now.toISOString(),
    });
    return { sessionId, expireDate };
  }
}
