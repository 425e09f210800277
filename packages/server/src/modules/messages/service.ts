// Verification codes (DOMAIN §2.4, API §3.13): sending one within the limits, checking it without
// using it up, and consuming it for the operation that needs it (register, reset password, …).
import { ErrCode, VALIDATION_ERROR_CODE, type Language } from '@tessera/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { AppError, badParam } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import type { MessageParams, Translator } from '../../platform/messages';
import {
  CODE_VALID_MINUTES,
  CODE_VALID_MS,
  CodeStatus,
  DAILY_LIMIT_PER_ADDRESS,
  IP_WINDOW_MS,
  LIMIT_PER_IP,
  MAX_WRONG_TRIES,
  RESEND_INTERVAL_MS,
  codeHashKey,
  codeMatches,
  hashCode,
  newCode,
  normalizeAddress,
  secondsUntil,
  startOfPlatformDay,
  type AuthCodeType,
} from './codes';
import type { LimitLocks } from '../../platform/limits/locks';
import { resolveSessionSecret } from '../../platform/secrets';
import { createDelivery, type DeliveryLog, type MessageDelivery, type OutgoingMessage } from './delivery';
import { MessageRepo, type CodeRow, type OutboxMessageRow } from './repo';

/** What this module needs to know about accounts (the identity service provides it). */
export interface AddressBook {
  /** The id of the user an e-mail address or mobile number is bound to, or null. */
  addressOwner(address: string): Promise<number | null>;
}

export type MessageServiceDeps = {
  repo: MessageRepo;
  clock: Clock;
  translator: Translator;
  addressBook: AddressBook;
  delivery: MessageDelivery;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The platform time zone, for the daily limit. */
  utcOffsetMinutes: number;
  /** The sending limits are checked and the code written under the locks of the address and the IP. */
  locks: LimitLocks;
  /** The server secret, the key of code hashes. */
  serverSecret: () => Promise<string>;
};

export type SendCodeRequest = {
  loginName: string;
  authCodeType: AuthCodeType;
  /** The language of the message. */
  language: Language;
  ip: string;
  /** The caller, when logged in. */
  userId: number | null;
};

export type CodeAttempt = { address: string; authCodeType: AuthCodeType; authCode: string };

const DAY_MS = 24 * 3600_000;
/** Outbox messages and verification codes are kept a week. */
export const MESSAGES_KEPT_MS = 7 * DAY_MS;

function limited(messageKey: string, seconds: number, params: MessageParams = {}): AppError {
  return new AppError(ErrCode.Business, messageKey, { retryAfterSeconds: seconds }, { ...params, seconds });
}

export function composeCodeMessage(
  translator: Translator,
  language: Language,
  authCodeType: AuthCodeType,
  code: string,
): Pick<OutgoingMessage, 'subject' | 'body'> {
  const purpose = translator.translate(`messages.purpose.${authCodeType}`, language);
  return {
    subject: translator.translate('messages.code.subject', language, { purpose }),
    body: translator.translate('messages.code.body', language, { purpose, code, minutes: CODE_VALID_MINUTES }),
  };
}

type CheckResult = { code: CodeRow; failure: null } | { code: null; failure: AppError };

export class MessageService {
  readonly #repo: MessageRepo;
  readonly #clock: Clock;
  readonly #translator: Translator;
  readonly #addressBook: AddressBook;
  readonly #delivery: MessageDelivery;
  readonly #log: MessageServiceDeps['log'];
  readonly #utcOffsetMinutes: number;
  readonly #locks: LimitLocks;
  readonly #serverSecret: () => Promise<string>;
  #hashKey: Promise<Buffer> | undefined;

  constructor(deps: MessageServiceDeps) {
    this.#repo = deps.repo;
    this.#clock = deps.clock;
    this.#translator = deps.translator;
    this.#addressBook = deps.addressBook;
    this.#delivery = deps.delivery;
    this.#log = deps.log;
    this.#utcOffsetMinutes = deps.utcOffsetMinutes;
    this.#locks = deps.locks;
    this.#serverSecret = deps.serverSecret;
  }

