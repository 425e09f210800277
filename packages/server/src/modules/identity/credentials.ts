// Passwords and login addresses of an account (DOMAIN §1.7, §3.8): change (old password), reset
// (code), check (answers a proof token), and the change of e-mail or mobile (codes at the old and
// the new address). Changing or resetting the password ends every session of the user.
import { ErrCode } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError, badParam } from '../../platform/errors';
import { hashSessionId } from '../../platform/session';
import type { CodeConsumer } from './codes';
import { addressParam, assertPassword } from './input-rules';
import type { PasswordProofs } from './password-proof';
import type { IdentityRepo, UserRow } from './repo';
import type { PasswordCheckWire } from '@tessera/contract/identity';
import type { IdentityService } from './service';

export type PasswordChange = {
  userId: number;
  sessionId: string;
  oldPassword: string;
  newPassword: string;
  ip: string;
  userAgent: string;
};
export type AddressChange = { userId: number; oldAuthCode?: string; newAuthCode: string; newLoginName: string };

export class CredentialService {
  readonly #identity: IdentityService;
  readonly #repo: IdentityRepo;
  readonly #codes: CodeConsumer;
  readonly #proofs: PasswordProofs;
  readonly #clock: Clock;

  constructor(deps: {
    identity: IdentityService;
    repo: IdentityRepo;
    codes: CodeConsumer;
    proofs: PasswordProofs;
    clock: Clock;
  }) {
    this.#identity = deps.identity;
    this.#repo = deps.repo;
    this.#codes = deps.codes;
    this.#proofs = deps.proofs;
    this.#clock = deps.clock;
  }

  /**
   * Ends every session of the user, then opens a new one for the caller, with the same "remember
   * me" choice, so that the person who changed it stays signed in. Answers the new session's id.
   */
  async updatePassword({
    userId,
    sessionId,
    oldPassword,
    newPassword,
    ip,
    userAgent,
  }: PasswordChange): Promise<{ sessionId: string; isRemember: boolean }> {
    assertPassword('newPassword', newPassword);
    const user = await this.#requireUser(userId);
    if (!(await this.#identity.verifyUserPassword(user, oldPassword)))
      throw new AppError(ErrCode.Business, 'accounts.oldPasswordWrong');
    const isRemember = (await this.#repo.findSession(hashSessionId(sessionId)))?.isRemember === 1;
    await this.#identity.changePassword(userId, newPassword);
    const session = await this.#identity.openSession({ userId, isRemember, ip, userAgent });
    return { sessionId: session.sessionId, isRemember };
  }

  /**
   * An address nobody uses gets the same answer as a wrong or missing code: no code can have been
   * sent to it (DOMAIN §2.4), so consumeCode refuses it before the user is looked up.
   */
  async resetPassword({
    loginName,
    password,
    authCode,
  }: {
    loginName: string;
    password: string;
    authCode: string;
  }): Promise<true> {
    const { address } = addressParam('loginName', loginName);
    assertPassword('password', password);
    await this.#codes.consumeCode({ address, authCodeType: 'resetPassword', authCode });
    const userId = await this.#identity.addressOwner(address);
    if (userId === null) throw new AppError(ErrCode.Business, 'messages.error.noCode');
    await this.#identity.changePassword(userId, password);
    return true;
  }

  async verifyLoginPassword(userId: number, password: string): Promise<PasswordCheckWire> {
    const user = await this.#requireUser(userId);
    const isVerifySuccessful = await this.#identity.verifyUserPassword(user, password);
    return { userId, state: isVerifySuccessful ? await this.#proofs.issue(userId) : '', isVerifySuccessful };
  }

  /** Binds a new e-mail address or mobile number in place of the one of the same kind. */
  async changeAddress({ userId, oldAuthCode, newAuthCode, newLoginName }: AddressChange): Promise<true> {
    const { address, column } = addressParam('newLoginName', newLoginName);
    const user = await this.#requireUser(userId);
    const oldAddress = user[column];
    if (oldAddress !== '' && !oldAuthCode) throw badParam('oldAuthCode', 'required', 'errors.param.required');
    if (oldAddress === address) throw new AppError(ErrCode.Business, 'accounts.addressUnchanged');
    if (await this.#identity.isAddressBound(address))
      throw new AppError(ErrCode.Business, 'messages.error.addressTaken');

    if (oldAddress !== '')
      await this.#codes.consumeCode({
        address: oldAddress,
        authCodeType: 'updateMobileOrEmail',
        authCode: oldAuthCode ?? '',
      });
    await this.#codes.consumeCode({ address, authCodeType: 'updateMobileOrEmail', authCode: newAuthCode });
    try {
      await this.#repo.updateUser(userId, { [column]: address, updateDate: this.#clock.now().toISOString() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'messages.error.addressTaken');
      throw error;
    }
    return true;
  }

  async #requireUser(userId: number): Promise<UserRow> {
    const user = await this.#repo.findUser(userId);
    if (!user) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
    return user;
  }
}
