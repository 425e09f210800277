import { ErrCode, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@tessera/domain';
import { Agent, get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../testing';
import { XsrfTokens } from './xsrf';

const UNSAFE_CALL = '/v2/i18n/configs/list';

describe('anti-forgery tokens', () => {
  const tokens = new XsrfTokens('a-secret-long-enough-for-the-test-0000');

  it('verifies visitor tokens by their signature', () => {
    const token = tokens.newVisitorToken();
    expect(tokens.isValid(token, null)).toBe(true);
    expect(tokens.isValid(`${token}x`, null)).toBe(false);
    expect(tokens.isValid(`other${token}`, null)).toBe(false);
    expect(new XsrfTokens('another-secret-long-enough-for-it-0000').isValid(token, null)).toBe(false);
    expect(tokens.isValid('no-dot-at-all', null)).toBe(false);
  });

  it('keeps verified visitor tokens without trusting anything it did not sign', () => {
    const other = new XsrfTokens('another-secret-long-enough-for-it-0000');
    const foreign = other.newVisitorToken();
    const fresh = new XsrfTokens('a-secret-long-enough-for-the-test-0000');
    const token = tokens.newVisitorToken();
    for (let round = 0; round < 3; round += 1) {
      // Verified by its signature the first time, then found among the kept ones.
      expect(fresh.isValid(token, null)).toBe(true);
      expect(fresh.isValid(foreign, null)).toBe(false);
      expect(fresh.isValid(`${token}x`, null)).toBe(false);
    }
    // Past the kept ones' limit the set starts again; a token is still valid by its signature.
    for (let verified = 0; verified < 10_001; verified += 1) fresh.isValid(tokens.newVisitorToken(), null);
    expect(fresh.isValid(token, null)).toBe(true);
  });

  it('binds session tokens to the session', () => {
    const session = { sessionId: 'session-a', via: 'cookie' as const, user: { userId: 10001, status: 0 } };
    const token = tokens.forSession('session-a');
    expect(tokens.isValid(token, session)).toBe(true);
    expect(tokens.isValid(tokens.forSession('session-b'), session)).toBe(false);
    expect(tokens.isValid(tokens.newVisitorToken(), session)).toBe(false);
  });
});

describe('XSRF on the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('issues a readable XSRF-TOKEN cookie on API answers and does not check GET', async () => {
    const response = await callApi(t.app, 'GET', '/v2/activities/list4Client');
    expect(response.body.errCode).toBe(0);
    const cookie = response.cookies[XSRF_COOKIE];
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
  });

  it('keeps a valid cookie and replaces an invalid one', async () => {
    const client = t.client();
    await client.get('/v2/activities/list4Client');
    const issued = client.cookies.get(XSRF_COOKIE);
    expect((await client.get('/v2/activities/list4Client')).cookies[XSRF_COOKIE]).toBeUndefined();
    client.cookies.set(XSRF_COOKIE, 'forged.token');
    const replaced = (await client.get('/v2/activities/list4Client')).cookies[XSRF_COOKIE]?.value;
    expect(replaced).toBeDefined();
    expect(replaced).not.toBe(issued);
  });

  it('checks a call whose /v2 prefix is percent-encoded like any other (the router decodes it)', async () => {
    for (const path of ['/%76%32/i18n/configs/list', '/%76%32%2Fi18n/configs/list', '/v%32/i18n/configs/list']) {
      const response = await callApi(t.app, 'POST', path, { body: {}, xsrf: false });
      if (response.body.errCode === ErrCode.RouteNotFound) continue;
      expect(response.body.errCode, path).toBe(ErrCode.Forbidden);
    }
    const login = await callApi(t.app, 'POST', '/%76%32/passport/login', {
      body: { loginName: 'nobody', password: 'wrong-123' },
      xsrf: false,
    });
    expect(login.body.errCode).toBe(ErrCode.Forbidden);
  });

  it('refuses an unsafe call without the header (errCode 3)', async () => {
    const response = await callApi(t.app, 'POST', UNSAFE_CALL, { body: {}, xsrf: false });
    expect(response.body).toEqual({
      ret: 0,
      errCode: ErrCode.Forbidden,
      msg: expect.stringContaining('xsrf-token-invalid'),
      data: null,
    });
  });

  it('accepts an unsafe call whose header echoes a valid cookie', async () => {
    const response = await callApi(t.app, 'POST', UNSAFE_CALL, { body: {} });
    expect(response.body.errCode).toBe(0);
  });

  it('refuses a header that differs from the cookie', async () => {
    const [client, other] = [t.client(), t.client()];
    await client.get('/v2/activities/list4Client');
    await other.get('/v2/activities/list4Client');
    const otherToken = other.cookies.get(XSRF_COOKIE) ?? '';
    expect(otherToken).not.toBe(client.cookies.get(XSRF_COOKIE));
    const response = await client.post(UNSAFE_CALL, {}, { headers: { [XSRF_HEADER]: otherToken } });
    expect(response.body.errCode).toBe(ErrCode.Forbidden);
  });

  it('refuses a forged token even when cookie and header agree', async () => {
    const forged = 'made-up.signature';
    const response = await callApi(t.app, 'POST', UNSAFE_CALL, {
      body: {},
      cookies: { [XSRF_COOKIE]: forged },
      headers: { [XSRF_HEADER]: forged },
    });
    expect(response.body.errCode).toBe(ErrCode.Forbidden);
  });

  it('binds the token to the session once logged in', async () => {
    const { client, sessionId } = await t.login();
    const visitorToken = (await callApi(t.app, 'GET', '/v2/activities/list4Client')).cookies[XSRF_COOKIE]?.value ?? '';
    const withVisitorToken = await client.post(
      UNSAFE_CALL,
      {},
      { cookies: { [XSRF_COOKIE]: visitorToken }, headers: { [XSRF_HEADER]: visitorToken } },
    );
    expect(withVisitorToken.body.errCode).toBe(ErrCode.Forbidden);
    // The refusal also issued the session's token, which now works.
    expect(client.cookies.get(XSRF_COOKIE)).toBe(new XsrfTokens(await storedSecret(t)).forSession(sessionId));
    expect((await client.post(UNSAFE_CALL, {})).body.errCode).toBe(0);
  });

  it('exempts calls authenticated by a Bearer header', async () => {
    const { sessionId } = await t.login();
    const response = await callApi(t.app, 'POST', UNSAFE_CALL, {
      body: {},
      xsrf: false,
      headers: { authorization: `Bearer ${sessionId}` },
    });
    expect(response.body.errCode).toBe(0);
  });

  it('does not exempt a cookie session', async () => {
    const { sessionId } = await t.login();
    const response = await callApi(t.app, 'POST', UNSAFE_CALL, {
      body: {},
      xsrf: false,
      cookies: { [SESSION_COOKIE]: sessionId },
    });
    expect(response.body.errCode).toBe(ErrCode.Forbidden);
  });

  it('issues the cookie on page loads but not on file fetches', async () => {
    const page = await callApi(t.app, 'GET', '/activities', { headers: { accept: 'text/html' } });
    expect(page.cookies[XSRF_COOKIE]).toBeDefined();
    const file = await callApi(t.app, 'GET', '/static/demo/covers/mosaic.svg');
    expect(file.status).toBe(200);
    expect(file.cookies[XSRF_COOKIE]).toBeUndefined();
  });
});

