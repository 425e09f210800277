// Registration (DOMAIN §3.8, API §3.9): an e-mail address or mobile number proved by a `register`
// code, a free username and a password. The database's unique indexes decide between two
// registrations racing for one name or address; the loser gets errCode 2.
import { ErrCode } from '@tessera/domain';
import { durationMs } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db/constraints';
import { AppError } from '../../platform/errors';
import type { AttemptLimit, AttemptLimiter } from '../../platform/limits/limiter';
import type { CodeConsumer } from './codes';
import { addressParam, assertPassword, assertUsername } from './input-rules';
import type { UserRow } from './repo';
import type { UserWire } from '@tessera/contract/identity';
import type { IdentityService } from './service';
import { toUserWire } from './views';

/** Accounts created from one IP address: 10 an hour; the 11th waits until the hour is over. */
export const REGISTER_LIMIT: AttemptLimit = {
  maxAttempts: 10,
  windowMs: durationMs({ hours: 1 }),
  blockMs: durationMs({ hours: 1 }),
};

export function registerIpKey(ip: string): string {
  return `register-ip:${ip}`;
}

export type Registration = { loginName: string; password: string; username: string; authCode: string; ip: string };

export class RegistrationService {
  readonly #identity: IdentityService;
  readonly #codes: CodeConsumer;
  readonly #limiter: AttemptLimiter;

  constructor(identity: IdentityService, codes: CodeConsumer, limiter: AttemptLimiter) {
    this.#identity = identity;
    this.#codes = codes;
    this.#limiter = limiter;
  }

  async register({ loginName, password, username, authCode, ip }: Registration): Promise<UserWire> {
    const { address, column } = addressParam('loginName', loginName);
    assertUsername(username);
    assertPassword('password', password);
    // The account is counted before it is made (given back when it is not), so parallel
    // registrations from one address never make more accounts than the limit.
    const counted = { key: registerIpKey(ip), limit: REGISTER_LIMIT };
    await this.#limiter.take([counted]);
    try {
      return toUserWire(await this.#createAccount({ address, column, username, password, authCode }));
    } catch (error) {
      await this.#limiter.giveBack([counted]);
      throw error;
    }
  }

  async #createAccount({
    address,
    column,
    username,
    password,
    authCode,
  }: Omit<Registration, 'loginName' | 'ip'> &
    Pick<ReturnType<typeof addressParam>, 'address' | 'column'>): Promise<UserRow> {
    // Checked before the code is used up, so that the person can pick another name with the same code.
    if (await this.#identity.findUserByLoginName(username))
      throw new AppError(ErrCode.Business, 'accounts.usernameTaken');
    if (await this.#identity.isAddressBound(address))
      throw new AppError(ErrCode.Business, 'messages.error.addressTaken');
    await this.#codes.consumeCode({ address, authCodeType: 'register', authCode });
    try {
      return await this.#identity.createUser({ username, [column]: address, password });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'accounts.registerConflict');
      throw error;
    }
  }
}
