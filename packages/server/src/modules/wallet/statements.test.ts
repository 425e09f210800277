// Statements and records (DOMAIN §7.5, §2.25): the caller's lines newest first with every filter and
// paging, a record from either party's side, the /v3 owner records, and nobody else reading them.
import { ErrCode, type Page } from '@tessera/domain';
import type { StatementLineWire, TransactionRecordWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badFieldsOf, createTestApp, dataOf, errCodeOf, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import type { AccountRow } from './repo';
import {
  contractPayment,
  DETAILS_PATH,
  fundedAccount,
  issuanceAccountId,
  query,
  RECORDS_PATH,
  V3_RECORDS_PATH,
} from './testing';

type Party = { user: UserRow; account: AccountRow; client: TestClient };

describe('statements and records', () => {
  let t: TestApp;
  let alice: Party;
  let bob: Party;
  let carol: Party;
  /** Alice's payments to Bob, oldest first: record ids. */
  const payments: string[] = [];
  let grantRecordId = '';

  const party = async (username: string, cents: number): Promise<Party> => {
    const user = await t.createUser({ username });
    const { account } = await fundedAccount(t, cents, user);
    return { user, account, client: t.client() };
  };

  beforeAll(async () => {
    // 10:00 on 1 March in the platform time zone (UTC+8).
    t = await createTestApp({ now: '2025-03-01T02:00:00.000Z', config: { utcOffsetMinutes: 480 } });
    alice = await party('alice_st', 100_000); // a grant of 1000.00 (type 4)
    bob = await party('bob_st', 0);
    carol = await party('carol_st', 5_000);
    const grant = await t.db
      .selectFrom('wallet_transaction_records')
      .select('recordId')
      .where('toAccountId', '=', alice.account.accountId)
      .executeTakeFirstOrThrow();
    grantRecordId = grant.recordId;
    for (const [cents, contractName] of [
      [1_250, 'Cover art 100%'],
      [3_000, 'Theme music'],
      [500, 'Cover art sketch'],
    ] as const) {
      t.clock.advance({ days: 1 }); // 2, 3 and 4 March, 10:00 platform time
      payments.push(await contractPayment(t, alice.account, bob.account, cents, contractName));
    }
    // Sessions end after a day without requests: log in once the clock has moved.
    for (const who of [alice, bob, carol]) who.client = (await t.login(who.user)).client;
  });
  afterAll(() => t.close());

  const statementOf = async (who: Party, params: Record<string, string | number> = {}, accountId?: string) =>
    dataOf(
      await who.client.get<Page<StatementLineWire>>(
        `${DETAILS_PATH}/${accountId ?? who.account.accountId}${query(params)}`,
      ),
    );
  const recordIdsOf = (page: Page<StatementLineWire>) => page.dataList.map((line) => line.transactionRecordId);

  it('lists the caller’s entries newest first, signed from their side, naming the other party', async () => {
    const page = await statementOf(alice);
    expect(page).toMatchObject({ skip: 0, limit: 100, totalItem: 4 });
    expect(recordIdsOf(page)).toEqual([...payments].reverse().concat(grantRecordId));
    const serials = page.dataList.map((line) => Number(line.serialNo));
    expect(serials).toEqual([...serials].sort((a, b) => b - a));
    expect(page.dataList[0]).toEqual({
      serialNo: expect.stringMatching(/^\d+$/),
      transactionRecordId: payments[2],
      accountId: alice.account.accountId,
      accountName: 'alice_st',
      accountType: 1,
      reciprocalAccountId: bob.account.accountId,
      reciprocalAccountName: 'bob_st',
      reciprocalAccountType: 1,
      transactionAmount: '-5.00',
      beforeBalance: '957.50',
      afterBalance: '952.50',
      transactionType: 2,
      remark: '',
      digest: 'Contract payment: Cover art sketch',
      attachInfo: expect.objectContaining({ contractName: 'Cover art sketch', subjectType: 1 }),
      status: 2,
      createDate: '2025-03-04T02:00:00.000Z',
      updateDate: '2025-03-04T02:00:00.000Z',
    });
    expect(page.dataList[3]).toMatchObject({
      transactionAmount: '1000.00',
      transactionType: 4,
      reciprocalAccountId: await issuanceAccountId(t),
      reciprocalAccountName: 'platform',
      reciprocalAccountType: 9,
      beforeBalance: '0.00',
      afterBalance: '1000.00',
    });

    const bobs = await statementOf(bob);
    expect(recordIdsOf(bobs)).toEqual([...payments].reverse());
    expect(
      bobs.dataList.map((line) => [line.transactionAmount, line.reciprocalAccountName, line.afterBalance]),
    ).toEqual([
      ['5.00', 'alice_st', '47.50'],
      ['30.00', 'alice_st', '42.50'],
      ['12.50', 'alice_st', '12.50'],
    ]);
  });

  it('pages with skip and limit, the total counting every match', async () => {
    const first = await statementOf(alice, { skip: 0, limit: 3 });
    const second = await statementOf(alice, { skip: 3, limit: 3 });
    expect([first.totalItem, second.totalItem]).toEqual([4, 4]);
    expect([...recordIdsOf(first), ...recordIdsOf(second)]).toEqual(recordIdsOf(await statementOf(alice)));
    expect((await statementOf(alice, { skip: 10 })).dataList).toEqual([]);
    expect(errCodeOf(await alice.client.get(`${DETAILS_PATH}/${alice.account.accountId}?limit=101`))).toBe(
      ErrCode.BadParams,
    );
  });

  it('filters by created date on the platform calendar (a plain end date includes its whole day)', async () => {
    expect(recordIdsOf(await statementOf(alice, { startCreatedDate: '2025-03-03' }))).toEqual([
      payments[2],
      payments[1],
    ]);
    expect(recordIdsOf(await statementOf(alice, { endCreatedDate: '2025-03-03' }))).toEqual([
      payments[1],
      payments[0],
      grantRecordId,
    ]);
    // 10:00 on 3 March platform time is 02:00 UTC: a bound at that minute includes it, one after does not.
    expect(recordIdsOf(await statementOf(alice, { endCreatedDate: '2025-03-03 10:00' }))[0]).toBe(payments[1]);
    expect(recordIdsOf(await statementOf(alice, { startCreatedDate: '2025-03-03 10:01' }))).toEqual([payments[2]]);
    expect(
      recordIdsOf(await statementOf(alice, { startCreatedDate: '2025-03-02T02:00:00Z', endCreatedDate: '2025-03-02' })),
    ).toEqual([payments[0]]);
    const bad = await alice.client.get(`${DETAILS_PATH}/${alice.account.accountId}?startCreatedDate=yesterday`);
    expect([errCodeOf(bad), badFieldsOf(bad)]).toEqual([ErrCode.BadParams, ['startCreatedDate']]);
  });

  it('filters by the signed amount from the caller’s side', async () => {
    expect(recordIdsOf(await statementOf(alice, { amountEndPoint: '-10' }))).toEqual([payments[1], payments[0]]);
    expect(recordIdsOf(await statementOf(alice, { amountStartPoint: '-12.50', amountEndPoint: '-5.00' }))).toEqual([
      payments[2],
      payments[0],
    ]);
    expect(recordIdsOf(await statementOf(alice, { amountStartPoint: '0' }))).toEqual([grantRecordId]);
    expect(recordIdsOf(await statementOf(bob, { amountStartPoint: '12.5', amountEndPoint: 30 }))).toEqual([
      payments[1],
      payments[0],
    ]);
    const bad = await alice.client.get(`${DETAILS_PATH}/${alice.account.accountId}?amountStartPoint=1.234`);
    expect([errCodeOf(bad), badFieldsOf(bad)]).toEqual([ErrCode.BadParams, ['amountStartPoint']]);
  });

  it('filters by serial number, status and transaction type', async () => {
    const [newest] = (await statementOf(alice)).dataList;
    expect(recordIdsOf(await statementOf(alice, { serialNo: newest?.serialNo ?? '' }))).toEqual([payments[2]]);
    expect((await statementOf(bob, { serialNo: newest?.serialNo ?? '' })).totalItem).toBe(0); // Alice's entry
    expect((await statementOf(alice, { serialNo: 'abc' })).totalItem).toBe(0);
    expect((await statementOf(alice, { status: 2 })).totalItem).toBe(4);
    expect((await statementOf(alice, { status: 1 })).totalItem).toBe(0);
    expect(recordIdsOf(await statementOf(alice, { transactionType: 4 }))).toEqual([grantRecordId]);
    expect((await statementOf(alice, { transactionType: 2 })).totalItem).toBe(3);
  });

  it('finds keywords in the digest, the remark, the other party’s name and the contract name', async () => {
    expect(recordIdsOf(await statementOf(alice, { keywords: 'THEME' }))).toEqual([payments[1]]);
    expect(recordIdsOf(await statementOf(alice, { keywords: 'test funds' }))).toEqual([grantRecordId]);
    expect((await statementOf(alice, { keywords: 'bob_st' })).totalItem).toBe(3);
    expect((await statementOf(bob, { keywords: 'ALICE' })).totalItem).toBe(3);
    // Wildcards are taken literally: only the contract named "…100%" has a "%".
    expect(recordIdsOf(await statementOf(bob, { keywords: '100%' }))).toEqual([payments[0]]);
    expect((await statementOf(bob, { keywords: '_' })).totalItem).toBe(3); // the usernames' underscore
    expect((await statementOf(bob, { keywords: 'nothing like it' })).totalItem).toBe(0);
    // The contract name alone (not in the digest): a record whose digest says nothing.
    const quiet = await contractPayment(t, carol.account, bob.account, 100, 'Silent licence', { digest: '' });
    expect(recordIdsOf(await statementOf(bob, { keywords: 'silent' }))).toEqual([quiet]);
  });

  it('shows a record to either party from their own side', async () => {
    const path = `${RECORDS_PATH}/${payments[1]}`;
    const asPayer = dataOf(await alice.client.get<TransactionRecordWire>(path));
    const asPayee = dataOf(await bob.client.get<TransactionRecordWire>(path));
    expect(asPayer).toMatchObject({
      recordId: payments[1],
      transactionRecordId: payments[1],
      accountId: alice.account.accountId,
      reciprocalAccountName: 'bob_st',
      transactionAmount: '-30.00',
      transactionType: 2,
      status: 2,
      operatorId: alice.user.userId,
      operatorName: 'alice_st',
      authorizationType: 'password',
      attachInfo: expect.objectContaining({ contractName: 'Theme music' }),
    });
    expect(asPayee).toMatchObject({
      accountId: bob.account.accountId,
      reciprocalAccountId: alice.account.accountId,
      reciprocalAccountName: 'alice_st',
      transactionAmount: '30.00',
    });
    expect(asPayee).not.toHaveProperty('beforeBalance');
  });

  it('answers anyone else exactly as an unknown record or account', async () => {
    const unknownRecord = await carol.client.get(`${RECORDS_PATH}/${'0'.repeat(24)}`);
    const othersRecord = await carol.client.get(`${RECORDS_PATH}/${payments[0]}`);
    expect([errCodeOf(othersRecord), othersRecord.body.msg]).toEqual([
      errCodeOf(unknownRecord),
      unknownRecord.body.msg,
    ]);
    expect(errCodeOf(othersRecord)).toBe(ErrCode.Business);
    expect(errCodeOf(await carol.client.get(`${RECORDS_PATH}/not-an-id`))).toBe(ErrCode.Business);

    const unknownAccount = await carol.client.get(`${DETAILS_PATH}/${'0'.repeat(24)}`);
    const othersAccount = await carol.client.get(`${DETAILS_PATH}/${alice.account.accountId}`);
    const issuance = await carol.client.get(`${DETAILS_PATH}/${await issuanceAccountId(t)}`);
    for (const answer of [othersAccount, issuance])
      expect([errCodeOf(answer), answer.body.msg]).toEqual([ErrCode.Business, unknownAccount.body.msg]);
    expect(errCodeOf(await t.client().get(`${DETAILS_PATH}/${alice.account.accountId}`))).toBe(ErrCode.NotLoggedIn);
    expect(errCodeOf(await t.client().get(`${RECORDS_PATH}/${payments[0]}`))).toBe(ErrCode.NotLoggedIn);
  });

  it('answers the caller’s records on /v3 with the income filters, and nobody else’s', async () => {
    const v3 = (who: Party, params: Record<string, string | number>) =>
      who.client.get<Page<TransactionRecordWire>>(`${V3_RECORDS_PATH}${query(params)}`);
    const own = { ownerId: bob.user.userId, ownerType: 1 };
    const all = dataOf(await v3(bob, own));
    expect(all.totalItem).toBe(4);
    expect(all.dataList[1]).toMatchObject({
      recordId: payments[2],
      transactionAmount: '5.00',
      reciprocalAccountName: 'alice_st',
    });
    const filtered = dataOf(
      await v3(bob, {
        ...own,
        businessType: 'ContractRoutinePayment',
        transactionStatus: 2,
        minTransactionAmount: '5',
        maxTransactionAmount: '20',
        startTransactionDate: '2025-03-02',
        endTransactionDate: '2025-03-04',
        keywords: 'cover',
        limit: 1,
      }),
    );
    expect([filtered.totalItem, filtered.dataList.map((record) => record.recordId)]).toEqual([2, [payments[2]]]);
    expect(dataOf(await v3(bob, { ...own, businessType: 'Reward' })).totalItem).toBe(0);
    expect(dataOf(await v3(bob, { ...own, transactionStatus: 1 })).totalItem).toBe(0);

    expect(errCodeOf(await v3(carol, own))).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await v3(bob, { ownerId: bob.user.userId, ownerType: 2 }))).toBe(ErrCode.Business);
    expect(errCodeOf(await v3(bob, { ...own, businessType: 'Lottery' }))).toBe(ErrCode.BadParams);
  });

  it('speaks the caller’s language in its refusals', async () => {
    const unknown = await carol.client.get(`${RECORDS_PATH}/${payments[0]}`, { locale: 'en_US' });
    expect(unknown.body.msg).toBe('The transaction record does not exist');
    const account = await carol.client.get(`${DETAILS_PATH}/${alice.account.accountId}`, { locale: 'zh_CN' });
    expect(account.body.msg).toBe('账户不存在');
  });
});