  /** Sends a new code to the address; the code it replaces stops working once this one is sent. */
  async send({ loginName, authCodeType, language, ip, userId }: SendCodeRequest): Promise<true> {
    const target = normalizeAddress(loginName);
    if (!target) throw badParam('loginName', VALIDATION_ERROR_CODE, 'messages.error.loginName');
    const { address, channel } = target;
    await this.#assertAddressRule(address, authCodeType, userId);
    const now = this.#clock.now();
    const recordId = newHex24(now);
    const code = newCode();
    const codeHash = hashCode(code, { recordId, address, authCodeType }, await this.#codeHashKey());
    // Checked and written under the locks of the address and the IP: parallel sends queue, and each
    // one's check counts the codes written before it.
    await this.#locks.run([`codes:address:${address}`, `codes:ip:${ip}`], async (trx) => {
      const repo = this.#repo.within(trx);
      await this.#assertWithinLimits(repo, address, authCodeType, ip, now);
      await repo.insertCode({
        recordId,
        toAddress: address,
        authCodeType,
        codeHash,
        status: CodeStatus.Sent,
        failedCount: 0,
        expireDate: new Date(now.getTime() + CODE_VALID_MS).toISOString(),
        requestIp: ip,
        createDate: now.toISOString(),
        updateDate: now.toISOString(),
      });
    });
    try {
      await this.#delivery.deliver({
        to: address,
        channel,
        ...composeCodeMessage(this.#translator, language, authCodeType, code),
      });
    } catch (error) {
      this.#log.warn({ err: error, channel, to: address, recordId }, 'verification code could not be delivered');
      await this.#repo.changeStatus(
        recordId,
        CodeStatus.Sent,
        CodeStatus.SendingFailed,
        this.#clock.now().toISOString(),
      );
      throw new AppError(ErrCode.Business, 'messages.error.deliveryFailed');
    }
    await this.#repo.voidOtherSentCodes(address, authCodeType, recordId, this.#clock.now().toISOString());
    return true;
  }

  /** Whether the code is right, without using it up. A wrong code counts as a wrong try. */
  async verify(attempt: CodeAttempt): Promise<boolean> {
    if (!normalizeAddress(attempt.address))
      throw badParam('address', VALIDATION_ERROR_CODE, 'messages.error.loginName');
    return (await this.#check(attempt)).failure === null;
  }

  /**
   * Uses the code up for the operation that needed it. Throws errCode 2 with a message saying what
   * is wrong (wrong code, expired, too many wrong tries, none sent); a wrong code counts as a try.
   */
  async consumeCode(attempt: CodeAttempt): Promise<void> {
    const { code, failure } = await this.#check(attempt);
    if (failure) throw failure;
    const used = await this.#repo.changeStatus(
      code.recordId,
      CodeStatus.Sent,
      CodeStatus.Used,
      this.#clock.now().toISOString(),
    );
    // Someone else used it between the check and now.
    if (!used) throw new AppError(ErrCode.Business, 'messages.error.noCode');
  }

  /**
   * Housekeeping: outbox messages and codes older than a week go. Codes last 5 minutes and the
   * sending limits look back a day at most; the outbox is for development and tests.
   */
  sweep(now: Date): Promise<{ outbox: number; codes: number }> {
    return this.#repo.sweep(new Date(now.getTime() - MESSAGES_KEPT_MS).toISOString());
  }

  /** The newest message kept in the outbox for an address (test helpers read codes from it). */
  latestOutboxMessage(address: string): Promise<OutboxMessageRow | undefined> {
    return this.#repo.latestOutboxMessage(normalizeAddress(address)?.address ?? address);
  }

  async #check({ address: given, authCodeType, authCode }: CodeAttempt): Promise<CheckResult> {
    const address = normalizeAddress(given)?.address;
    const code = address === undefined ? undefined : await this.#repo.latestSentCode(address, authCodeType);
    if (!address || !code) return { code: null, failure: new AppError(ErrCode.Business, 'messages.error.noCode') };
    const now = this.#clock.now();
    if (Date.parse(code.expireDate) <= now.getTime())
      return { code: null, failure: new AppError(ErrCode.Business, 'messages.error.codeExpired') };
    // The try is counted before the comparison, so parallel guesses cannot all be compared.
    const tries = await this.#repo.takeTry(code.recordId, MAX_WRONG_TRIES, now.toISOString());
    if (tries === null)
      return { code: null, failure: new AppError(ErrCode.Business, 'messages.error.tooManyWrongTries') };
    const subject = { recordId: code.recordId, address, authCodeType };
    if (codeMatches(authCode, code.codeHash, subject, await this.#codeHashKey())) {
      await this.#repo.giveBackTry(code.recordId, now.toISOString());
      return { code, failure: null };
    }
    if (tries >= MAX_WRONG_TRIES)
      await this.#repo.changeStatus(code.recordId, CodeStatus.Sent, CodeStatus.Void, now.toISOString());
    const remaining = MAX_WRONG_TRIES - tries;
    const failure =
      remaining > 0
        ? new AppError(ErrCode.Business, 'messages.error.codeWrong', null, { remaining })
        : new AppError(ErrCode.Business, 'messages.error.tooManyWrongTries');
    return { code: null, failure };
  }

  /** `register` needs a free address, the others an address bound to an account (DOMAIN §2.4). */
  async #assertAddressRule(address: string, authCodeType: AuthCodeType, userId: number | null): Promise<void> {
    const owner = await this.#addressBook.addressOwner(address);
    if (authCodeType === 'register') {
      if (owner !== null) throw new AppError(ErrCode.Business, 'messages.error.addressTaken');
      return;
    }
    // The change of address needs codes at the old address (the caller's) and at the new one (free),
    // so this type is for logged-in callers and accepts either (DOMAIN §3.8).
    if (authCodeType === 'updateMobileOrEmail') {
      if (userId === null) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
      if (owner !== null && owner !== userId) throw new AppError(ErrCode.Business, 'messages.error.addressTaken');
      return;
    }
    if (owner === null) throw new AppError(ErrCode.Business, 'messages.error.addressNotBound');
  }

  #codeHashKey(): Promise<Buffer> {
    this.#hashKey ??= this.#serverSecret().then(codeHashKey, (error: unknown) => {
      this.#hashKey = undefined;
      throw error;
    });
    return this.#hashKey;
  }

  async #assertWithinLimits(
    repo: MessageRepo,
    address: string,
    authCodeType: AuthCodeType,
    ip: string,
    now: Date,
  ): Promise<void> {
    const last = await repo.latestCode(address, authCodeType);
    const nextAllowed = last ? Date.parse(last.createDate) + RESEND_INTERVAL_MS : 0;
    if (nextAllowed > now.getTime()) throw limited('messages.error.resendTooSoon', secondsUntil(nextAllowed, now));

    const dayStart = startOfPlatformDay(now, this.#utcOffsetMinutes);
    if ((await repo.countForAddressSince(address, dayStart.toISOString())) >= DAILY_LIMIT_PER_ADDRESS) {
      throw limited('messages.error.dailyLimit', secondsUntil(dayStart.getTime() + DAY_MS, now), {
        limit: DAILY_LIMIT_PER_ADDRESS,
      });
    }

    const fromIp = await repo.datesForIpSince(ip, new Date(now.getTime() - IP_WINDOW_MS).toISOString(), LIMIT_PER_IP);
    const oldest = fromIp[0];
    if (fromIp.length >= LIMIT_PER_IP && oldest !== undefined) {
      throw limited('messages.error.ipLimit', secondsUntil(Date.parse(oldest) + IP_WINDOW_MS, now));
    }
  }
}

export type MessageModuleContext = Pick<MessageServiceDeps, 'clock' | 'translator' | 'addressBook' | 'locks'> & {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'smtpFrom' | 'utcOffsetMinutes' | 'sessionSecret'>;
  log: DeliveryLog & MessageServiceDeps['log'];
};

/** The service with the delivery the configuration asks for. */
export function createMessageService({
  db,
  clock,
  translator,
  addressBook,
  config,
  log,
  locks,
}: MessageModuleContext): MessageService {
  const repo = new MessageRepo(db);
  const delivery = createDelivery(config, repo, clock, log);
  return new MessageService({
    repo,
    clock,
    translator,
    addressBook,
    delivery,
    log,
    utcOffsetMinutes: config.utcOffsetMinutes,
    locks,
    serverSecret: () => resolveSessionSecret(db, config.sessionSecret),
  });
}
