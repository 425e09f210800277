// Individual accounts (DOMAIN §2.24, §7.1): reading one's own account, activation with a code and a
// 6-digit pay password (argon2id, like login passwords), changing and resetting it, verifying it, and
// operator freezing. Wrong pay passwords are counted per account by the platform's AttemptLimiter
// (one atomic upsert, outside any payment transaction so a rollback never erases a failure): the 5th
// wrong one in a row locks payments for 30 minutes; a right one starts the count over.
import { ErrCode, validate } from '@tessera/domain';
import type { AccountWire } from '@tessera/contract/wallet';
import { durationMs, type Clock } from '../../platform/clock';
import { AppError, badParam } from '../../platform/errors';
import type { AttemptCounterRepo } from '../../platform/limits/counters';
import type { AttemptLimit, AttemptLimiter } from '../../platform/limits/limiter';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { IdentityService } from '../identity';
import { normalizeAddress, type CodeAttempt } from '../messages';
import { refusal } from './ledger';
import { centsToText } from './money';
import { AccountStatus, type AccountRepo, type AccountRow } from './repo';

export const PAY_PASSWORD_LIMIT: AttemptLimit = {
  maxAttempts: 5,
  windowMs: durationMs({ days: 1 }),
  blockMs: durationMs({ minutes: 30 }),
};
/** The limiter's message while blocked (turned into the E1011 refusal here). */
export const PAY_LOCKED_KEY = 'wallet.refusal.E1011';

export type WalletUsers = Pick<IdentityService, 'findUser' | 'verifyUserPassword'>;
export type WalletCodes = { consumeCode(attempt: CodeAttempt): Promise<void> };

export type AccountDeps = {
  repo: AccountRepo;
  users: WalletUsers;
  codes: WalletCodes;
  limiter: AttemptLimiter;
  counters: AttemptCounterRepo;
  clock: Clock;
};

export type Activation = { password: string; authCode: string; messageAddress: string };
export type PayPasswordChange = Activation & { oldPassword: string };
export type PayPasswordReset = Activation & { loginPassword: string };

export function accountWire(row: AccountRow): AccountWire {
  return {
    accountId: row.accountId,
    accountName: row.accountName,
    accountType: row.accountType,
    ownerId: row.ownerId,
    ownerName: row.ownerName,
    ownerUserId: row.ownerUserId,
    balance: centsToText(row.balance),
    freezeBalance: '0.00',
    status: row.status,
    createDate: row.createDate,
    updateDate: row.updateDate,
  };
}

const payPasswordKey = (accountId: string): string => `pay-password:${accountId}`;

export class AccountService {
  readonly #deps: AccountDeps;

  constructor(deps: AccountDeps) {
    this.#deps = deps;
  }

  /** The user's individual account, created when it is missing (errCode 2 for an unknown user). */
  async accountOfUser(userId: number): Promise<AccountRow> {
    const existing = await this.#deps.repo.findOfUser(userId);
    if (existing) return existing;
    const user = await this.#deps.users.findUser(userId);
    if (!user) throw new AppError(ErrCode.Business, 'wallet.userNotFound');
    return this.#deps.repo.ensureOfUser({ userId, username: user.username }, this.#deps.clock.now());
  }

  /** GET /v2/accounts/individualAccounts/{userId}: the caller's own account only (errCode 3). */
  async read(callerId: number, userId: number): Promise<AccountWire> {
    if (callerId !== userId) throw new AppError(ErrCode.Forbidden, 'wallet.notYourAccount');
    return accountWire(await this.accountOfUser(userId));
  }