async function storedSecret(t: TestApp): Promise<string> {
  const row = await t.db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'sessionSecret')
    .executeTakeFirstOrThrow();
  return row.value;
}

describe("a visitor's token over real connections", () => {
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    t = await createTestApp();
    address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  /** The XSRF-TOKEN a cookie-less GET is given, on the connection the agent holds (one at a time). */
  function tokenOver(agent: Agent, headers: Record<string, string> = {}): Promise<string> {
    return new Promise((resolve, reject) => {
      const call = httpGet(`${address}/v2/activities/list4Client?limit=1`, { agent, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => {
          const line = (answer.headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`));
          if (line === undefined) reject(new Error('no XSRF-TOKEN cookie'));
          else resolve(line.slice(XSRF_COOKIE.length + 1, line.indexOf(';')));
        });
      });
      call.on('error', reject);
    });
  }

  it('is signed once per connection for a client that keeps no cookies', async () => {
    const first = new Agent({ keepAlive: true, maxSockets: 1 });
    const second = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const onFirst = [await tokenOver(first), await tokenOver(first), await tokenOver(first)];
      const onSecond = await tokenOver(second);
      expect(new Set(onFirst).size).toBe(1);
      expect(onSecond).not.toBe(onFirst[0]);
      for (const token of [...onFirst, onSecond]) expect(t.app.xsrf.isValid(token, null)).toBe(true);
    } finally {
      first.destroy();
      second.destroy();
    }
  });

  it('is made for each request a proxy forwards, as its connection may carry many visitors', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (const header of ['x-forwarded-for', 'forwarded', 'via']) {
        const value = header === 'forwarded' ? 'for=192.0.2.1' : '192.0.2.1';
        const tokens = [await tokenOver(agent, { [header]: value }), await tokenOver(agent, { [header]: value })];
        expect(new Set(tokens).size, header).toBe(2);
      }
    } finally {
      agent.destroy();
    }
  });
});
