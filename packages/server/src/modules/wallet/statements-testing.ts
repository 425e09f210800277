// Test helpers of the statements (not a test file itself): contract-payment-like records written straight
// through the ledger (the contracts module's payment call is tested there), and the paths.
import type { TestApp } from '../../testing';
import { TransactionType } from './ledger';
import type { AccountRow } from './repo';

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
