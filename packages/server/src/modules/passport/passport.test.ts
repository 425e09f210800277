import { ErrCode, RET_FROZEN, SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE, type FieldError } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import type { UserWire } from '@tessera/contract/identity';

const PASSWORD = 'Secret123';
const WEEK_SECONDS = 7 * 24 * 3600;
const WRONG_LOGIN = { ret: 0, errCode: ErrCode.Business, msg: 'Wrong login name or password', data: null };

describe('POST /v2/passport/login and GET /v2/passport/logout', () => {
  let t: TestApp;
  let ipCounter = 0;

  beforeAll(async () => {
    // A proxy on this machine (TRUST_PROXY=loopback): each test signs in from an address of its own (the last
    // X-Forwarded-For hop, which the proxy writes), so the per-address limit stays out of the way.
    t = await createTestApp({ config: { trustProxy: ['loopback'] } });
  });
  afterAll(() => t.close());

  /** A browser (English) at an address of its own. */
  const browser = (ip = `198.51.100.${(ipCounter += 1)}`, headers: Record<string, string> = {}): TestClient =>
    t.client({ locale: 'en_US', headers: { 'x-forwarded-for': ip, ...headers } });

  let userCounter = 0;
  const createAccount = (fields: { username?: string; email?: string; mobile?: string; status?: number } = {}) => {
    userCounter += 1;
    return t.services.identity.createUser({
      username: `member${userCounter}`,
      email: `member${userCounter}@example.com`,
      password: PASSWORD,
      ...fields,
    });
  };

  const login = (client: TestClient, loginName: string, password = PASSWORD, more: Record<string, unknown> = {}) =>
    client.post<UserWire>('/v2/passport/login', { loginName, password, ...more });

  const sessionCount = async (userId: number) =>
    (await t.db.selectFrom('sessions').select('sessionHash').where('userId', '=', userId).execute()).length;

  describe('login names and passwords', () => {
    it('signs in by username or e-mail in any case, or by mobile, answering the user without its password hash', async () => {
      const user = await createAccount({ username: 'Carol', email: 'Carol@Example.com', mobile: '13900000001' });
      for (const loginName of ['carol', 'CAROL', 'carol@example.com', 'CAROL@EXAMPLE.COM', '13900000001']) {
        const response = await login(browser(), loginName);
        expect(dataOf(response)).toMatchObject({
          userId: user.userId,
          username: 'Carol',
          email: 'carol@example.com',
          mobile: '13900000001',
          status: 0,
        });
        expect(response.text).not.toContain('passwordHash');
        expect(response.text).not.toContain('argon2');
      }
    });

    it('answers a wrong password, an unknown user and an account without password in exactly the same words', async () => {
      const user = await createAccount();
      const passwordless = await t.createUser({ username: 'nopassword' });
      const answers = [
        await login(browser(), user.username, 'Wrong1234'),
        await login(browser(), 'no-such-user'),
        await login(browser(), 'nobody@example.com'),
        await login(browser(), '13999999999'),
        await login(browser(), passwordless.username, ''.padEnd(8, 'x')),
      ];
      for (const answer of answers) expect(answer.body).toEqual(WRONG_LOGIN);
      expect((await login(t.client(), 'no-such-user')).body.msg).toBe('用户名或密码错误');
    });

    it('records the latest login time and address in the user detail', async () => {
      const user = await createAccount();
      t.clock.advance({ minutes: 1 });
      dataOf(await login(browser('203.0.113.77'), user.username));
      const detail = await t.db
        .selectFrom('user_details')
        .selectAll()
        .where('userId', '=', user.userId)
        .executeTakeFirstOrThrow();
      expect(detail).toMatchObject({ latestLoginDate: t.clock.now().toISOString(), latestLoginIp: '203.0.113.77' });
    });
  });

  describe('cookies and sessions', () => {
    it('sets an httpOnly SameSite=Lax session cookie and a readable uid for the browser session only', async () => {
      const user = await createAccount();
      const response = await login(browser(), user.username, PASSWORD, { isRemember: 0 });
      const session = response.cookies[SESSION_COOKIE];
      const uid = response.cookies[UID_COOKIE];
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(session?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(uid).toMatchObject({ value: String(user.userId), sameSite: 'Lax', path: '/' });
      expect(uid?.httpOnly).toBeUndefined();
      for (const cookie of [session, uid]) {
        expect(cookie?.maxAge).toBeUndefined();
        expect(cookie?.expires).toBeUndefined();
        expect(cookie?.secure).toBeUndefined();
      }
    });

    it('keeps both cookies for 7 days with isRemember 1, and marks them Secure over https', async () => {
      const user = await createAccount();
      const response = await login(browser(undefined, { 'x-forwarded-proto': 'https' }), user.username, PASSWORD, {
        isRemember: 1,
      });
      for (const name of [SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE])
        expect(response.cookies[name]).toMatchObject({ secure: true });
      for (const name of [SESSION_COOKIE, UID_COOKIE]) expect(response.cookies[name]?.maxAge).toBe(WEEK_SECONDS);
    });

    it('issues a new session id at every login and ends the session the browser had before', async () => {
      const user = await createAccount();
      const client = browser();
      const first = (await login(client, user.username)).cookies[SESSION_COOKIE]?.value;
      const second = (await login(client, user.username)).cookies[SESSION_COOKIE]?.value;
      const elsewhere = (await login(browser(), user.username)).cookies[SESSION_COOKIE]?.value;
      expect(new Set([first, second, elsewhere]).size).toBe(3);
      expect(await sessionCount(user.userId)).toBe(2);
      const withFirst = t.client({ cookies: { [SESSION_COOKIE]: first ?? '' } });
      expect((await withFirst.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
      expect(dataOf(await client.get<UserWire>('/v2/users/current')).userId).toBe(user.userId);
    });

    it('rotates the XSRF token to the session; the visitor token is refused afterwards', async () => {
      const user = await createAccount();
      const client = browser();
      await client.get('/v2/activities/list4Client');
      const visitorToken = client.cookies.get(XSRF_COOKIE) ?? '';
      expect(visitorToken).toContain('.');

      const response = await login(client, user.username);
      const sessionId = response.cookies[SESSION_COOKIE]?.value ?? '';
      expect(response.cookies[XSRF_COOKIE]?.value).toBe(t.app.xsrf.forSession(sessionId));
      expect(response.cookies[XSRF_COOKIE]?.httpOnly).toBeUndefined();

      const withVisitorToken = await client.post(
        '/v2/i18n/configs/list',
        {},
        { cookies: { [XSRF_COOKIE]: visitorToken }, headers: { 'x-xsrf-token': visitorToken } },
      );
      expect(withVisitorToken.body).toMatchObject({ errCode: ErrCode.Forbidden, msg: 'xsrf-token-invalid' });
      expect((await client.post('/v2/i18n/configs/list', {})).body.errCode).not.toBe(ErrCode.Forbidden);
    });

    it("with jwtType 'header' answers the session in the Authorization header, usable as a Bearer token", async () => {
      const user = await createAccount();
      const response = await login(browser(), user.username, PASSWORD, { jwtType: 'header' });
      expect(response.cookies[SESSION_COOKIE]).toBeUndefined();
      expect(response.cookies[UID_COOKIE]).toBeUndefined();
      const authorization = String(response.headers.authorization);
      expect(authorization).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
      const bearer = t.client({ headers: { authorization } });
      expect(dataOf(await bearer.get<UserWire>('/v2/users/current')).userId).toBe(user.userId);
      // Calls authenticated by the header need no XSRF token.
      expect((await bearer.post('/v2/i18n/configs/list', {}, { xsrf: false })).body.errCode).not.toBe(
        ErrCode.Forbidden,
      );
    });
  });

  describe('logout', () => {
    it('ends the session and expires the cookies; the old cookie then gets errCode 30', async () => {
      const user = await createAccount();
      const client = browser();
      const sessionId = (await login(client, user.username)).cookies[SESSION_COOKIE]?.value ?? '';
      const response = await client.get('/v2/passport/logout');
      expect(response.body).toEqual({ ret: 0, errCode: 0, msg: 'success', data: true });
      for (const name of [SESSION_COOKIE, UID_COOKIE]) {
        expect(response.cookies[name]?.value).toBe('');
        expect(response.cookies[name]?.expires?.getTime()).toBeLessThan(Date.now());
      }
      const xsrf = response.cookies[XSRF_COOKIE]?.value ?? '';
      expect(xsrf).not.toBe(t.app.xsrf.forSession(sessionId));
      expect(xsrf).toContain('.');
      expect(await sessionCount(user.userId)).toBe(0);

      const old = t.client({ cookies: { [SESSION_COOKIE]: sessionId, [UID_COOKIE]: String(user.userId) } });
      expect((await old.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
      expect((await browser().get('/v2/passport/logout')).body.data).toBe(true);
    });

    it('answers one XSRF-TOKEN line, the visitor token, beside the expired session cookies', async () => {
      const user = await createAccount();
      const client = browser();
      const sessionId = (await login(client, user.username)).cookies[SESSION_COOKIE]?.value ?? '';
      // A stale token makes the gate issue the session's own first; logout then replaces it.
      client.cookies.set(XSRF_COOKIE, 'stale.token');
      const response = await client.get('/v2/passport/logout');
      const lines = [response.headers['set-cookie'] ?? []].flat();
      const xsrfLines = lines.filter((line) => line.startsWith(`${XSRF_COOKIE}=`));
      expect(xsrfLines).toHaveLength(1);
      expect(xsrfLines[0]).toMatch(/^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; SameSite=Lax$/);
      expect(response.cookies[XSRF_COOKIE]?.value).not.toBe(t.app.xsrf.forSession(sessionId));
      for (const name of [SESSION_COOKIE, UID_COOKIE]) expect(response.cookies[name]?.value).toBe('');
    });

    it('ends a Bearer session too', async () => {
      const user = await createAccount();
      const authorization = String(
        (await login(browser(), user.username, PASSWORD, { jwtType: 'header' })).headers.authorization,
      );
      const bearer = t.client({ headers: { authorization } });
      dataOf(await bearer.get('/v2/passport/logout'));
      expect((await bearer.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
    });

    it('redirects to returnUrl only when it is on this site', async () => {
      const redirect = async (returnUrl: string) => {
        const response: ApiResponse = await browser().get('/v2/passport/logout', { query: { returnUrl } });
        return response.status === 302 ? response.headers.location : null;
      };
      expect(await redirect('/login?goTo=%2Fhome')).toBe('/login?goTo=%2Fhome');
      expect(await redirect('http://localhost/home#top')).toBe('/home#top');
      expect(await redirect(encodeURIComponent('http://localhost/logged/setting'))).toBe('/logged/setting');
      expect(await redirect(encodeURIComponent('/home'))).toBe('/home');
      for (const elsewhere of [
        'https://evil.example/home',
        '//evil.example/home',
        '/\\evil.example',
        'javascript:alert(1)',
        encodeURIComponent('https://evil.example/'),
      ]) {
        expect(await redirect(elsewhere), elsewhere).toBeNull();
      }
    });
  });

  describe('login limits', () => {
    it('refuses the 6th try after 5 wrong passwords in a row, even with the right password, until 15 minutes have passed', async () => {
      const user = await createAccount({ mobile: '13900000002' });
      const client = browser();
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await login(client, user.username, 'Wrong1234')).body).toEqual(WRONG_LOGIN);
      const limited = await login(client, user.username);
      expect(limited.body).toEqual({
        ret: 0,
        errCode: ErrCode.Business,
        msg: 'Too many failed sign-ins; please try again in 900 seconds',
        data: { retryAfterSeconds: 900 },
      });
      expect(limited.cookies[SESSION_COOKIE]).toBeUndefined();
      // The other login names of the account and other addresses share the count.
      expect((await login(browser(), '13900000002')).body.data).toEqual({ retryAfterSeconds: 900 });

      t.clock.advance({ minutes: 14, seconds: 30 });
      expect((await login(client, user.username)).body.data).toEqual({ retryAfterSeconds: 30 });
      t.clock.advance({ seconds: 30 });
      expect(dataOf(await login(client, user.username)).userId).toBe(user.userId);
    });

    it('starts the count over after a successful login', async () => {
      const user = await createAccount();
      const client = browser();
      for (let attempt = 1; attempt <= 4; attempt += 1) await login(client, user.username, 'Wrong1234');
      dataOf(await login(client, user.username));
      for (let attempt = 1; attempt <= 4; attempt += 1)
        expect((await login(client, user.username, 'Wrong1234')).body).toEqual(WRONG_LOGIN);
      dataOf(await login(client, user.username));
    });

    it('limits names that match no account the same way, so the limit tells nothing', async () => {
      const client = browser();
      for (let attempt = 1; attempt <= 5; attempt += 1)
        expect((await login(client, 'ghost')).body).toEqual(WRONG_LOGIN);
      expect((await login(client, 'GHOST')).body.data).toEqual({ retryAfterSeconds: 900 });
    });

    it('refuses an address after 30 failed logins within 15 minutes, whichever accounts were tried', async () => {
      const user = await createAccount();
      const attacker = browser('192.0.2.66');
      for (let attempt = 1; attempt <= 30; attempt += 1)
        expect((await login(attacker, `guess${attempt}`)).body).toEqual(WRONG_LOGIN);
      expect((await login(attacker, user.username)).body.data).toEqual({ retryAfterSeconds: 900 });
      expect(dataOf(await login(browser(), user.username)).userId).toBe(user.userId);
      t.clock.advance({ minutes: 15 });
      expect(dataOf(await login(attacker, user.username)).userId).toBe(user.userId);
    });

    it('keeps counting the real address when the client writes X-Forwarded-For itself', async () => {
      // The proxy appends the address it saw; what the client wrote before it is not believed.
      const spoofing = (attempt: number) => browser(`203.0.113.${attempt}, 192.0.2.77`);
      for (let attempt = 1; attempt <= 30; attempt += 1)
        expect((await login(spoofing(attempt), `spoof${attempt}`)).body).toEqual(WRONG_LOGIN);
      expect((await login(spoofing(31), 'spoof31')).body.data).toEqual({ retryAfterSeconds: 900 });
    });

    it('compares at most 5 wrong passwords of an account however many arrive at once', async () => {
      const user = await createAccount();
      const answers = await Promise.all(Array.from({ length: 20 }, () => login(browser(), user.username, 'Wrong1234')));
      expect(answers.filter((answer) => answer.body.msg === WRONG_LOGIN.msg)).toHaveLength(5);
      for (const answer of answers.filter((one) => one.body.msg !== WRONG_LOGIN.msg))
        expect(answer.body.data).toEqual({ retryAfterSeconds: 900 });
      expect((await login(browser(), user.username)).body.data).toEqual({ retryAfterSeconds: 900 });
    });

    it('compares at most 30 wrong logins from one address however many arrive at once', async () => {
      const attacker = '192.0.2.140';
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => login(browser(attacker), `burst${index}`)),
      );
      expect(answers.filter((answer) => answer.body.msg === WRONG_LOGIN.msg)).toHaveLength(30);
      expect(answers.filter((answer) => answer.body.data !== null)).toHaveLength(10);
    });

    it('keeps an account blocked until its block is over, even when the window of its failures is', async () => {
      const user = await createAccount();
      await login(browser(), user.username, 'Wrong1234');
      t.clock.advance({ minutes: 10 });
      for (let attempt = 2; attempt <= 5; attempt += 1) await login(browser(), user.username, 'Wrong1234');
      t.clock.advance({ minutes: 6 });
      expect((await login(browser(), user.username)).body.data).toEqual({ retryAfterSeconds: 540 });
      t.clock.advance({ minutes: 9 });
      expect(dataOf(await login(browser(), user.username)).userId).toBe(user.userId);
    });

    it('gives the address its attempt back when the password is right', async () => {
      const user = await createAccount();
      const address = '192.0.2.141';
      for (let attempt = 1; attempt <= 29; attempt += 1) await login(browser(address), `almost${attempt}`);
      for (let attempt = 1; attempt <= 3; attempt += 1)
        expect(dataOf(await login(browser(address), user.username)).userId).toBe(user.userId);
      expect((await login(browser(address), 'almost30')).body).toEqual(WRONG_LOGIN);
      expect((await login(browser(address), user.username)).body.data).toEqual({ retryAfterSeconds: 900 });
    });

    it('counts concurrent failures one by one', async () => {
      const client = browser('192.0.2.123');
      await Promise.all(Array.from({ length: 10 }, (_, index) => login(client, `parallel${index}`)));
      const row = await t.db
        .selectFrom('login_attempts')
        .selectAll()
        .where('key', '=', 'ip:192.0.2.123')
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(10);
    });

    it('counts failures in the database', async () => {
      await login(browser('192.0.2.99'), 'counted-name');
      const rows = await t.db
        .selectFrom('login_attempts')
        .selectAll()
        .where('key', 'in', ['name:counted-name', 'ip:192.0.2.99'])
        .execute();
      expect(rows.map((row) => [row.key, row.failures])).toEqual(
        expect.arrayContaining([
          ['name:counted-name', 1],
          ['ip:192.0.2.99', 1],
        ]),
      );
    });
  });

  describe('frozen users (DOMAIN §3.8)', () => {
    it('ends the sessions of a user when frozen; the user may sign in again but is answered ret 4 / errCode 10 outside the open areas', async () => {
      const user = await createAccount();
      const client = browser();
      dataOf(await login(client, user.username));
      // Asked once before, so that the session is one this instance keeps (kept-sessions.ts).
      expect(dataOf(await client.get<UserWire>('/v2/users/current')).status).toBe(0);
      await t.services.identity.freezeUser(user.userId, 'spam');
      expect(await sessionCount(user.userId)).toBe(0);
      expect((await client.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);

      expect(dataOf(await login(client, user.username)).status).toBe(1);
      expect((await client.post('/v2/i18n/configs/list', {})).body).toEqual({
        ret: RET_FROZEN,
        errCode: ErrCode.Frozen,
        msg: 'This account has been frozen',
        data: null,
      });
      expect(dataOf(await client.get<UserWire>('/v2/users/current')).status).toBe(1);

      await t.services.identity.unfreezeUser(user.userId);
      expect((await client.post('/v2/i18n/configs/list', {})).body.errCode).toBe(0);
    });
  });

  describe('changing the password', () => {
    it('ends every session of the user; only the new password works afterwards', async () => {
      const user = await createAccount();
      const [one, two] = [browser(), browser()];
      dataOf(await login(one, user.username));
      dataOf(await login(two, user.username, PASSWORD, { isRemember: 1 }));
      for (const client of [one, two]) dataOf(await client.get('/v2/users/current'));
      await t.services.identity.changePassword(user.userId, 'Changed456');
      for (const client of [one, two])
        expect((await client.get('/v2/users/current')).body.errCode).toBe(ErrCode.NotLoggedIn);
      expect((await login(browser(), user.username)).body).toEqual(WRONG_LOGIN);
      dataOf(await login(browser(), user.username, 'Changed456'));
    });

    it('refuses a password that breaks the rules, and keeps the sessions', async () => {
      const user = await createAccount();
      const client = browser();
      dataOf(await login(client, user.username));
      await expect(t.services.identity.changePassword(user.userId, 'short')).rejects.toMatchObject({
        issues: [{ field: 'newPassword', code: 'pattern' }],
      });
      await expect(t.services.identity.changePassword(99_999_999, 'Changed456')).rejects.toMatchObject({
        errCode: ErrCode.Business,
      });
      dataOf(await client.get('/v2/users/current'));
    });
  });

  describe('bad input', () => {
    const fieldsOf = (response: ApiResponse) => {
      expect(response.body).toMatchObject({ ret: 0, errCode: ErrCode.BadParams, msg: 'Parameter validation failed' });
      return (response.body.data as FieldError[]).map((issue) => issue.field);
    };

    it.each([
      ['a missing login name', { password: PASSWORD }, 'loginName'],
      ['a missing password', { loginName: 'alice' }, 'password'],
      ['an empty login name', { loginName: '', password: PASSWORD }, 'loginName'],
      ['an object as login name', { loginName: { $ne: null }, password: PASSWORD }, 'loginName'],
      ['an object as password', { loginName: 'alice', password: { $gt: '' } }, 'password'],
      ['isRemember that is not 0 or 1', { loginName: 'alice', password: PASSWORD, isRemember: 'yes' }, 'isRemember'],
      ['an unknown jwtType', { loginName: 'alice', password: PASSWORD, jwtType: 'jwt' }, 'jwtType'],
      ['an overlong login name', { loginName: `${'a'.repeat(250)}@x.com`, password: PASSWORD }, 'loginName'],
      ['an overlong password', { loginName: 'alice', password: 'a1'.repeat(65) }, 'password'],
      [
        'an overlong returnUrl',
        { loginName: 'alice', password: PASSWORD, returnUrl: `/${'a'.repeat(2048)}` },
        'returnUrl',
      ],
      ['SQL in the login name', { loginName: "' OR '1'='1' --", password: PASSWORD }, 'loginName'],
      ['HTML in the login name', { loginName: '<script>alert(1)</script>', password: PASSWORD }, 'loginName'],
    ])('answers errCode 4 naming the field for %s, and stores nothing', async (_case, body, field) => {
      const before = await t.db.selectFrom('login_attempts').select('key').execute();
      const response = await browser().post('/v2/passport/login', body);
      expect(fieldsOf(response)).toContain(field);
      expect(response.cookies[SESSION_COOKIE]).toBeUndefined();
      expect(await t.db.selectFrom('login_attempts').select('key').execute()).toEqual(before);
    });

    it('names the rule broken by a login name of no known shape', async () => {
      const response = await browser().post('/v2/passport/login', { loginName: 'a b', password: PASSWORD });
      expect(response.body.data).toEqual([
        { field: 'loginName', code: 'pattern', message: 'Must be a username, an e-mail address or a mobile number' },
      ]);
    });

    it('refuses a login without the XSRF header', async () => {
      const user = await createAccount();
      const response = await browser().post(
        '/v2/passport/login',
        { loginName: user.username, password: PASSWORD },
        { xsrf: false },
      );
      expect(response.body.errCode).toBe(ErrCode.Forbidden);
    });
  });
});
