// Sign-in and sign-out (DOMAIN §1.7). Wrong login names and wrong passwords get one and the same
// answer, errCode 2 "wrong login name or password", so that nobody can learn which accounts
// exist. The reference answers errCode 30 here; 30 means "this call needs a session" to every
// client, which would start the logout-and-redirect flow in any caller that does not opt out.
import { ErrCode } from '@tessera/domain';
import { AppError, badParam } from '../../platform/errors';
import type { AttemptLimiter } from '../../platform/limits/limiter';
import type { UserWire } from '@tessera/contract/identity';
import { loginNameField, toUserWire, type IdentityService, type UserRow } from '../identity';
import { ACCOUNT_LIMIT, accountKey, IP_LIMIT, ipKey } from './limits';

export type LoginRequest = {
  loginName: string;
  password: string;
  isRemember: boolean;
  ip: string;
  userAgent: string;
  /** The session the caller had before; it ends when the login succeeds. */
  previousSessionId?: string;
};

export type LoginResult = { user: UserWire; sessionId: string; isRemember: boolean };

export class PassportService {
  readonly #identity: IdentityService;
  readonly #limiter: AttemptLimiter;

  constructor(identity: IdentityService, limiter: AttemptLimiter) {
    this.#identity = identity;
    this.#limiter = limiter;
  }

  async login({
    loginName,
    password,
    isRemember,
    ip,
    userAgent,
    previousSessionId,
  }: LoginRequest): Promise<LoginResult> {
    const user = await this.verifyCredentials({ loginName, password, ip });
    return this.startSession(user, { isRemember, ip, userAgent, previousSessionId });
  }

  /**
   * The user whose login name and password these are, under the login limits; errCode 2 with the
   * one generic message otherwise. Third-party binding checks an account with it too.
   */
  async verifyCredentials({
    loginName,
    password,
    ip,
  }: Pick<LoginRequest, 'loginName' | 'password' | 'ip'>): Promise<UserRow> {
    if (loginNameField(loginName) === null) throw badParam('loginName', 'pattern', 'accounts.param.loginName');
    const user = await this.#identity.findUserByLoginName(loginName);
    const account = { key: accountKey(user?.userId, loginName), limit: ACCOUNT_LIMIT };
    const address = { key: ipKey(ip), limit: IP_LIMIT };
    // Taken before the password is compared, so parallel wrong passwords never get past the limits.
    await this.#limiter.take([account, address]);
    let valid: boolean;
    try {
      valid = (await this.#identity.verifyUserPassword(user, password)) && user !== undefined;
    } catch (error) {
      await this.#limiter.giveBack([account, address]);
      throw error;
    }
    if (!valid || !user) throw new AppError(ErrCode.Business, 'accounts.loginFailed');
    // Only failures count: the account's count starts over, the address gets its attempt back.
    await this.#limiter.reset(account.key);
    await this.#limiter.giveBack([address]);
    return user;
  }

  /** Signs a user in whose identity was established (password, or a third-party identity bound to them). */
  async startSession(
    user: UserRow,
    { isRemember, ip, userAgent, previousSessionId }: Omit<LoginRequest, 'loginName' | 'password'>,
  ): Promise<LoginResult> {
    // Never carry a session over a login: the old one ends, the new id is fresh (session fixation).
    if (previousSessionId !== undefined) await this.#identity.endSession(previousSessionId);
    const { sessionId } = await this.#identity.openSession({ userId: user.userId, isRemember, ip, userAgent });
    await this.#identity.recordLogin(user.userId, ip);
    return { user: toUserWire(user), sessionId, isRemember };
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId !== undefined) await this.#identity.endSession(sessionId);
  }
}
