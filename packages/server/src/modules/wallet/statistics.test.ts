// statistics/transactions/common (DOMAIN §7.5, ours for the shape): income and spending per day of the
// platform time zone, the dashboard's contract income figures, across a moved clock and local midnight.
import { ErrCode } from '@tessera/domain';
import type { TransactionStatisticsWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badFieldsOf, createTestApp, dataOf, errCodeOf, type TestApp } from '../../testing';
import type { UserRow } from '../identity';
import type { AccountRow } from './repo';
import { contractPayment, fundedAccount, query, STATISTICS_PATH } from './testing';

const S1 = '1'.repeat(24);
const S2 = '2'.repeat(24);

describe('transaction statistics', () => {
  let t: TestApp;
  let alice: { user: UserRow; account: AccountRow };
  let bob: { user: UserRow; account: AccountRow };

  beforeAll(async () => {
    // 23:59 on 10 March in the platform time zone (UTC+8).
    t = await createTestApp({ now: '2025-03-10T15:59:00.000Z', config: { utcOffsetMinutes: 480 } });
    alice = await fundedAccount(t, 10_000); // +100.00 on 10 March
    bob = await fundedAccount(t);
    t.clock.advance({ seconds: 30 }); // 23:59:30 on 10 March
    await contractPayment(t, alice.account, bob.account, 1_000, 'A', { subjectId: S1 });
    t.clock.advance({ seconds: 30 }); // 00:00 on 11 March: a new platform day
    await contractPayment(t, alice.account, bob.account, 2_000, 'B', { subjectId: S2 });
    t.clock.advance({ days: 1, hours: 12 }); // 12:00 on 12 March
    await contractPayment(t, bob.account, alice.account, 500, 'C', { subjectId: S1 });
  });
  afterAll(() => t.close());

  const statisticsOf = async (who: { user: UserRow }, params: Record<string, string | number> = {}) => {
    const { client } = await t.login(who.user);
    return client.get<TransactionStatisticsWire>(`${STATISTICS_PATH}${query({ ownerId: who.user.userId, ...params })}`);
  };
  const daysOf = (answer: TransactionStatisticsWire) => answer.days.map((day) => [day.date, day.income, day.spending]);

  it('sums income and spending per platform day, the local midnight splitting them', async () => {
    const range = { beginDate: '2025-03-10', endDate: '2025-03-13' };
    const bobs = dataOf(await statisticsOf(bob, range));
    expect(daysOf(bobs)).toEqual([
      ['2025-03-10', '10.00', '0.00'],
      ['2025-03-11', '20.00', '0.00'],
      ['2025-03-12', '0.00', '5.00'],
      ['2025-03-13', '0.00', '0.00'],
    ]);
    expect(bobs).toMatchObject({ ...range, income: '30.00', spending: '5.00' });
    const alices = dataOf(await statisticsOf(alice, range));
    expect(daysOf(alices).slice(0, 3)).toEqual([
      ['2025-03-10', '100.00', '10.00'],
      ['2025-03-11', '0.00', '20.00'],
      ['2025-03-12', '5.00', '0.00'],
    ]);
    // One day only: 11 March starts at 16:00 UTC on 10 March.
    expect(daysOf(dataOf(await statisticsOf(bob, { beginDate: '2025-03-11', endDate: '2025-03-11' })))).toEqual([
      ['2025-03-11', '20.00', '0.00'],
    ]);
  });

  it('answers the contract income figures, the last 7 days moving with the clock', async () => {
    expect(dataOf(await statisticsOf(bob))).toMatchObject({
      totalIncome: '30.00',
      incomeLast7Days: '30.00',
      contractCountLast7Days: 2,
    });
    // Alice's 100.00 was a grant, not a contract payment.
    expect(dataOf(await statisticsOf(alice))).toMatchObject({ totalIncome: '5.00', contractCountLast7Days: 1 });
    t.clock.advance({ days: 5 }); // 12:00 on 17 March: 11 March is the oldest of the last 7 days
    expect(dataOf(await statisticsOf(bob))).toMatchObject({ incomeLast7Days: '20.00', contractCountLast7Days: 1 });
    t.clock.advance({ hours: 12 }); // 00:00 on 18 March
    const later = dataOf(await statisticsOf(bob));
    expect(later).toMatchObject({ totalIncome: '30.00', incomeLast7Days: '0.00', contractCountLast7Days: 0 });
    // The default range: the 30 days up to today.
    expect([later.beginDate, later.endDate, later.days.length]).toEqual(['2025-02-17', '2025-03-18', 30]);
    expect(later.days.find((day) => day.date === '2025-03-11')).toEqual({
      date: '2025-03-11',
      income: '20.00',
      spending: '0.00',
    });
  });

  it('narrows everything to contract payments on one subject', async () => {
    const onS1 = dataOf(await statisticsOf(bob, { objectId: S1, beginDate: '2025-03-10', endDate: '2025-03-12' }));
    expect(daysOf(onS1)).toEqual([
      ['2025-03-10', '10.00', '0.00'],
      ['2025-03-11', '0.00', '0.00'],
      ['2025-03-12', '0.00', '5.00'],
    ]);
    expect(onS1.totalIncome).toBe('10.00');
    const onResources = dataOf(await statisticsOf(alice, { objectType: 1, beginDate: '2025-03-10' }));
    expect([onResources.income, onResources.spending]).toEqual(['5.00', '30.00']); // the grant left out
    expect(dataOf(await statisticsOf(alice, { objectType: 2 })).totalIncome).toBe('0.00');
  });

  it('refuses another owner, other owner types and malformed ranges', async () => {
    const { client } = await t.login(alice.user);
    const ask = (params: Record<string, string | number>) => client.get(`${STATISTICS_PATH}${query(params)}`);
    expect(errCodeOf(await ask({ ownerId: bob.user.userId }))).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await ask({ ownerId: alice.user.userId, ownerType: 2 }))).toBe(ErrCode.Business);
    for (const [params, field] of [
      [{ beginDate: '2025-03-12', endDate: '2025-03-11' }, 'beginDate'],
      [{ beginDate: '2024-01-01', endDate: '2025-03-11' }, 'beginDate'],
      [{ endDate: '2025-02-30' }, 'endDate'],
      [{ beginDate: '11/03/2025' }, 'beginDate'],
    ] as const) {
      const answer = await ask({ ownerId: alice.user.userId, ...params });
      expect([errCodeOf(answer), badFieldsOf(answer)]).toEqual([ErrCode.BadParams, [field]]);
    }
    expect(errCodeOf(await t.client().get(`${STATISTICS_PATH}?ownerId=${alice.user.userId}`))).toBe(
      ErrCode.NotLoggedIn,
    );
  });
});
