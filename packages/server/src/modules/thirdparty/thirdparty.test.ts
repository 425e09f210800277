import { ErrCode, SESSION_COOKIE, XSRF_COOKIE } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { startOidcTestProvider, type OidcTestProvider } from '../../testing/oidc-test-provider';
import type { UserWire } from '@tessera/contract/identity';
import type { BoundIdentityWire, ProviderWire } from './service';

const SITE = 'http://tessera.test';
const PASSWORD = 'Secret123';
const CLIENT = { clientId: 'tessera-test', clientSecret: 'a-test-client-secret' };

/** The provider's side of a browser: cookies by name (the provider and Tessera share no names). */
class ProviderBrowser {
  readonly #cookies = new Map<string, string>();

  async fetch(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return response;
  }
}

describe('third-party sign-in and binding (OpenID Connect)', () => {
  let provider: OidcTestProvider;
  let t: TestApp;
  let ipCounter = 0;

  beforeAll(async () => {
    provider = await startOidcTestProvider({
      clients: [{ ...CLIENT, redirectUris: [`${SITE}/v2/thirdParty/callback`] }],
    });
    t = await createTestApp({
      config: {
        trustProxy: ['loopback'],
        oidcProviders: [{ type: 'testid', name: 'TestID', issuer: provider.issuer, ...CLIENT }],
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** A browser on Tessera's side, at an address of its own (the login limits stay out of the way). */
  const browser = (): TestClient =>
    t.client({
      locale: 'en_US',
      headers: { host: 'tessera.test', 'x-forwarded-for': `198.51.100.${(ipCounter += 1)}` },
    });

  const browserSignedInAs = ({ sessionId }: { sessionId: string }): TestClient => {
    const client = browser();
    client.cookies.set(SESSION_COOKIE, sessionId);
    return client;
  };

  const createAlice = (username: string) =>
    t.createUser({ username, email: `${username}@example.com`, password: PASSWORD });

  const locationOf = (response: ApiResponse): URL => {
    expect(response.status, response.text).toBe(302);
    return new URL(String(response.headers.location), SITE);
  };

  /** Starts at authorize and walks the provider's pages (sign in as `login`, consent); answers the URL it sends back to Tessera. */
  async function authorizeAtProvider(
    client: TestClient,
    login: string,
    query: Record<string, string> = {},
    at = new ProviderBrowser(),
  ): Promise<URL> {
    let url = locationOf(await client.get('/v2/thirdParty/authorize', { query: { type: 'testid', ...query } }));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (let step = 0; step < 12 && url.origin !== SITE; step += 1) {
      const response = await at.fetch(url.href);
      if (response.status === 200) {
        const page = await response.text();
        const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';
        const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? '';
        const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt };
        const submitted = await at.fetch(new URL(action, url).href, { method: 'POST', form });
        url = new URL(String(submitted.headers.get('location')), url);
      } else {
        expect(response.status).toBeGreaterThanOrEqual(300);
        url = new URL(String(response.headers.get('location')), url);
      }
    }
    expect(url.origin).toBe(SITE);
    return url;
  }

  const arriveAtCallback = (client: TestClient, callback: URL) => client.get(`${callback.pathname}${callback.search}`);

  async function signInWithProvider(
    client: TestClient,
    login: string,
    query: Record<string, string> = {},
  ): Promise<URL> {
    return locationOf(await arriveAtCallback(client, await authorizeAtProvider(client, login, query)));
  }

  const identityCount = async () =>
    (await t.db.selectFrom('third_party_identities').select('identityId').execute()).length;
  const boundUserOf = async (subject: string) =>
    (await t.db.selectFrom('third_party_identities').select('userId').where('subject', '=', subject).executeTakeFirst())
      ?.userId ?? null;

  it('lists the configured providers for the sign-in button', async () => {
    expect(dataOf(await browser().get<ProviderWire[]>('/v2/thirdParty/providers'))).toEqual([
      { type: 'testid', name: 'TestID' },
    ]);
  });

  it('sends an unknown identity to /bind, binds it to the account whose password is given there, and signs that account in', async () => {
    const alice = await createAlice('alice1');
    const client = browser();
    const bind = await signInWithProvider(client, 'alice-at-testid', {
      goTo: encodeURIComponent('/logged/setting?tab=1'),
      returnUrl: '/home',
    });
    expect(bind.pathname).toBe('/bind');
    const identityId = bind.searchParams.get('identityId') ?? '';
    expect(identityId).toMatch(/^[0-9a-f]{24}$/);
    // goTo and returnUrl are encoded once, by the query string (issue 16).
    expect(bind.search).toContain(`goTo=${encodeURIComponent('/logged/setting?tab=1')}`);
    expect(bind.search).toContain('returnUrl=%2Fhome');
    expect(bind.searchParams.get('returnUrl')).toBe('/home');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const wrong = await client.post('/v2/thirdParty/registerOrBind', {
      loginName: 'alice1',
      password: 'Wrong1234',
      identityId,
    });
    expect(wrong.body).toMatchObject({ errCode: ErrCode.Business, msg: 'Wrong login name or password' });
    expect(await boundUserOf('alice-at-testid')).toBeNull();

    const withoutXsrf = await client.post(
      '/v2/thirdParty/registerOrBind',
      { loginName: 'alice1', password: PASSWORD, identityId },
      { xsrf: false },
    );
    expect(withoutXsrf.body.errCode).toBe(ErrCode.Forbidden);
    expect(await boundUserOf('alice-at-testid')).toBeNull();

    // The identityId alone (a link passed on) is not enough: only the browser that met the identity may bind it.
    const elsewhere = await browser().post('/v2/thirdParty/registerOrBind', {
      loginName: 'alice1',
      password: PASSWORD,
      identityId,
    });
    expect(elsewhere.body).toMatchObject({ errCode: ErrCode.Business });
    expect(await boundUserOf('alice-at-testid')).toBeNull();

    const bound = await client.post('/v2/thirdParty/registerOrBind', {
      loginName: 'alice1@example.com',
      password: PASSWORD,
      identityId,
    });
    expect(dataOf(bound)).toBe(true);
    const sessionId = bound.cookies[SESSION_COOKIE]?.value ?? '';
    expect(bound.cookies[XSRF_COOKIE]?.value).toBe(t.app.xsrf.forSession(sessionId));
    expect(dataOf(await client.get<UserWire>('/v2/users/current')).userId).toBe(alice.userId);
    expect(dataOf(await client.get<BoundIdentityWire[]>('/v2/thirdParty/list'))).toEqual([
      { userId: alice.userId, name: 'alice-at-testid (TestID)', thirdPartyType: 'testid' },
    ]);
    expect(
      dataOf(await browser().get('/v2/thirdParty/isBind', { query: { username: 'alice1', thirdPartyType: 'testid' } })),
    ).toBe(true);

    const again = await client.post('/v2/thirdParty/registerOrBind', {
      loginName: 'alice1',
      password: PASSWORD,
      identityId,
    });
    expect(again.body).toMatchObject({ errCode: ErrCode.Business, msg: expect.stringContaining('cannot be bound') });
  });

  it('signs a bound identity straight in, to goTo on this site only, with a fresh session and XSRF token', async () => {
    const alice = await createAlice('alice2');
    const first = browser();
    const bind = await signInWithProvider(first, 'alice2-at-testid');
    dataOf(
      await first.post('/v2/thirdParty/registerOrBind', {
        loginName: 'alice2',
        password: PASSWORD,
        identityId: bind.searchParams.get('identityId'),
      }),
    );

    // Signed in already, the flow binds (here: the identity is hers already) rather than signing in.
    const signedInAlready = browserSignedInAs(await t.login(alice));
    const rebound = await signInWithProvider(signedInAlready, 'alice2-at-testid', { goTo: '/logged/binding' });
    expect(`${rebound.pathname}${rebound.search}`).toBe('/result/binding?status=success&type=testid');

    const visitor = browser();
    const signedIn = await arriveAtCallback(
      visitor,
      await authorizeAtProvider(visitor, 'alice2-at-testid', { goTo: encodeURIComponent('/logged/binding') }),
    );
    expect(locationOf(signedIn).href).toBe(`${SITE}/logged/binding`);
    const sessionId = signedIn.cookies[SESSION_COOKIE]?.value ?? '';
    expect(signedIn.cookies[XSRF_COOKIE]?.value).toBe(t.app.xsrf.forSession(sessionId));
    expect(dataOf(await visitor.get<UserWire>('/v2/users/current')).userId).toBe(alice.userId);

    const offSite = browser();
    const home = await signInWithProvider(offSite, 'alice2-at-testid', { goTo: 'https://evil.example/steal' });
    expect(home.href).toBe(`${SITE}/home`);
  });

  it('binds to the signed-in caller, one identity per provider, and unbinds with the password', async () => {
    const signedIn = await t.login({ username: 'bob3', password: PASSWORD });
    const bob = signedIn.user;
    const client = browserSignedInAs(signedIn);

    const success = await signInWithProvider(client, 'bob-at-testid');
    expect(`${success.pathname}${success.search}`).toBe('/result/binding?status=success&type=testid');
    expect(await boundUserOf('bob-at-testid')).toBe(bob.userId);

    const second = await signInWithProvider(client, 'bob-second-at-testid');
    expect(`${second.pathname}${second.search}`).toBe('/result/binding?status=failure&type=testid&reason=alreadyBound');
    expect(await boundUserOf('bob-second-at-testid')).toBeNull();

    const taken = await signInWithProvider(browserSignedInAs(await t.login({ username: 'carol3' })), 'bob-at-testid');
    expect(taken.searchParams.get('reason')).toBe('boundToAnother');

    const wrongPassword = await client.put('/v2/thirdParty/unbind', {
      thirdPartyType: 'testid',
      password: 'Wrong1234',
    });
    expect(wrongPassword.body).toMatchObject({ errCode: ErrCode.Business, msg: 'Wrong password' });
    expect(
      (await client.put('/v2/thirdParty/unbind', { thirdPartyType: 'testid', password: PASSWORD }, { xsrf: false }))
        .body.errCode,
    ).toBe(ErrCode.Forbidden);
    expect(await boundUserOf('bob-at-testid')).toBe(bob.userId);

    expect(dataOf(await client.put('/v2/thirdParty/unbind', { thirdPartyType: 'testid', password: PASSWORD }))).toBe(
      true,
    );
    expect(dataOf(await client.get('/v2/thirdParty/list'))).toEqual([]);
    expect(
      dataOf(await browser().get('/v2/thirdParty/isBind', { query: { username: 'bob3', thirdPartyType: 'testid' } })),
    ).toBe(false);
    expect(
      (await client.put('/v2/thirdParty/unbind', { thirdPartyType: 'testid', password: PASSWORD })).body.errCode,
    ).toBe(ErrCode.Business);

    // Unbound, the identity leads to /bind again.
    expect((await signInWithProvider(browser(), 'bob-at-testid')).pathname).toBe('/bind');
  });

  it('refuses a used, forged, expired or foreign state, and a cancelled sign-in, without binding anything', async () => {
    const expectFailure = async (response: ApiResponse, reason: string) => {
      const location = locationOf(response);
      expect(location.pathname).toBe('/result/binding');
      expect(location.searchParams.get('status')).toBe('failure');
      expect(location.searchParams.get('reason')).toBe(reason);
    };
    const client = browser();
    const callback = await authorizeAtProvider(client, 'dave-at-testid');
    expect(locationOf(await arriveAtCallback(client, callback)).pathname).toBe('/bind');
    const before = await identityCount();

    await expectFailure(await arriveAtCallback(client, callback), 'expired');
    await expectFailure(
      await client.get('/v2/thirdParty/callback', { query: { code: 'forged', state: 'forged-state' } }),
      'expired',
    );
    await expectFailure(await client.get('/v2/thirdParty/callback'), 'expired');

    const stolen = await authorizeAtProvider(client, 'erin-at-testid');
    await expectFailure(await arriveAtCallback(browser(), stolen), 'expired');
    await expectFailure(await arriveAtCallback(client, stolen), 'expired');

    const late = await authorizeAtProvider(client, 'erin-at-testid');
    t.clock.advance({ minutes: 10, seconds: 1 });
    await expectFailure(await arriveAtCallback(client, late), 'expired');

    const start = locationOf(await client.get('/v2/thirdParty/authorize', { query: { type: 'testid' } }));
    const cancelled = await client.get('/v2/thirdParty/callback', {
      query: { error: 'access_denied', state: start.searchParams.get('state') ?? '' },
    });
    await expectFailure(cancelled, 'cancelled');
    expect(locationOf(cancelled).searchParams.get('type')).toBe('testid');

    expect(await identityCount()).toBe(before);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers errCode 2 for an unknown provider and errCode 4 for bad input', async () => {
    const unknown = await browser().get('/v2/thirdParty/authorize', { query: { type: 'nosuch' } });
    expect(unknown.body).toMatchObject({
      errCode: ErrCode.Business,
      msg: "Third-party sign-in with 'nosuch' is not available",
    });
    const bad = await browser().post('/v2/thirdParty/registerOrBind', {
      loginName: 'alice',
      password: PASSWORD,
      identityId: "' OR 1=1 --",
    });
    expect(bad.body.errCode).toBe(ErrCode.BadParams);
    expect((await browser().get('/v2/thirdParty/list')).body.errCode).toBe(ErrCode.NotLoggedIn);
  });
});

describe('third-party sign-in without providers', () => {
  it('lists none and refuses to authorize', async () => {
    const t = await createTestApp();
    try {
      const client = t.client({ locale: 'en_US' });
      expect(dataOf(await client.get('/v2/thirdParty/providers'))).toEqual([]);
      expect((await client.get('/v2/thirdParty/authorize', { query: { type: 'testid' } })).body.errCode).toBe(
        ErrCode.Business,
      );
      expect(
        dataOf(await client.get('/v2/thirdParty/isBind', { query: { username: 'nobody', thirdPartyType: 'testid' } })),
      ).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('third-party housekeeping', () => {
  it('forgets identities left unbound for a day, keeping bound ones and those the /bind page may still claim', async () => {
    const t = await createTestApp();
    try {
      await t.app.jobs.runDue();
      const user = await t.createUser();
      const now = t.clock.now().getTime();
      const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
      const identity = (identityId: string, fields: { userId: number | null; claimExpireDate: string }) => ({
        identityId,
        thirdPartyType: 'testid',
        subject: identityId,
        name: identityId,
        email: '',
        claimBrowserHash: '',
        createDate: at(48),
        updateDate: at(25),
        ...fields,
      });
      await t.db
        .insertInto('third_party_identities')
        .values([
          identity('left-unbound', { userId: null, claimExpireDate: at(24) }),
          identity('unbound-later', { userId: null, claimExpireDate: '' }),
          identity('bound', { userId: user.userId, claimExpireDate: '' }),
          { ...identity('still-claimable', { userId: null, claimExpireDate: at(-1) }), updateDate: at(0) },
        ])
        .execute();
      t.clock.advance({ hours: 1 });
      expect(await t.app.jobs.runDue()).toContain('thirdparty:sweep');
      const left = await t.db.selectFrom('third_party_identities').select('identityId').orderBy('identityId').execute();
      expect(left.map((row) => row.identityId)).toEqual(['bound', 'still-claimable']);
    } finally {
      await t.close();
    }
  });
});
