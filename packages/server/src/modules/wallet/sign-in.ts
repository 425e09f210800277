// The daily sign-in (DOMAIN §2.30, §7.6): once per platform-time-zone day; the first sign-in ever pays
// 100.00, later ones 30.00, until the user's sign-in rewards reach 1000.00 (then a sign-in still
// counts, paying nothing). The reward is a type 3 record from the issuance account. Parallel sign-ins
// of one user queue on the locks of both accounts (taken first, in id order, as every transfer does);
// the unique (userId, signDate) index is the database's own guard.
import { ErrCode } from '@tessera/domain';
import type { SignInInfoWire, SignInWire } from '@tessera/contract/wallet';
import { durationMs, type Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db/constraints';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import type { AccountService } from './accounts';
import { TransactionType, type Ledger } from './ledger';
import { centsToText } from './money';
import { AccountRepo } from './repo';

/** Cents (DOMAIN §7.6). */
export const SIGN_IN_REWARDS = { first: 10_000, daily: 3_000, cap: 100_000 } as const;

export type SignInDeps = {
  db: Db;
  ledger: Ledger;
  accounts: AccountService;
  clock: Clock;
  utcOffsetMinutes: number;
};

export class SignInService {
  readonly #deps: SignInDeps;

  constructor(deps: SignInDeps) {
    this.#deps = deps;
  }

  async sign(userId: number): Promise<SignInWire> {
    const { db, ledger, clock } = this.#deps;
    const account = await this.#deps.accounts.accountOfUser(userId);
    const issuance = await new AccountRepo(db).issuance();
    const now = clock.now();
    const today = this.#day(now);
    const yesterday = this.#day(new Date(now.getTime() - durationMs({ days: 1 })));
    try {
      return await db.transaction().execute(async (trx) => {
        await ledger.lockAccounts(trx, [issuance.accountId, account.accountId]);
        const history = await signInHistory(trx, userId);
        // A clock set back (or a changed platform time zone) never pays a day before the latest sign-in.
        if (history.last !== undefined && history.last.signDate >= today)
          throw new AppError(ErrCode.Business, 'wallet.signIn.already');
        const seriesDays = history.last?.signDate === yesterday ? history.last.seriesDays + 1 : 1;
        const due = history.days === 0 ? SIGN_IN_REWARDS.first : SIGN_IN_REWARDS.daily;
        const rewardAmount = Math.min(due, Math.max(0, SIGN_IN_REWARDS.cap - history.reward));
        const transfer =
          rewardAmount > 0
            ? await ledger.transfer(trx, {
                from: issuance.accountId,
                to: account.accountId,
                amount: rewardAmount,
                type: TransactionType.Reward,
                digest: '每日签到 / Daily sign-in',
                attachInfo: { signDate: today, seriesDays },
              })
            : null;
        await trx
          .insertInto('wallet_sign_ins')
          .values({
            recordId: newHex24(now),
            userId,
            signDate: today,
            seriesDays,
            rewardAmount,
            transactionRecordId: transfer?.record.recordId ?? '',
            createDate: now.toISOString(),
          })
          .execute();
        return {
          rewardAmount: centsToText(rewardAmount),
          seriesDays,
          totalReward: centsToText(history.reward + rewardAmount),
        };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(ErrCode.Business, 'wallet.signIn.already');
      throw error;
    }
  }

  async info(userId: number): Promise<SignInInfoWire> {
    const now = this.#deps.clock.now();
    const today = this.#day(now);
    const yesterday = this.#day(new Date(now.getTime() - durationMs({ days: 1 })));
    const history = await signInHistory(this.#deps.db, userId);
    const lastDate = history.last?.signDate;
    return {
      isSignedToday: lastDate === today,
      seriesDays: lastDate === today || lastDate === yesterday ? (history.last?.seriesDays ?? 0) : 0,
      totalDays: history.days,
      totalReward: centsToText(history.reward),
      rewardCap: centsToText(SIGN_IN_REWARDS.cap),
    };
  }

  /** YYYY-MM-DD in the platform time zone. */
  #day(date: Date): string {
    return new Date(date.getTime() + this.#deps.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  }
}

async function signInHistory(db: Db, userId: number) {
  const last = await db
    .selectFrom('wallet_sign_ins')
    .select(['signDate', 'seriesDays'])
    .where('userId', '=', userId)
    .orderBy('signDate', 'desc')
    .limit(1)
    .executeTakeFirst();
  const totals = await db
    .selectFrom('wallet_sign_ins')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('days'),
      eb.fn.sum<number | string | null>('rewardAmount').as('reward'),
    ])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return { last, days: Number(totals.days), reward: Number(totals.reward ?? 0) };
}
