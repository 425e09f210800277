// The double-entry ledger (DOMAIN §7.2), the only code that writes balances, transaction records and
// ledger entries. Every transfer writes one record, its two entries (−x on the payer, +x on the payee,
// serial numbers from the one counter) and both new balances inside the caller's transaction, after
// locking both accounts in ascending accountId order (so concurrent transfers never deadlock).
// Records and entries are only ever inserted. Refusals are AppErrors with the DOMAIN §7.4 code in
// `data.code`; the balance check under the lock means the database CHECK is a last guard, never hit.
//
// For callers (payments, rewards, grants):
//   await db.transaction().execute(async (trx) => {
//     // lock your own rows first if you have any (a contract), then:
//     const { record } = await ledger.transfer(trx, { from, to, amount /* cents */, type, … });
//   });
// - `trx` must be an open transaction: the locks last until it ends, and a refusal thrown by transfer
//   should end it (nothing was written by transfer when it throws).
// - The pay password is NOT checked here: check it with AccountService.checkPayPassword before opening
//   the transaction (its failure counter must survive a rollback, and argon2 should not hold locks).
// - The payer must be activated and neither account frozen; with `payeeMustBeActive` (payments) the
//   payee must be activated too (rewards also reach accounts that are not activated yet).
// - Idempotency: `findByIdempotencyKey(trx, payerAccountId, key)` after locking (lockAccounts), then
//   transfer with that key; the unique index (payer, key) is the database's guard.
import { ErrCode } from '@tessera/domain';
import { sql } from 'kysely';
import type { Clock } from '../../platform/clock';
import { isUniqueViolation } from '../../platform/db/constraints';
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { newHex24 } from '../../platform/ids';
import { MAX_AMOUNT_CENTS } from './money';
import { AccountStatus, AccountType, type AccountRow } from './repo';

export type TransactionRecordRow = Row<'wallet_transaction_records'>;
export type LedgerEntryRow = Row<'wallet_ledger_entries'>;

export const TransactionType = { Transfer: 1, ContractPayment: 2, Reward: 3, Adjustment: 4 } as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
/** A stored record's only status. */
export const RECORD_SUCCESS = 2;

export type TransferOrder = {
  /** Payer and payee account ids. */
  from: string;
  to: string;
  /** Cents, a whole number > 0. */
  amount: number;
  type: TransactionType;
  remark?: string;
  digest?: string;
  attachInfo?: Record<string, unknown>;
  /** ≤ 64 characters, unique per payer account. */
  idempotencyKey?: string;
  /** Who triggered it; 0 / 'system' by default. */
  operator?: { id: number; name: string };
  authorizationType?: 'password' | 'system';
  payeeMustBeActive?: boolean;
};

export type Transfer = {
  record: TransactionRecordRow;
  payerEntry: LedgerEntryRow;
  payeeEntry: LedgerEntryRow;
};

/** errCode 2 (or the one given) with `data.code`, the §7.4 refusal code; `party: 'payee'` words it for the payee. */
export function refusal(
  code: string,
  params: Record<string, string | number> = {},
  errCode: ErrCode = ErrCode.Business,
) {
  const key = params.party === 'payee' ? `wallet.refusal.payee.${code}` : `wallet.refusal.${code}`;
  return new AppError(errCode, key, { code, ...params }, params);
}

export class Ledger {
  readonly #clock: Clock;

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /**
   * Locks the accounts for the rest of the transaction, in ascending id order: the first statement on
   * each writes its row (row lock on PostgreSQL, the writer lock on SQLite). Answers the locked rows
   * (missing ids are absent). Locking again in the same transaction is harmless.
   */
  async lockAccounts(trx: Db, accountIds: readonly string[]): Promise<Map<string, AccountRow>> {
    if (!trx.isTransaction) throw new Error('accounts are locked inside a transaction');
    const ids = [...new Set(accountIds)].sort();
    for (const accountId of ids) {
      await trx
        .updateTable('wallet_accounts')
        .set((eb) => ({ updateDate: eb.ref('updateDate') }))
        .where('accountId', '=', accountId)
        .execute();
    }
    const rows = ids.length
      ? await trx.selectFrom('wallet_accounts').selectAll().where('accountId', 'in', ids).execute()
      : [];
    return new Map(rows.map((row) => [row.accountId, row]));
  }

  findByIdempotencyKey(trx: Db, fromAccountId: string, key: string): Promise<TransactionRecordRow | undefined> {
    return trx
      .selectFrom('wallet_transaction_records')
      .selectAll()
      .where('fromAccountId', '=', fromAccountId)
      .where('idempotencyKey', '=', key)
      .executeTakeFirst();
  }

  /** Moves `amount` cents from one account to another (see the file comment); refusals write nothing. */
  async transfer(trx: Db, order: TransferOrder): Promise<Transfer> {
    const { from, to, amount } = order;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > MAX_AMOUNT_CENTS)
      throw refusal('E1015', {}, ErrCode.BadParams);
    if (from === to) throw refusal('E1013');
    const accounts = await this.lockAccounts(trx, [from, to]);
    const payer = accounts.get(from);
    const payee = accounts.get(to);
    if (!payer) throw refusal('E1004');
    if (!payee) throw refusal('E1004', { party: 'payee' });
    if (payer.status === AccountStatus.Frozen) throw refusal('E1006');
    if (payer.status !== AccountStatus.Normal) throw refusal('E1005');
    if (payee.status === AccountStatus.Frozen) throw refusal('E1006', { party: 'payee' });
    if (order.payeeMustBeActive && payee.status !== AccountStatus.Normal) throw refusal('E1005', { party: 'payee' });
    if (payer.accountType !== AccountType.Issuance && payer.balance < amount) throw refusal('E1009');

