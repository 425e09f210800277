// What operators do with the wallet (DOMAIN §7.1, §7.2): grant coins from the issuance account (a
// type 4 record with a remark) and reconcile the ledger.
import type { Db } from '../../platform/db/database';
import type { AccountService } from './accounts';
import { reconcileLedger, TransactionType, type Ledger, type Reconciliation, type Transfer } from './ledger';
import { AccountRepo, type AccountRow } from './repo';

/** Operators at the command line are operator 0. */
const COMMAND_LINE = { id: 0, name: 'command line' };

export class WalletAdmin {
  readonly #db: Db;
  readonly #ledger: Ledger;
  readonly #accounts: AccountService;

  constructor(db: Db, ledger: Ledger, accounts: AccountService) {
    this.#db = db;
    this.#ledger = ledger;
    this.#accounts = accounts;
  }

  /** Moves `cents` from the issuance account to the user's account; answers the transfer and the account after it. */
  async grant(userId: number, cents: number, remark: string): Promise<{ transfer: Transfer; account: AccountRow }> {
    const account = await this.#accounts.accountOfUser(userId);
    const issuance = await new AccountRepo(this.#db).issuance();
    const transfer = await this.#db.transaction().execute((trx) =>
      this.#ledger.transfer(trx, {
        from: issuance.accountId,
        to: account.accountId,
        amount: cents,
        type: TransactionType.Adjustment,
        remark,
        digest: '平台发放 / Granted by the platform',
        operator: COMMAND_LINE,
      }),
    );
    return { transfer, account: { ...account, balance: transfer.payeeEntry.afterBalance } };
  }

  reconcile(): Promise<Reconciliation> {
    return reconcileLedger(this.#db);
  }
}
