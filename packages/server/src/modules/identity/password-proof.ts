// The `state` of GET /v2/users/verifyLoginPassword: a short-lived token that proves the user typed
// their password a moment ago, for a later sensitive call. Signed, not stored:
//   {userId}.{expiry in ms}.{base64url(HMAC-SHA256(secret, 'password-proof:' + userId + '.' + expiry))}
import { createHmac } from 'node:crypto';
import type { Clock } from '../../platform/clock';
import { sameSecret } from '../../platform/xsrf';

export const PASSWORD_PROOF_VALID_MS = 5 * 60_000;

export class PasswordProofs {
  readonly #secret: () => Promise<string>;
  readonly #clock: Clock;

  /** `secret` is asked for on first use (the server secret is read from the database). */
  constructor(secret: () => Promise<string>, clock: Clock) {
    let cached: Promise<string> | undefined;
    this.#secret = () => (cached ??= secret());
    this.#clock = clock;
  }

  async #sign(payload: string): Promise<string> {
    return createHmac('sha256', await this.#secret())
      .update(`password-proof:${payload}`)
      .digest('base64url');
  }

  async issue(userId: number): Promise<string> {
    const payload = `${userId}.${this.#clock.now().getTime() + PASSWORD_PROOF_VALID_MS}`;
    return `${payload}.${await this.#sign(payload)}`;
  }

  /** Whether the token was issued to this user and has not expired. */
  async verify(token: string, userId: number): Promise<boolean> {
    const parts = token.split('.');
    if (parts.length !== 3) return false;
    const [owner, expiry, signature] = parts as [string, string, string];
    if (owner !== String(userId) || !/^[0-9]{1,15}$/.test(expiry) || Number(expiry) <= this.#clock.now().getTime())
      return false;
    return sameSecret(signature, await this.#sign(`${owner}.${expiry}`));
  }
}