    const now = this.#clock.now();
    const createDate = now.toISOString();
    const record: TransactionRecordRow = {
      recordId: newHex24(now),
      transactionType: order.type,
      fromAccountId: from,
      toAccountId: to,
      amount,
      status: RECORD_SUCCESS,
      idempotencyKey: order.idempotencyKey ?? '',
      attachInfo: JSON.stringify(order.attachInfo ?? {}),
      remark: order.remark ?? '',
      digest: order.digest ?? '',
      operatorId: order.operator?.id ?? 0,
      operatorName: order.operator?.name ?? 'system',
      authorizationType: order.authorizationType ?? 'system',
      createDate,
    };
    try {
      await trx.insertInto('wallet_transaction_records').values(record).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw refusal('E1022', {}, ErrCode.BadParams);
      throw error;
    }
    const serial = await this.#nextSerials(trx);
    const entry = (account: AccountRow, signed: number, serialNo: number): LedgerEntryRow => ({
      entryId: newHex24(now),
      serialNo,
      recordId: record.recordId,
      accountId: account.accountId,
      amount: signed,
      beforeBalance: account.balance,
      afterBalance: account.balance + signed,
      createDate,
    });
    const payerEntry = entry(payer, -amount, serial - 1);
    const payeeEntry = entry(payee, amount, serial);
    await trx.insertInto('wallet_ledger_entries').values([payerEntry, payeeEntry]).execute();
    for (const written of [payerEntry, payeeEntry]) {
      await trx
        .updateTable('wallet_accounts')
        .set({ balance: written.afterBalance, updateDate: createDate })
        .where('accountId', '=', written.accountId)
        .execute();
    }
    return { record, payerEntry, payeeEntry };
  }

  /** Takes two serial numbers; answers the second. The counter row is locked until the transaction ends. */
  async #nextSerials(trx: Db): Promise<number> {
    const row = await trx
      .updateTable('wallet_serials')
      .set((eb) => ({ value: eb('value', '+', 2) }))
      .where('name', '=', 'ledger')
      .returning('value')
      .executeTakeFirstOrThrow();
    return Number(row.value);
  }
}

export type Difference =
  | { kind: 'balance'; accountId: string; accountName: string; balance: number; entries: number }
  | { kind: 'record'; recordId: string; amount: number; entryCount: number; entrySum: number }
  | { kind: 'entry'; entryId: string; recordId: string }
  | { kind: 'total'; total: number };

export type Reconciliation = { accounts: number; records: number; differences: Difference[] };

/**
 * Recomputes every balance from the entries and checks each record's two entries and each entry's
 * before/after (DOMAIN §7.2.5); reports what differs. Each check is one statement, so it sees one
 * committed state even while transfers go on.
 */
export async function reconcileLedger(trx: Db): Promise<Reconciliation> {
  const differences: Difference[] = [];
  const balances = await trx
    .selectFrom('wallet_accounts as a')
    .leftJoin('wallet_ledger_entries as e', 'e.accountId', 'a.accountId')
    .select([
      'a.accountId',
      'a.accountName',
      'a.balance',
      sql<number | string | null>`sum(${sql.ref('e.amount')})`.as('entrySum'),
    ])
    .groupBy(['a.accountId', 'a.accountName', 'a.balance'])
    .execute();
  let total = 0;
  for (const row of balances) {
    const entries = Number(row.entrySum ?? 0);
    const balance = Number(row.balance);
    total += balance;
    if (entries !== balance)
      differences.push({ kind: 'balance', accountId: row.accountId, accountName: row.accountName, balance, entries });
  }
  if (total !== 0) differences.push({ kind: 'total', total });

  const count = sql<number | string>`count(${sql.ref('e.entryId')})`;
  const sum = sql<number | string | null>`sum(${sql.ref('e.amount')})`;
  const records = await trx
    .selectFrom('wallet_transaction_records as r')
    .leftJoin('wallet_ledger_entries as e', 'e.recordId', 'r.recordId')
    .select(['r.recordId', 'r.amount', count.as('entryCount'), sum.as('entrySum')])
    .groupBy(['r.recordId', 'r.amount'])
    .having((eb) =>
      eb.or([
        eb(count, '<>', 2),
        eb(sql`coalesce(${sum}, 0)`, '<>', 0),
        eb(sql`max(${sql.ref('e.amount')})`, '<>', eb.ref('r.amount')),
      ]),
    )
    .execute();
  for (const row of records)
    differences.push({
      kind: 'record',
      recordId: row.recordId,
      amount: Number(row.amount),
      entryCount: Number(row.entryCount),
      entrySum: Number(row.entrySum ?? 0),
    });
  const entries = await trx
    .selectFrom('wallet_ledger_entries')
    .select(['entryId', 'recordId'])
    .where((eb) => eb(eb('afterBalance', '-', eb.ref('beforeBalance')), '<>', eb.ref('amount')))
    .execute();
  for (const row of entries) differences.push({ kind: 'entry', entryId: row.entryId, recordId: row.recordId });
  const recordCount = await trx
    .selectFrom('wallet_transaction_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { accounts: balances.length, records: Number(recordCount.n), differences };
}
