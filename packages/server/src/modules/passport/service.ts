// Sign-in and sign-out (DOMAIN §1.7). Wrong login names and wrong passwords get one and the same
// answer, errCode 2 "wrong login name or password", so that nobody can learn which accounts
// exist. The reference answers errCode 30 here; 30 means "this call needs a session" to every
// client, which would start the logout-and-redirect flow in any caller that does not opt out.
import { ErrCode } from '@tessera/domain';
import { AppError, badParam } from '../../platform/errors';
import { loginNameField } from '../identity/login-name';
import type { UserWire } from '../identity/schemas';
import { toUserWire, type IdentityService } from '../identity/service';
import { ACCOUNT_LIMIT, accountKey, IP_LIMIT, ipKey, type LoginLimiter } from './limits';

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
  readonly #limiter: LoginLimiter;

  constructor(identity: IdentityService, limiter: LoginLimiter) {
    this.#identity = identity;
    this.#limiter = limiter;
  }

  async login({ loginName, password, isRemember, ip, userAgent, previousSessionId }: LoginRequest): Promise<LoginResult> {
    if (loginNameField(loginName) === null) throw badParam('loginName', 'pattern', 'accounts.param.loginName');
    const user = await this.#identity.findUserByLoginName(loginName);
    const account = accountKey(user?.userId, loginName);
    const address = ipKey(ip);
    await this.#limiter.assertNotBlocked([account, address]);

    if (!(await this.#identity.verifyUserPassword(user, password)) || !user) {
      await this.#limiter.recordFailure(account, ACCOUNT_LIMIT);
      await this.#limiter.recordFailure(address, IP_LIMIT);
      throw new AppError(ErrCode.Business, 'accounts.loginFailed');
    }
    await this.#limiter.recordSuccess(account);
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
