// The wallet accounts' rows (DOMAIN §2.24): look-ups, creation and the pay-password fields. Balances are
// written only by the ledger (ledger.ts), records and entries only by the ledger too.
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';
import { newHex24 } from '../../platform/ids';

export type AccountRow = Row<'wallet_accounts'>;

export const AccountType = { Individual: 1, Issuance: 9 } as const;
export const AccountStatus = { NotActivated: 0, Normal: 1, Frozen: 2 } as const;

export type AccountOwner = { userId: number; username: string };

export class AccountRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  find(accountId: string): Promise<AccountRow | undefined> {
    return this.#db.selectFrom('wallet_accounts').selectAll().where('accountId', '=', accountId).executeTakeFirst();
  }

  findOfUser(userId: number): Promise<AccountRow | undefined> {
    return this.#db
      .selectFrom('wallet_accounts')
      .selectAll()
      .where('ownerUserId', '=', userId)
      .where('accountType', '=', AccountType.Individual)
      .executeTakeFirst();
  }

  async issuance(): Promise<AccountRow> {
    const row = await this.#db
      .selectFrom('wallet_accounts')
      .selectAll()
      .where('accountType', '=', AccountType.Issuance)
      .executeTakeFirst();
    if (!row) throw new Error('the platform issuance account is missing (migration 0015_wallet)');
    return row;
  }

  /** The user's individual account, created (not activated) when missing; parallel calls make one. */
  async ensureOfUser(owner: AccountOwner, now: Date): Promise<AccountRow> {
    const date = now.toISOString();
    await this.#db
      .insertInto('wallet_accounts')
      .values({
        accountId: newHex24(now),
        accountName: owner.username,
        accountType: AccountType.Individual,
        ownerId: String(owner.userId),
        ownerName: owner.username,
        ownerUserId: owner.userId,
        balance: 0,
        status: AccountStatus.NotActivated,
        payPasswordHash: '',
        createDate: date,
        updateDate: date,
      })
      .onConflict((conflict) => conflict.columns(['ownerUserId', 'accountType']).doNothing())
      .execute();
    const row = await this.findOfUser(owner.userId);
    if (!row) throw new Error(`no wallet account for user ${owner.userId}`);
    return row;
  }

  /** Sets the pay password and status when the account is still in `fromStatus`; false when it is not. */
  async setPayPassword(
    accountId: string,
    change: { payPasswordHash: string; fromStatus: number; status: number },
    now: string,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('wallet_accounts')
      .set({ payPasswordHash: change.payPasswordHash, status: change.status, updateDate: now })
      .where('accountId', '=', accountId)
      .where('status', '=', change.fromStatus)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async setStatus(accountId: string, status: number, now: string): Promise<void> {
    await this.#db
      .updateTable('wallet_accounts')
      .set({ status, updateDate: now })
      .where('accountId', '=', accountId)
      .execute();
  }
}