  async activate(userId: number, { password, authCode, messageAddress }: Activation): Promise<AccountWire> {
    assertPayPassword('password', password);
    const address = await this.#boundAddress(userId, messageAddress);
    const account = await this.accountOfUser(userId);
    if (account.status === AccountStatus.Frozen) throw refusal('E1006');
    if (account.status !== AccountStatus.NotActivated) throw new AppError(ErrCode.Business, 'wallet.alreadyActivated');
    await this.#deps.codes.consumeCode({ address, authCodeType: 'activateTransactionAccount', authCode });
    const changed = await this.#deps.repo.setPayPassword(
      account.accountId,
      {
        payPasswordHash: await hashPassword(password),
        fromStatus: AccountStatus.NotActivated,
        status: AccountStatus.Normal,
      },
      this.#now(),
    );
    if (!changed) throw new AppError(ErrCode.Business, 'wallet.alreadyActivated');
    return this.read(userId, userId);
  }

  async changePayPassword(userId: number, change: PayPasswordChange): Promise<true> {
    assertPayPassword('password', change.password);
    const address = await this.#boundAddress(userId, change.messageAddress);
    const account = await this.#usable(userId);
    await this.checkPayPassword(account, change.oldPassword);
    await this.#deps.codes.consumeCode({
      address,
      authCodeType: 'updateTransactionAccountPwd',
      authCode: change.authCode,
    });
    await this.#storePassword(account, change.password);
    return true;
  }

  /** Forgotten pay password: a code and the login password instead of the old one; lifts a lock. */
  async resetPayPassword(userId: number, reset: PayPasswordReset): Promise<true> {
    assertPayPassword('password', reset.password);
    const address = await this.#boundAddress(userId, reset.messageAddress);
    const account = await this.#usable(userId);
    // The code is used up first, so each guess of the login password costs a new code.
    await this.#deps.codes.consumeCode({
      address,
      authCodeType: 'updateTransactionAccountPwd',
      authCode: reset.authCode,
    });
    const user = await this.#deps.users.findUser(userId);
    if (!(await this.#deps.users.verifyUserPassword(user, reset.loginPassword)))
      throw new AppError(ErrCode.Business, 'wallet.wrongLoginPassword');
    await this.#storePassword(account, reset.password);
    await this.#deps.limiter.reset(payPasswordKey(account.accountId));
    return true;
  }

  /** GET …/verifyTransactionPassword: true or false; a wrong one counts toward the lock (E1011 while locked). */
  async verifyPayPassword(userId: number, password: string): Promise<boolean> {
    const account = await this.#usable(userId);
    try {
      await this.checkPayPassword(account, password);
      return true;
    } catch (error) {
      if (error instanceof AppError && (error.data as { code?: string } | null)?.code === 'E1010') return false;
      throw error;
    }
  }

  /**
   * For payments: E1011 while payments are locked, E1010 (tries left in the message) when the password
   * is wrong. Call it before opening the payment's transaction: the count is written on its own.
   */
  async checkPayPassword(account: AccountRow, password: string): Promise<void> {
    const counted = { key: payPasswordKey(account.accountId), limit: PAY_PASSWORD_LIMIT };
    // Only wrong passwords count (taken atomically, so parallel guesses never pass the limit); a right
    // one while locked is refused like a wrong one, and parallel right ones (a double click) all pass.
    const counter = await this.#deps.counters.find(counted.key);
    const blockedUntil = Date.parse(counter?.blockedUntil ?? '');
    const now = Date.parse(this.#now());
    if (blockedUntil > now) {
      const retryAfterSeconds = Math.max(1, Math.ceil((blockedUntil - now) / 1000));
      throw lockedRefusal(new AppError(ErrCode.Business, PAY_LOCKED_KEY, { retryAfterSeconds }));
    }
    const right = /^\d{6}$/.test(password) && (await verifyPassword(account.payPasswordHash || undefined, password));
    if (right) {
      // Most payments have no wrong try behind them: nothing to forget, no write.
      if (counter) await this.#deps.limiter.reset(counted.key);
      return;
    }
    try {
      await this.#deps.limiter.take([counted]);
    } catch (error) {
      if (error instanceof AppError && error.messageKey === PAY_LOCKED_KEY) throw lockedRefusal(error);
      throw error;
    }
    const failures = (await this.#deps.counters.find(counted.key))?.failures ?? PAY_PASSWORD_LIMIT.maxAttempts;
    const triesLeft = Math.max(0, PAY_PASSWORD_LIMIT.maxAttempts - failures);
    if (triesLeft > 0) throw refusal('E1010', { triesLeft });
    const minutes = PAY_PASSWORD_LIMIT.blockMs / 60_000;
    throw new AppError(ErrCode.Business, 'wallet.refusal.E1010.last', { code: 'E1010', triesLeft }, { minutes });
  }

  /** Demo data and tests: activates the account with this pay password, without a code. */
  async presetPayPassword(userId: number, password: string): Promise<AccountRow> {
    assertPayPassword('password', password);
    const account = await this.accountOfUser(userId);
    const payPasswordHash = await hashPassword(password);
    await this.#deps.repo.setPayPassword(
      account.accountId,
      { payPasswordHash, fromStatus: account.status, status: AccountStatus.Normal },
      this.#now(),
    );
    return { ...account, payPasswordHash, status: AccountStatus.Normal };
  }

  /** Operators: a frozen account neither pays nor receives (DOMAIN §7.1). */
  async setFrozen(userId: number, frozen: boolean): Promise<AccountRow> {
    const account = await this.accountOfUser(userId);
    const status = frozen
      ? AccountStatus.Frozen
      : account.payPasswordHash
        ? AccountStatus.Normal
        : AccountStatus.NotActivated;
    await this.#deps.repo.setStatus(account.accountId, status, this.#now());
    return { ...account, status };
  }

  /** The account of a user who may use it: activated (E1005) and not frozen (E1006). */
  async #usable(userId: number): Promise<AccountRow> {
    const account = await this.accountOfUser(userId);
    if (account.status === AccountStatus.Frozen) throw refusal('E1006');
    if (account.status !== AccountStatus.Normal) throw refusal('E1005');
    return account;
  }

  async #storePassword(account: AccountRow, password: string): Promise<void> {
    const payPasswordHash = await hashPassword(password);
    const stored = await this.#deps.repo.setPayPassword(
      account.accountId,
      { payPasswordHash, fromStatus: AccountStatus.Normal, status: AccountStatus.Normal },
      this.#now(),
    );
    if (!stored) throw refusal('E1006');
  }

  /** The address, one of the caller's bound ones (errCode 4 otherwise). */
  async #boundAddress(userId: number, messageAddress: string): Promise<string> {
    const address = normalizeAddress(messageAddress.trim())?.address;
    const user = await this.#deps.users.findUser(userId);
    if (!address || !user || (address !== user.email && address !== user.mobile))
      throw badParam('messageAddress', 'notBound', 'wallet.param.messageAddress');
    return address;
  }

  #now(): string {
    return this.#deps.clock.now().toISOString();
  }
}

function assertPayPassword(field: string, password: string): void {
  const failure = validate('payPassword', password);
  if (failure) throw badParam(field, failure.code, failure.messageKey);
}

function lockedRefusal(error: AppError): AppError {
  const retryAfterSeconds = (error.data as { retryAfterSeconds: number }).retryAfterSeconds;
  return refusal('E1011', { retryAfterSeconds, minutes: Math.ceil(retryAfterSeconds / 60) });
}
