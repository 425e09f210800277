// Test helpers of the wallet module (not a test file itself): activated, funded accounts arranged
// through the services, reads of balances straight from the tables, and contract-payment-like records
// written straight through the ledger for the statements (the payment call itself is tested in contracts).
import type { TestApp } from '../../testing';
import type { UserRow } from '../identity';
import { TransactionType } from './ledger';
import type { AccountRow } from './repo';

export const TEST_PAY_PASSWORD = '246810';

export const ACCOUNTS_PATH = '/v2/accounts/individualAccounts';
export const SIGN_PATH = '/v2/activities/facade/sign';
export const SIGN_INFO_PATH = '/v2/activities/facade/signInfo';

/** A user (created unless given) with an activated account holding `cents` granted from the issuance account. */
export async function fundedAccount(
  t: TestApp,
  cents = 0,
  user?: UserRow,
): Promise<{ user: UserRow; account: AccountRow }> {
  const owner = user ?? (await t.createUser());
  let account = await t.services.walletAccounts.presetPayPassword(owner.userId, TEST_PAY_PASSWORD);
  if (cents > 0) account = (await t.services.walletAdmin.grant(owner.userId, cents, 'test funds')).account;
  return { user: owner, account };
}

export async function balanceOf(t: TestApp, accountId: string): Promise<number> {
  const row = await t.db
    .selectFrom('wallet_accounts')
    .select('balance')
    .where('accountId', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

export async function issuanceAccountId(t: TestApp): Promise<string> {
  const row = await t.db
    .selectFrom('wallet_accounts')
    .select('accountId')
    .where('accountType', '=', 9)
    .executeTakeFirstOrThrow();
  return row.accountId;
}

/** How many records and entries the ledger holds. */
export async function ledgerCounts(t: TestApp): Promise<{ records: number; entries: number }> {
  const records = await t.db
    .selectFrom('wallet_transaction_records')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const entries = await t.db
    .selectFrom('wallet_ledger_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { records: Number(records.n), entries: Number(entries.n) };
}

// Statements (statements.test.ts, statistics.test.ts).
export const DETAILS_PATH = '/v2/transactions/details';
export const RECORDS_PATH = '/v2/transactions/records';
export const V3_RECORDS_PATH = '/v3/transactions/records';
export const STATISTICS_PATH = '/v2/statistics/transactions/common';

/** `?a=1&b=2` (empty when there is nothing). */
export function query(params: Record<string, string | number>): string {
  const text = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  ).toString();
  return text ? `?${text}` : '';
}

/** A type 2 record from payer to payee as a contract payment writes it; answers its id. */
export async function contractPayment(
  t: TestApp,
  payer: AccountRow,
  payee: AccountRow,
  cents: number,
  contractName: string,
  { digest = `Contract payment: ${contractName}`, subjectId = 'a'.repeat(24), contractId = contractName } = {},
): Promise<string> {
  const { record } = await t.db.transaction().execute((trx) =>
    t.services.walletLedger.transfer(trx, {
      from: payer.accountId,
      to: payee.accountId,
      amount: cents,
      type: TransactionType.ContractPayment,
      digest,
      attachInfo: { contractId, contractName, subjectId, subjectName: 'a resource', subjectType: 1, eventId: 'e1' },
      operator: { id: payer.ownerUserId, name: payer.ownerName },
      authorizationType: 'password',
      payeeMustBeActive: true,
    }),
  );
  return record.recordId;
}
