// Helpers of the wallet tests (tests only): wire fixtures typed by the contract, and the test server's
// wallet calls answered from a small in-memory wallet the test can change between calls.
import type {
  AccountWire,
  SignInInfoWire,
  StatementLineWire,
  TransactionStatisticsWire,
} from '@tessera/contract/wallet';
import { ALICE, pageOf } from '../resources/testing';
import { envelope, type TestServer } from '../../testing/test-server';

export const ALICE_ACCOUNT = '6650e0c2e4b0f3d900000001';

export function accountWire(overrides: Partial<AccountWire> = {}): AccountWire {
  return {
    accountId: ALICE_ACCOUNT,
    accountName: 'alice',
    accountType: 1,
    ownerId: String(ALICE),
    ownerName: 'alice',
    ownerUserId: ALICE,
    balance: '1000.00',
    freezeBalance: '0.00',
    status: 1,
    createDate: '2026-03-01T08:30:00.000Z',
    updateDate: '2026-03-01T08:30:00.000Z',
    ...overrides,
  };
}

export function signInInfoWire(overrides: Partial<SignInInfoWire> = {}): SignInInfoWire {
  return {
    isSignedToday: false,
    seriesDays: 2,
    totalDays: 5,
    totalReward: '220.00',
    rewardCap: '1000.00',
    ...overrides,
  };
}

export function statementLine(overrides: Partial<StatementLineWire> = {}): StatementLineWire {
  return {
    serialNo: '1',
    transactionRecordId: '6650e0c2e4b0f3d9000000a1',
    accountId: ALICE_ACCOUNT,
    accountName: 'alice',
    accountType: 1,
    reciprocalAccountId: '6650e0c2e4b0f3d900000009',
    reciprocalAccountName: 'platform',
    reciprocalAccountType: 9,
    transactionAmount: '100.00',
    transactionType: 3,
    remark: '',
    digest: '每日签到奖励',
    attachInfo: {},
    status: 2,
    createDate: '2026-03-02T01:00:00.000Z',
    updateDate: '2026-03-02T01:00:00.000Z',
    beforeBalance: '900.00',
    afterBalance: '1000.00',
    ...overrides,
  };
}

export interface WalletState {
  account: AccountWire;
  signInInfo: SignInInfoWire;
  lines?: StatementLineWire[];
}

/**
 * Answers alice's account, the sign-in calls (a sign-in adds 30.00 and a day to the streak) and the
 * statement from `state`; the test may change `state` between calls.
 */
export function routeWallet(server: TestServer, state: WalletState): void {
  server.route(`/v2/accounts/individualAccounts/${ALICE}`, () => ({ body: envelope(state.account) }));
  server.route('/v2/activities/facade/signInfo', () => ({ body: envelope(state.signInInfo) }));
  server.route('/v2/activities/facade/sign', () => {
    const seriesDays = state.signInInfo.seriesDays + 1;
    state.signInInfo = {
      ...state.signInInfo,
      isSignedToday: true,
      seriesDays,
      totalDays: state.signInInfo.totalDays + 1,
    };
    return { body: envelope({ rewardAmount: '30.00', seriesDays, totalReward: state.signInInfo.totalReward }) };
  });
  server.route(`/v2/transactions/details/${ALICE_ACCOUNT}`, (request) => pageOf(state.lines ?? [], request));
  server.route('/v2/statistics/transactions/common', () => ({ body: envelope(statisticsWire()) }));
}

/** Three days: 100.00 in on the first, 10.00 out on the last. */
export function statisticsWire(): TransactionStatisticsWire {
  return {
    totalIncome: '0.00',
    incomeLast7Days: '0.00',
    contractCountLast7Days: 0,
    beginDate: '2026-03-01',
    endDate: '2026-03-03',
    income: '100.00',
    spending: '10.00',
    days: [
      { date: '2026-03-01', income: '100.00', spending: '0.00' },
      { date: '2026-03-02', income: '0.00', spending: '0.00' },
      { date: '2026-03-03', income: '0.00', spending: '10.00' },
    ],
  };
}
