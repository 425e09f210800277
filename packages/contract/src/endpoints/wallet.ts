// The wallet calls (API.md §3.12 accounts, §3.9 the daily sign-in).
import type {
  AccountParams,
  AccountWire,
  ActivateAccountBody,
  ChangePayPasswordBody,
  ResetPayPasswordBody,
  RecordParams,
  SignInInfoWire,
  SignInWire,
  StatementLineWire,
  StatementParams,
  StatementQuery,
  TransactionRecordWire,
  TransactionStatisticsQuery,
  TransactionStatisticsWire,
  VerifyPayPasswordQuery,
} from '../wallet';
import type { Page } from '@tessera/domain';
import { endpoint } from '../endpoint';

const ACCOUNTS = '/accounts/individualAccounts';

export const walletEndpoints = {
  /** The caller's own account (errCode 3 for another user's). */
  account: endpoint<{ params: AccountParams; answer: AccountWire }>('GET', `${ACCOUNTS}/:userId`),
  activate: endpoint<{ body: ActivateAccountBody; answer: AccountWire }>('PUT', `${ACCOUNTS}/activate`),
  changePayPassword: endpoint<{ body: ChangePayPasswordBody; answer: true }>('PUT', ACCOUNTS),
  resetPayPassword: endpoint<{ body: ResetPayPasswordBody; answer: true }>('PUT', `${ACCOUNTS}/resetPassword`),
  /** A wrong password counts toward the 30-minute lock. */
  verifyPayPassword: endpoint<{ query: VerifyPayPasswordQuery; answer: boolean }>(
    'GET',
    `${ACCOUNTS}/verifyTransactionPassword`,
  ),
  signIn: endpoint<{ answer: SignInWire }>('GET', '/activities/facade/sign'),
  signInInfo: endpoint<{ answer: SignInInfoWire }>('GET', '/activities/facade/signInfo'),
  /** The ledger entries of the caller's account, newest first (another's or unknown: errCode 2). */
  statement: endpoint<{ params: StatementParams; query: StatementQuery; answer: Page<StatementLineWire> }>(
    'GET',
    '/transactions/details/:accountId',
  ),
  /** A record either party reads, from the caller's side (anyone else: errCode 2, as unknown). */
  record: endpoint<{ params: RecordParams; answer: TransactionRecordWire }>('GET', '/transactions/records/:recordId'),
  /** Income and spending per platform-time-zone day, and the dashboard's contract income figures. */
  statistics: endpoint<{ query: TransactionStatisticsQuery; answer: TransactionStatisticsWire }>(
    'GET',
    '/statistics/transactions/common',
  ),
};
