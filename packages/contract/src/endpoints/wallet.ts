// The wallet calls (API.md §3.12 accounts, §3.9 the daily sign-in).
import type {
  AccountParams,
  AccountWire,
  ActivateAccountBody,
  ChangePayPasswordBody,
  ResetPayPasswordBody,
  SignInInfoWire,
  SignInWire,
  VerifyPayPasswordQuery,
} from '../wallet';
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
};
