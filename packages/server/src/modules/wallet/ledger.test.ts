// The double-entry ledger (DOMAIN §7.2): what one transfer writes, every refusal writing nothing, the
// database's own guards, reconciliation, and many parallel transfers keeping the invariants.
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../testing';
import { TransactionType, type TransferOrder } from './ledger';
import { balanceOf, fundedAccount, issuanceAccountId, ledgerCounts } from './testing';

describe('the ledger', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const transfer = (order: TransferOrder) =>
    t.db.transaction().execute((trx) => t.services.walletLedger.transfer(trx, order));

  /** The refusal a transfer ends with: its errCode and data.code. */
  const refusalOf = async (order: TransferOrder) => {
    const before = await ledgerCounts(t);
    const error: unknown = await transfer(order).then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
    expect(await ledgerCounts(t)).toEqual(before);
    return { errCode: error.errCode, code: (error.data as { code: string }).code, key: error.messageKey };
  };

  it('writes one record, two entries summing to zero with increasing serial numbers, and both balances', async () => {
    const { account: payer } = await fundedAccount(t, 50_000);
    const { account: payee } = await fundedAccount(t);
    const { record, payerEntry, payeeEntry } = await transfer({
      from: payer.accountId,
      to: payee.accountId,
      amount: 12_345,
      type: TransactionType.ContractPayment,
      attachInfo: { contractId: 'c1' },
      idempotencyKey: 'k-1',
      remark: 'note',
      authorizationType: 'password',
      operator: { id: payer.ownerUserId, name: payer.accountName },
    });
    expect(record).toMatchObject({ amount: 12_345, status: 2, transactionType: 2, fromAccountId: payer.accountId });
    expect(payerEntry).toMatchObject({ amount: -12_345, beforeBalance: 50_000, afterBalance: 37_655 });
    expect(payeeEntry).toMatchObject({ amount: 12_345, beforeBalance: 0, afterBalance: 12_345 });
    expect(payeeEntry.serialNo).toBe(payerEntry.serialNo + 1);
    expect(await balanceOf(t, payer.accountId)).toBe(37_655);
    expect(await balanceOf(t, payee.accountId)).toBe(12_345);
    const stored = await t.db
      .selectFrom('wallet_ledger_entries')
      .selectAll()
      .where('recordId', '=', record.recordId)
      .orderBy('serialNo')
      .execute();
    expect(stored.map((entry) => Number(entry.amount))).toEqual([-12_345, 12_345]);
    const later = await transfer({ from: payee.accountId, to: payer.accountId, amount: 1, type: 1 });
    expect(later.payerEntry.serialNo).toBeGreaterThan(payeeEntry.serialNo);
    expect((await t.services.walletAdmin.reconcile()).differences).toEqual([]);
  });

  it('refuses cleanly and writes nothing: balance, same account, unknown, frozen, not activated, amount, reused key', async () => {
    const { account: payer, user } = await fundedAccount(t, 1_000);
    const { account: payee, user: payeeUser } = await fundedAccount(t);
    const order = { from: payer.accountId, to: payee.accountId, amount: 1_001, type: TransactionType.Transfer };
    expect(await refusalOf(order)).toEqual({ errCode: ErrCode.Business, code: 'E1009', key: 'wallet.refusal.E1009' });
    expect(await balanceOf(t, payer.accountId)).toBe(1_000);
    expect((await refusalOf({ ...order, amount: 1, to: payer.accountId })).code).toBe('E1013');
    expect(await refusalOf({ ...order, amount: 0 })).toMatchObject({ errCode: ErrCode.BadParams, code: 'E1015' });
    expect((await refusalOf({ ...order, amount: 1.5 })).code).toBe('E1015');
    expect((await refusalOf({ ...order, amount: 1, to: 'ffffffffffffffffffffffff' })).key).toBe(
      'wallet.refusal.payee.E1004',
    );
    expect((await refusalOf({ ...order, amount: 1, from: 'ffffffffffffffffffffffff' })).code).toBe('E1004');

    const fresh = await t.createUser();
    const unactivated = await t.services.walletAccounts.accountOfUser(fresh.userId);
    expect((await refusalOf({ ...order, from: unactivated.accountId, amount: 1 })).code).toBe('E1005');
    expect((await refusalOf({ ...order, to: unactivated.accountId, amount: 1, payeeMustBeActive: true })).key).toBe(
      'wallet.refusal.payee.E1005',
    );
    // Rewards reach an account that is not activated yet.
    await transfer({ ...order, to: unactivated.accountId, amount: 1 });

    await t.services.walletAccounts.setFrozen(payeeUser.userId, true);
    expect((await refusalOf({ ...order, amount: 1 })).key).toBe('wallet.refusal.payee.E1006');
    await t.services.walletAccounts.setFrozen(payeeUser.userId, false);
    await t.services.walletAccounts.setFrozen(user.userId, true);
    expect((await refusalOf({ ...order, amount: 1 })).key).toBe('wallet.refusal.E1006');
    await t.services.walletAccounts.setFrozen(user.userId, false);

    await transfer({ ...order, amount: 1, idempotencyKey: 'once' });
    expect(await refusalOf({ ...order, amount: 1, idempotencyKey: 'once' })).toMatchObject({
      errCode: ErrCode.BadParams,
      code: 'E1022',
    });
  });

  it('lets only the issuance account go below zero: the database CHECK refuses a negative individual balance', async () => {
    const { account } = await fundedAccount(t, 100);
    await expect(
      t.db.updateTable('wallet_accounts').set({ balance: -1 }).where('accountId', '=', account.accountId).execute(),
    ).rejects.toThrow(/check/i);
    expect(await balanceOf(t, await issuanceAccountId(t))).toBeLessThan(0);
  });

  it('never changes a record or entry: records and entries are only inserted', async () => {
    const { account: payer } = await fundedAccount(t, 500);
    const { account: payee } = await fundedAccount(t);
    const { record } = await transfer({ from: payer.accountId, to: payee.accountId, amount: 200, type: 1 });
    const before = await t.db
      .selectFrom('wallet_ledger_entries')
      .selectAll()
      .where('recordId', '=', record.recordId)
      .execute();
    await transfer({ from: payer.accountId, to: payee.accountId, amount: 300, type: 1 });
    await expect(transfer({ from: payer.accountId, to: payee.accountId, amount: 1, type: 1 })).rejects.toThrow();
    expect(
      await t.db.selectFrom('wallet_ledger_entries').selectAll().where('recordId', '=', record.recordId).execute(),
    ).toEqual(before);
  });

  it('reconciliation reports a balance that differs from its entries and a record without its two entries', async () => {
    const probe = await createTestApp();
    try {
      const { account } = await fundedAccount(probe, 1_000);
      expect((await probe.services.walletAdmin.reconcile()).differences).toEqual([]);
      await probe.db
        .updateTable('wallet_accounts')
        .set({ balance: 1_500 })
        .where('accountId', '=', account.accountId)
        .execute();
      const { differences } = await probe.services.walletAdmin.reconcile();
      expect(differences).toContainEqual(
        expect.objectContaining({ kind: 'balance', accountId: account.accountId, balance: 1_500, entries: 1_000 }),
      );
      expect(differences).toContainEqual({ kind: 'total', total: 500 });
      const issuance = await issuanceAccountId(probe);
      await probe.db
        .insertInto('wallet_transaction_records')
        .values({
          recordId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
          transactionType: 4,
          fromAccountId: issuance,
          toAccountId: account.accountId,
          amount: 7,
          status: 2,
          idempotencyKey: '',
          attachInfo: '{}',
          remark: '',
          digest: '',
          operatorId: 0,
          operatorName: 'system',
          authorizationType: 'system',
          createDate: probe.clock.now().toISOString(),
        })
        .execute();
      expect((await probe.services.walletAdmin.reconcile()).differences).toContainEqual({
        kind: 'record',
        recordId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        amount: 7,
        entryCount: 0,
        entrySum: 0,
      });
    } finally {
      await probe.close();
    }
  });

  it('keeps every invariant under many parallel transfers from a few accounts', async () => {
    const accounts = await Promise.all([0, 1, 2, 3, 4].map(() => fundedAccount(t, 10_000)));
    const ids = accounts.map(({ account }) => account.accountId);
    const total = async () => (await Promise.all(ids.map((id) => balanceOf(t, id)))).reduce((a, b) => a + b, 0);
    const before = await ledgerCounts(t);
    expect(await total()).toBe(50_000);
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const orders = Array.from({ length: 300 }, () => {
      const from = random(5);
      const to = (from + 1 + random(4)) % 5;
      return { from: ids[from] as string, to: ids[to] as string, amount: 1 + random(4_000), type: 1 as const };
    });
    const results = await Promise.allSettled(orders.map((order) => transfer(order)));
    const refused = results.filter((result) => result.status === 'rejected');
    for (const result of refused) expect((result.reason as AppError).data).toEqual({ code: 'E1009' });
    const done = results.length - refused.length;
    expect(done).toBeGreaterThan(0);
    expect(await total()).toBe(50_000);
    for (const id of ids) expect(await balanceOf(t, id)).toBeGreaterThanOrEqual(0);
    const after = await ledgerCounts(t);
    expect(after.records - before.records).toBe(done);
    expect(after.entries - before.entries).toBe(2 * done);
    expect((await t.services.walletAdmin.reconcile()).differences).toEqual([]);
  });
});
