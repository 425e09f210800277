// Migration 0015_wallet on a database that already has users: each gets an individual account (not
// activated, 0.00), and there is exactly one issuance account and the serial counter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, migrateToLatest, undoMigrationsFrom, type TestApp } from '../../testing';

describe('migration 0015_wallet', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('opens an account for every existing user, one issuance account and the serial counter', async () => {
    // Back to before the wallet, newest migration first (the migrator keeps the order).
    await undoMigrationsFrom(t.db, '0015_wallet');
    const now = t.clock.now().toISOString();
    const users = await t.db
      .insertInto('users')
      .values(
        ['early-one', 'early-two'].map((username) => ({
          username,
          email: `${username}@example.com`,
          mobile: '',
          userType: 0,
          userRole: 1,
          status: 0,
          headImage: '',
          passwordHash: '',
          createDate: now,
          updateDate: now,
        })),
      )
      .returning(['userId', 'username'])
      .execute();

    await migrateToLatest(t.db);
    const accounts = await t.db.selectFrom('wallet_accounts').selectAll().orderBy('ownerUserId').execute();
    expect(accounts.filter((account) => account.accountType === 9)).toHaveLength(1);
    for (const user of users) {
      const mine = accounts.filter((account) => account.ownerUserId === user.userId);
      expect(mine).toEqual([
        expect.objectContaining({
          accountName: user.username,
          accountType: 1,
          ownerId: String(user.userId),
          status: 0,
          payPasswordHash: '',
        }),
      ]);
      expect(Number(mine[0]?.balance)).toBe(0);
      expect(mine[0]?.accountId).toMatch(/^[0-9a-f]{24}$/);
    }
    expect(await t.db.selectFrom('wallet_serials').selectAll().execute()).toEqual([{ name: 'ledger', value: 0 }]);
    const user = users[0];
    if (!user) throw new Error('no user');
    const granted = await t.services.walletAdmin.grant(user.userId, 100, 'after the migration');
    expect(granted.account.balance).toBe(100);
  });
});
