// The daily sign-in (DOMAIN §2.30, §7.6): once per platform-time-zone day, 100.00 the first time and
// 30.00 after, up to 1000.00 in all, from the issuance account; streaks; parallel sign-ins credit once.
import { ErrCode } from '@tessera/domain';
import type { AccountWire, SignInInfoWire, SignInWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type TestApp } from '../../testing';
import type { UserRow } from '../identity';
import { ACCOUNTS_PATH, issuanceAccountId, ledgerCounts, SIGN_INFO_PATH, SIGN_PATH } from './testing';

describe('the daily sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 23:58 on 1 March in the platform time zone (UTC+8).
    t = await createTestApp({ now: '2025-03-01T15:58:00.000Z', config: { utcOffsetMinutes: 480 } });
  });
  afterAll(() => t.close());

  it('pays 100.00 the first time, once a platform day, as a reward record from the issuance account', async () => {
    const { client, user } = await t.login();
    expect(dataOf(await client.get<SignInInfoWire>(SIGN_INFO_PATH))).toEqual({
      isSignedToday: false,
      seriesDays: 0,
      totalDays: 0,
      totalReward: '0.00',
      rewardCap: '1000.00',
    });
    expect(dataOf(await client.get<SignInWire>(SIGN_PATH))).toEqual({
      rewardAmount: '100.00',
      seriesDays: 1,
      totalReward: '100.00',
    });
    const again = await client.get(SIGN_PATH);
    expect([errCodeOf(again), again.body.msg]).toEqual([ErrCode.Business, '今天已经签到过了']);
    const account = dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`));
    expect(account).toMatchObject({ balance: '100.00', status: 0 });
    const record = await t.db
      .selectFrom('wallet_transaction_records')
      .selectAll()
      .where('toAccountId', '=', account.accountId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ transactionType: 3, fromAccountId: await issuanceAccountId(t), status: 2 });
    expect(Number(record.amount)).toBe(10_000);
    expect(dataOf(await client.get<SignInInfoWire>(SIGN_INFO_PATH))).toMatchObject({
      isSignedToday: true,
      seriesDays: 1,
      totalDays: 1,
      totalReward: '100.00',
    });
    expect(errCodeOf(await t.client().get(SIGN_PATH))).toBe(ErrCode.NotLoggedIn);
  });

  /** A client of a new session (sessions end after a day without requests). */
  const sessionOf = async (user: UserRow) => (await t.login(user)).client;

  it('starts a new day at the platform time zone’s midnight, pays 30.00 then, and counts the streak', async () => {
    t.clock.set('2025-03-02T15:59:00.000Z'); // 23:59 on 2 March, platform time
    const { client, user } = await t.login();
    dataOf(await client.get(SIGN_PATH));
    t.clock.advance({ seconds: 59 });
    expect(errCodeOf(await client.get(SIGN_PATH))).toBe(ErrCode.Business);
    t.clock.advance({ seconds: 1 }); // 00:00 on 3 March
    expect(dataOf(await client.get<SignInWire>(SIGN_PATH))).toEqual({
      rewardAmount: '30.00',
      seriesDays: 2,
      totalReward: '130.00',
    });
    t.clock.advance({ days: 2 }); // 5 March: 4 March was missed
    const later = await sessionOf(user);
    expect(dataOf(await later.get<SignInInfoWire>(SIGN_INFO_PATH))).toMatchObject({
      isSignedToday: false,
      seriesDays: 0,
      totalDays: 2,
    });
    expect(dataOf(await later.get<SignInWire>(SIGN_PATH))).toMatchObject({ rewardAmount: '30.00', seriesDays: 1 });
  });

  it('pays nothing for a day before the latest sign-in when the clock is set back', async () => {
    t.clock.set('2025-04-10T04:00:00.000Z'); // noon on 10 April, platform time
    const { client, user } = await t.login();
    dataOf(await client.get(SIGN_PATH));
    const before = await ledgerCounts(t);
    t.clock.set('2025-04-08T04:00:00.000Z'); // the machine's clock set back two days
    const back = await sessionOf(user);
    const refused = await back.get(SIGN_PATH);
    expect([errCodeOf(refused), refused.body.msg]).toEqual([ErrCode.Business, '今天已经签到过了']);
    expect(await ledgerCounts(t)).toEqual(before);
    t.clock.set('2025-04-11T04:00:00.000Z'); // the next day after the latest sign-in pays again
    expect(dataOf(await (await sessionOf(user)).get<SignInWire>(SIGN_PATH))).toMatchObject({
      rewardAmount: '30.00',
      seriesDays: 2,
    });
  });

  it('stops paying at 1000.00 in all; later sign-ins still count', async () => {
    const user = await t.createUser();
    for (let day = 0; day < 31; day += 1) {
      dataOf(await (await sessionOf(user)).get(SIGN_PATH));
      t.clock.advance({ days: 1 });
    }
    const client = await sessionOf(user);
    expect(dataOf(await client.get<SignInInfoWire>(SIGN_INFO_PATH))).toMatchObject({
      totalDays: 31,
      totalReward: '1000.00',
      seriesDays: 31,
    });
    const records = await ledgerCounts(t);
    expect(dataOf(await client.get<SignInWire>(SIGN_PATH))).toEqual({
      rewardAmount: '0.00',
      seriesDays: 32,
      totalReward: '1000.00',
    });
    expect(await ledgerCounts(t)).toEqual(records);
    expect(dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`)).balance).toBe('1000.00');
  });

  it('credits parallel sign-ins of one user on one day once', async () => {
    const { client, user } = await t.login();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get<SignInWire>(SIGN_PATH)));
    expect(answers.filter((answer) => answer.body.errCode === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.errCode === ErrCode.Business)).toHaveLength(7);
    expect(dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`)).balance).toBe('100.00');
    const signIns = await t.db.selectFrom('wallet_sign_ins').selectAll().where('userId', '=', user.userId).execute();
    expect(signIns).toHaveLength(1);
    expect((await t.services.walletAdmin.reconcile()).differences).toEqual([]);
  });
});
