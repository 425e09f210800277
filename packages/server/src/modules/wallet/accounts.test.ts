// Individual accounts over HTTP (API.md §3.12, DOMAIN §2.24, §7.1): reading one's own account,
// activation with a code and a 6-digit pay password, verifying, the 30-minute lock after 5 wrong in a
// row (counted atomically), changing and resetting the pay password, frozen and unactivated accounts.
import { ErrCode } from '@tessera/domain';
import type { AccountWire } from '@tessera/contract/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { badFieldsOf, createTestApp, dataOf, errCodeOf, type TestApp, type TestClient } from '../../testing';
import { ACCOUNTS_PATH, fundedAccount, TEST_PAY_PASSWORD } from './testing';

const LOGIN_PASSWORD = 'Secret123';

describe('individual accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let counter = 0;
  /** A logged-in user with an e-mail address (codes go there). */
  const member = async (locale: 'zh_CN' | 'en_US' = 'zh_CN') => {
    counter += 1;
    const email = `wallet${counter}@example.com`;
    const { client, user } = await t.login({ email, password: LOGIN_PASSWORD });
    const localized = locale === 'zh_CN' ? client : t.client({ cookies: Object.fromEntries(client.cookies), locale });
    return { client: localized, user, email };
  };

  const codeFor = async (client: TestClient, email: string, authCodeType: string) => {
    t.clock.advance({ minutes: 1 }); // one code per address a minute
    dataOf(await client.post('/v2/messages/send', { loginName: email, authCodeType }));
    return t.latestCode(email);
  };

  const activate = async (client: TestClient, email: string, password = TEST_PAY_PASSWORD) => {
    const authCode = await codeFor(client, email, 'activateTransactionAccount');
    return client.put<AccountWire>(`${ACCOUNTS_PATH}/activate`, { password, authCode, messageAddress: email });
  };

  const verify = (client: TestClient, password: string) =>
    client.get<boolean>(`${ACCOUNTS_PATH}/verifyTransactionPassword`, { query: { password } });

  const codeOfAnswer = (response: { body: { data: unknown } }) => (response.body.data as { code?: string }).code;

  it('opens an account (not activated) for every new user and answers it to its owner only', async () => {
    const { client, user } = await member();
    const stored = await t.db
      .selectFrom('wallet_accounts')
      .selectAll()
      .where('ownerUserId', '=', user.userId)
      .execute();
    expect(stored).toHaveLength(1);
    const account = dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`));
    expect(account).toEqual({
      accountId: stored[0]?.accountId,
      accountName: user.username,
      accountType: 1,
      ownerId: String(user.userId),
      ownerName: user.username,
      ownerUserId: user.userId,
      balance: '0.00',
      freezeBalance: '0.00',
      status: 0,
      createDate: expect.any(String),
      updateDate: expect.any(String),
    });
    const other = await member();
    expect(errCodeOf(await other.client.get(`${ACCOUNTS_PATH}/${user.userId}`))).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await t.client().get(`${ACCOUNTS_PATH}/${user.userId}`))).toBe(ErrCode.NotLoggedIn);
    expect(badFieldsOf(await client.get(`${ACCOUNTS_PATH}/abc`))).toEqual(['userId']);
  });

  it('opens a missing account when it is first read (users written around the identity module)', async () => {
    const { client, user } = await member();
    await t.db.deleteFrom('wallet_accounts').where('ownerUserId', '=', user.userId).execute();
    const accounts = await Promise.all([1, 2, 3].map(() => client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`)));
    expect(new Set(accounts.map((answer) => dataOf(answer).accountId)).size).toBe(1);
  });

  it('activates with a code sent to a bound address and a 6-digit pay password, once', async () => {
    const { client, user, email } = await member();
    const other = await member();
    const authCode = await codeFor(client, email, 'activateTransactionAccount');
    const body = { password: '135790', authCode, messageAddress: email };
    expect(badFieldsOf(await client.put(`${ACCOUNTS_PATH}/activate`, { ...body, password: '12345' }))).toEqual([
      'password',
    ]);
    expect(badFieldsOf(await client.put(`${ACCOUNTS_PATH}/activate`, { ...body, password: '12345a' }))).toEqual([
      'password',
    ]);
    expect(
      badFieldsOf(await client.put(`${ACCOUNTS_PATH}/activate`, { ...body, messageAddress: other.email })),
    ).toEqual(['messageAddress']);
    const wrongCode = authCode === '000000' ? '111111' : '000000';
    expect(errCodeOf(await client.put(`${ACCOUNTS_PATH}/activate`, { ...body, authCode: wrongCode }))).toBe(
      ErrCode.Business,
    );
    expect(dataOf(await client.get<AccountWire>(`${ACCOUNTS_PATH}/${user.userId}`)).status).toBe(0);

    expect(dataOf(await client.put<AccountWire>(`${ACCOUNTS_PATH}/activate`, body)).status).toBe(1);
    const row = await t.db
      .selectFrom('wallet_accounts')
      .select('payPasswordHash')
      .where('ownerUserId', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.payPasswordHash).toMatch(/^\$argon2id\$/);
    expect(dataOf(await verify(client, '135790'))).toBe(true);

    const again = await activate(client, email, '999999');
    expect(errCodeOf(again)).toBe(ErrCode.Business);
    expect(again.body.msg).toBe('账户已激活');
    expect(dataOf(await verify(client, '135790'))).toBe(true);
  });

  it('refuses unactivated and frozen accounts', async () => {
    const { client, user, email } = await member('en_US');
    const unactivated = await verify(client, TEST_PAY_PASSWORD);
    expect([errCodeOf(unactivated), codeOfAnswer(unactivated), unactivated.body.msg]).toEqual([
      ErrCode.Business,
      'E1005',
      'The account is not activated',
    ]);
    await t.services.walletAccounts.setFrozen(user.userId, true);
    const frozen = await activate(client, email);
    expect([errCodeOf(frozen), codeOfAnswer(frozen)]).toEqual([ErrCode.Business, 'E1006']);
    await t.services.walletAccounts.setFrozen(user.userId, false);
    expect(dataOf(await activate(client, email)).status).toBe(1);
    await t.services.walletAccounts.setFrozen(user.userId, true);
    expect(codeOfAnswer(await verify(client, TEST_PAY_PASSWORD))).toBe('E1006');
    await t.services.walletAccounts.setFrozen(user.userId, false);
    expect(dataOf(await verify(client, TEST_PAY_PASSWORD))).toBe(true);
  });

  it('locks payments for 30 minutes after 5 wrong pay passwords in a row; a right one starts over', async () => {
    const { client, email } = await member('en_US');
    dataOf(await activate(client, email));
    for (let index = 0; index < 4; index += 1) expect(dataOf(await verify(client, '000001'))).toBe(false);
    expect(dataOf(await verify(client, TEST_PAY_PASSWORD))).toBe(true);
    for (let index = 0; index < 5; index += 1) expect(dataOf(await verify(client, '000001'))).toBe(false);
    const locked = await verify(client, TEST_PAY_PASSWORD);
    expect([errCodeOf(locked), codeOfAnswer(locked), locked.body.msg]).toEqual([
      ErrCode.Business,
      'E1011',
      'Too many wrong pay passwords: payments are locked, try again in 30 minutes',
    ]);
    t.clock.advance({ minutes: 29 });
    expect(codeOfAnswer(await verify(client, TEST_PAY_PASSWORD))).toBe('E1011');
    t.clock.advance({ minutes: 1 });
    expect(dataOf(await verify(client, TEST_PAY_PASSWORD))).toBe(true);
    expect(dataOf(await verify(client, '000001'))).toBe(false);
  });

  it('counts parallel wrong tries atomically: exactly 5 are tried, the rest find payments locked', async () => {
    const { client, email } = await member();
    dataOf(await activate(client, email));
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(client, '000001')));
    expect(answers.filter((answer) => answer.body.data === false)).toHaveLength(5);
    expect(answers.filter((answer) => codeOfAnswer(answer) === 'E1011')).toHaveLength(5);
  });

  it('lets parallel right passwords all pass (a double click is not a wrong try) and refuses a right one while locked', async () => {
    const { account } = await fundedAccount(t, 100);
    const right = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.services.walletAccounts.checkPayPassword(account, TEST_PAY_PASSWORD).then(
          () => 'passed',
          (error: unknown) => error,
        ),
      ),
    );
    expect(right).toEqual(Array.from({ length: 10 }, () => 'passed'));
    for (let index = 0; index < 5; index += 1)
      await t.services.walletAccounts.checkPayPassword(account, '000001').catch(() => undefined);
    const locked = await t.services.walletAccounts
      .checkPayPassword(account, TEST_PAY_PASSWORD)
      .catch((error: unknown) => error);
    expect(((locked as AppError).data as { code: string }).code).toBe('E1011');
  });

  it('tells a payment how many tries are left (E1010) in the caller’s language', async () => {
    const { account } = await fundedAccount(t, 100);
    const refusal = await t.services.walletAccounts
      .checkPayPassword(account, '000001')
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).data).toEqual({ code: 'E1010', triesLeft: 4 });
    await expect(t.services.walletAccounts.checkPayPassword(account, TEST_PAY_PASSWORD)).resolves.toBeUndefined();
    const tries = [];
    for (let index = 0; index < 5; index += 1)
      tries.push(await t.services.walletAccounts.checkPayPassword(account, '000001').catch((error: unknown) => error));
    expect(tries.map((error) => ((error as AppError).data as { triesLeft: number }).triesLeft)).toEqual([
      4, 3, 2, 1, 0,
    ]);
    expect((tries[4] as AppError).messageKey).toBe('wallet.refusal.E1010.last');
    const locked = await t.services.walletAccounts
      .checkPayPassword(account, TEST_PAY_PASSWORD)
      .catch((e: unknown) => e);
    expect((locked as AppError).data).toMatchObject({ code: 'E1011' });
    const { client, email } = await member('en_US');
    dataOf(await activate(client, email));
    const authCode = await codeFor(client, email, 'updateTransactionAccountPwd');
    const wrong = await client.put(ACCOUNTS_PATH, {
      oldPassword: '000001',
      password: '111111',
      authCode,
      messageAddress: email,
    });
    expect([codeOfAnswer(wrong), wrong.body.msg]).toEqual(['E1010', 'The pay password is wrong; 4 tries left']);
  });

  it('changes the pay password with the old one and an updateTransactionAccountPwd code', async () => {
    const { client, email } = await member();
    dataOf(await activate(client, email));
    const activationCode = await codeFor(client, email, 'activateTransactionAccount');
    const body = { oldPassword: TEST_PAY_PASSWORD, password: '112233', messageAddress: email };
    expect(errCodeOf(await client.put(ACCOUNTS_PATH, { ...body, authCode: activationCode }))).toBe(ErrCode.Business);
    expect(dataOf(await verify(client, TEST_PAY_PASSWORD))).toBe(true);
    const authCode = await codeFor(client, email, 'updateTransactionAccountPwd');
    expect(badFieldsOf(await client.put(ACCOUNTS_PATH, { ...body, password: 'abcdef', authCode }))).toEqual([
      'password',
    ]);
    expect(dataOf(await client.put(ACCOUNTS_PATH, { ...body, authCode }))).toBe(true);
    expect(dataOf(await verify(client, '112233'))).toBe(true);
    expect(dataOf(await verify(client, TEST_PAY_PASSWORD))).toBe(false);
  });

  it('resets a forgotten pay password with a code and the login password, lifting the lock', async () => {
    const { client, email } = await member();
    dataOf(await activate(client, email));
    for (let index = 0; index < 5; index += 1) await verify(client, '000001');
    expect(codeOfAnswer(await verify(client, TEST_PAY_PASSWORD))).toBe('E1011');
    const body = { loginPassword: LOGIN_PASSWORD, password: '445566', messageAddress: email };
    const firstCode = await codeFor(client, email, 'updateTransactionAccountPwd');
    const wrongLogin = await client.put(`${ACCOUNTS_PATH}/resetPassword`, {
      ...body,
      loginPassword: 'Wrong1234',
      authCode: firstCode,
    });
    expect([errCodeOf(wrongLogin), wrongLogin.body.msg]).toEqual([ErrCode.Business, '登录密码错误']);
    // The code was used up by the failed try.
    expect(errCodeOf(await client.put(`${ACCOUNTS_PATH}/resetPassword`, { ...body, authCode: firstCode }))).toBe(
      ErrCode.Business,
    );
    t.clock.advance({ minutes: 1 });
    const authCode = await codeFor(client, email, 'updateTransactionAccountPwd');
    expect(dataOf(await client.put(`${ACCOUNTS_PATH}/resetPassword`, { ...body, authCode }))).toBe(true);
    expect(dataOf(await verify(client, '445566'))).toBe(true);
  });
});
