// Users and their sessions (DOMAIN §1.7, §2.1, §2.3). Login, registration and the rest of the
// account calls come with the accounts issue; this is the part every other module relies on.
import { ErrCode } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { hashSessionId, newSessionId, UserStatus, type RequestUser } from '../../platform/session';
import type { IdentityRepo, UserRow } from './repo';
import type { UserWire } from './schemas';

const HOUR_MS = 3600_000;
/** Absolute end of every session. */
export const SESSION_MAX_AGE_MS = 7 * 24 * HOUR_MS;
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
};

export type NewSession = { userId: number; isRemember?: boolean; ip?: string; userAgent?: string };

export function toUserWire(user: UserRow): UserWire {
  const { passwordHash: _hidden, ...wire } = user;
  return wire;
}

export class IdentityService {
  readonly #repo: IdentityRepo;
  readonly #clock: Clock;

  constructor(repo: IdentityRepo, clock: Clock) {
    this.#repo = repo;
    this.#clock = clock;
  }

  /** The user of a live session; unknown, expired and idle sessions are none. */
  readonly lookupSession = async (sessionHash: string): Promise<RequestUser | null> => {
    const session = await this.#repo.findSessionWithUser(sessionHash);
    if (!session) return null;
    const now = this.#clock.now().getTime();
    const lastSeen = Date.parse(session.lastSeenDate);
    if (Date.parse(session.expireDate) <= now) return null;
    if (!session.isRemember && lastSeen + SESSION_IDLE_LIMIT_MS <= now) return null;
    if (now - lastSeen >= SESSION_TOUCH_INTERVAL_MS) await this.#repo.touchSession(sessionHash, new Date(now).toISOString());
    return { userId: session.userId, status: session.status };
  };

  async currentUser(userId: number): Promise<UserWire> {
    const user = await this.#repo.findUser(userId);
    if (!user) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
    return toUserWire(user);
  }

  createUser(user: NewUser): Promise<UserRow> {
    const now = this.#clock.now().toISOString();
    return this.#repo.insertUser({
      username: user.username,
      email: user.email ?? '',
      mobile: user.mobile ?? '',
      userType: user.userType ?? 0,
      userRole: user.userRole ?? 1,
      status: user.status ?? UserStatus.Normal,
      headImage: user.headImage ?? '',
      passwordHash: user.passwordHash ?? '',
      createDate: now,
      updateDate: now,
    });
  }

  /** Starts a session; answers its id, which is given to the client and never stored. */
  async openSession({ userId, isRemember = false, ip = '', userAgent = '' }: NewSession): Promise<{ sessionId: string; expireDate: string }> {
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
