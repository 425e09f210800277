import { ErrCode, type FieldError } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import type { UserWire } from '@tessera/contract/identity';

const PASSWORD = 'Secret123';

describe('POST /v2/users (registration)', () => {
  let t: TestApp;
  let ipCounter = 0;
  let nameCounter = 0;
  beforeAll(async () => {
    t = await createTestApp({ config: { trustProxy: ['loopback'] } });
  });
  afterAll(() => t.close());

  /** An English browser at an address of its own (the per-IP registration limit stays out of the way). */
  const browser = (ip = `198.51.100.${(ipCounter += 1)}`): TestClient =>
    t.client({ locale: 'en_US', headers: { 'x-forwarded-for': ip } });
  const fresh = () => {
    nameCounter += 1;
    return { username: `newcomer${nameCounter}`, email: `newcomer${nameCounter}@example.com` };
  };
  const sendCode = async (client: TestClient, loginName: string) => {
    dataOf(await client.post('/v2/messages/send', { loginName, authCodeType: 'register' }));
    return t.latestCode(loginName);
  };
  const register = (client: TestClient, body: Record<string, unknown>) => client.post<UserWire>('/v2/users', body);
  const userCount = async () => (await t.db.selectFrom('users').select('userId').execute()).length;
  const fieldsOf = (response: ApiResponse) => {
    expect(response.body.errCode).toBe(ErrCode.BadParams);
    return (response.body.data as FieldError[]).map((issue) => issue.field);
  };

  it('registers with a code read from the outbox; the new user then signs in', async () => {
    const client = browser();
    const { username, email } = fresh();
    const authCode = await sendCode(client, email.toUpperCase());
    const user = dataOf(
      await register(client, { loginName: email.toUpperCase(), password: PASSWORD, username, authCode }),
    );
    expect(user).toMatchObject({
      username,
      email,
      mobile: '',
      status: 0,
      userType: 0,
      userRole: 1,
      headImage: `/avatars/${user.userId}`,
    });
    expect(JSON.stringify(user)).not.toContain('passwordHash');
    const detail = await t.db
      .selectFrom('user_details')
      .selectAll()
      .where('userId', '=', user.userId)
      .executeTakeFirst();
    expect(detail).toBeDefined();

    const signedIn = dataOf(
      await browser().post<UserWire>('/v2/passport/login', { loginName: username.toUpperCase(), password: PASSWORD }),
    );
    expect(signedIn.userId).toBe(user.userId);
  });

  it('registers by mobile number', async () => {
    const client = browser();
    const authCode = await sendCode(client, '13700000001');
    const user = dataOf(
      await register(client, { loginName: '13700000001', password: PASSWORD, username: 'mobile-user', authCode }),
    );
    expect(user).toMatchObject({ mobile: '13700000001', email: '' });
  });

  it('refuses a username taken in another case, before using the code up', async () => {
    await t.createUser({ username: 'Taken-Name' });
    const client = browser();
    const { email } = fresh();
    const authCode = await sendCode(client, email);
    const before = await userCount();
    const refused = await register(client, { loginName: email, password: PASSWORD, username: 'taken-name', authCode });
    expect(refused.body).toMatchObject({ errCode: ErrCode.Business, msg: 'This username is already taken' });
    expect(await userCount()).toBe(before);
    dataOf(await register(client, { loginName: email, password: PASSWORD, username: 'untaken-name', authCode }));
  });

  it('refuses an address bound to another account', async () => {
    const client = browser();
    const { email } = fresh();
    const authCode = await sendCode(client, email);
    await t.createUser({ email });
    const refused = await register(client, {
      loginName: email,
      password: PASSWORD,
      username: fresh().username,
      authCode,
    });
    expect(refused.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'This e-mail address or mobile number is already used by an account',
    });
  });

  it('refuses a wrong code and a code used already, storing nothing', async () => {
    const client = browser();
    const first = fresh();
    const authCode = await sendCode(client, first.email);
    const wrong = authCode === '000000' ? '111111' : '000000';
    const before = await userCount();
    expect(
      (
        await register(client, {
          loginName: first.email,
          password: PASSWORD,
          username: first.username,
          authCode: wrong,
        })
      ).body,
    ).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'The code is wrong; 4 tries left',
    });
    expect(await userCount()).toBe(before);
    dataOf(await register(client, { loginName: first.email, password: PASSWORD, username: first.username, authCode }));
    // The same address again (now bound) and another address with the used code.
    const second = fresh();
    const reused = await register(client, {
      loginName: second.email,
      password: PASSWORD,
      username: second.username,
      authCode,
    });
    expect(reused.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: 'There is no valid code for this address; ask for a new one',
    });
    expect(await userCount()).toBe(before + 1);
  });

  it.each([
    [
      'a mobile-shaped username',
      { username: '13912345678' },
      'username',
      'A username must not look like a mobile number',
    ],
    ['a username with spaces', { username: 'a b' }, 'username', undefined],
    ['HTML as username', { username: '<b>x</b>' }, 'username', undefined],
    ['SQL as username', { username: "x' OR '1'='1" }, 'username', undefined],
    ['a weak password', { password: 'abcdef' }, 'password', undefined],
    ['a login name that is neither e-mail nor mobile', { loginName: 'someone' }, 'loginName', undefined],
    ['a code of 5 digits', { authCode: '12345' }, 'authCode', undefined],
    ['a missing username', { username: undefined }, 'username', undefined],
  ])('answers errCode 4 naming the field for %s, storing nothing', async (_case, change, field, message) => {
    const before = await userCount();
    const body = {
      loginName: fresh().email,
      password: PASSWORD,
      username: fresh().username,
      authCode: '123456',
      ...change,
    };
    const response = await browser().post('/v2/users', body);
    expect(fieldsOf(response)).toEqual([field]);
    if (message) expect((response.body.data as FieldError[])[0]?.message).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('lets one of two simultaneous registrations of one username win; the other gets errCode 2', async () => {
    const [one, two] = [browser(), browser()];
    const [a, b] = [fresh(), fresh()];
    const codes = [await sendCode(one, a.email), await sendCode(two, b.email)];
    const answers = await Promise.all([
      register(one, { loginName: a.email, password: PASSWORD, username: 'Racer', authCode: codes[0] }),
      register(two, { loginName: b.email, password: PASSWORD, username: 'racer', authCode: codes[1] }),
    ]);
    expect(answers.map((answer) => answer.body.errCode).sort()).toEqual([0, ErrCode.Business]);
    const rows = await t.db
      .selectFrom('users')
      .select('username')
      .where((eb) => eb(eb.fn('lower', ['username']), '=', 'racer'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('is refused by the database itself when a username differs only in case', async () => {
    await t.createUser({ username: 'CaseTwin' });
    await expect(t.createUser({ username: 'casetwin' })).rejects.toThrow();
    await t.createUser({ email: 'twin@example.com' });
    await expect(t.createUser({ email: 'TWIN@example.com' })).rejects.toThrow();
  });

  it('limits registrations to 10 per IP address per hour, saying how long to wait', async () => {
    const ip = '203.0.113.9';
    for (let count = 0; count < 10; count += 1) {
      const { username, email } = fresh();
      const client = browser(ip);
      t.clock.advance({ minutes: 1 });
      dataOf(
        await register(client, {
          loginName: email,
          password: PASSWORD,
          username,
          authCode: await sendCode(browser(), email),
        }),
      );
    }
    const { username, email } = fresh();
    const authCode = await sendCode(browser(), email);
    const limited = await register(browser(ip), { loginName: email, password: PASSWORD, username, authCode });
    expect(limited.body).toMatchObject({ errCode: ErrCode.Business, data: { retryAfterSeconds: 3600 } });
    expect(limited.body.msg).toContain('3600 seconds');
    t.clock.advance({ hours: 1 });
    dataOf(
      await register(browser(ip), {
        loginName: email,
        password: PASSWORD,
        username,
        authCode: await sendCode(browser(), email),
      }),
    );
  });

  it('makes at most 10 accounts from one address however many registrations arrive at once', async () => {
    const ip = '203.0.113.10';
    const people = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { username, email } = fresh();
        return { loginName: email, password: PASSWORD, username, authCode: await sendCode(browser(), email) };
      }),
    );
    const before = await userCount();
    const answers = await Promise.all(people.map((person) => register(browser(ip), person)));
    expect(answers.filter((answer) => answer.body.errCode === ErrCode.Success)).toHaveLength(10);
    for (const answer of answers.filter((one) => one.body.errCode !== ErrCode.Success))
      expect(answer.body.data).toEqual({ retryAfterSeconds: 3600 });
    expect(await userCount()).toBe(before + 10);
  });

  it('does not count a registration that was refused', async () => {
    const ip = '203.0.113.11';
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const { username, email } = fresh();
      await sendCode(browser(), email);
      const refused = await register(browser(ip), { loginName: email, password: PASSWORD, username, authCode: 'x' });
      expect(refused.body.errCode).not.toBe(ErrCode.Success);
      expect(refused.body.data).not.toEqual({ retryAfterSeconds: 3600 });
    }
    const { username, email } = fresh();
    const authCode = await sendCode(browser(), email);
    dataOf(await register(browser(ip), { loginName: email, password: PASSWORD, username, authCode }));
  });

  it('requires the XSRF header', async () => {
    const { username, email } = fresh();
    const response = await browser().post(
      '/v2/users',
      { loginName: email, password: PASSWORD, username, authCode: '123456' },
      { xsrf: false },
    );
    expect(response.body.errCode).toBe(ErrCode.Forbidden);
  });
});
