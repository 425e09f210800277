// Zipped theme apps on a node's host (issue 14; THEMES.md): index.html for `/` and the app's page paths,
// its files by path with their types, the theme's CSP, nosniff and an ETag; only the node's active,
// authorised theme; no way out of the package; the SDK. And the walls around it: the node host never
// sets a cookie for another host, refuses every /v2 call outside the site's surface even with the
// visitor's site session, the platform answers node origins no CORS grant, and a tossed XSRF token
// does not pass the platform's check (the token is bound to the session).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ErrCode, SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE } from '@tessera/domain';
import type { PresentableWire } from '@tessera/contract/exhibits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { createExhibit, createTestNode, FREE_EXHIBIT_POLICY, nodeWithExhibit } from '../exhibits/testing';
import { SiteBrowser, siteUrl } from '../nodesites/testing';
import { onlineResource, storedZip } from '../versions/testing';
import { themePathOf } from './zip-theme';

type Party = { client: TestClient; userId: number; sessionId: string };

const INDEX = '<!doctype html><title>Hostile?</title><script src="/app.js"></script>';
const THEME_FILES = {
  'index.html': INDEX,
  'app.js': 'document.title = "app";',
  'css/site.css': 'body { color: red }',
  'theme.json': '{"name":"test","sdk":1}',
  'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

describe('zipped theme apps on a node host', () => {
  let t: TestApp;
  let alice: Party;
  let bob: Party;
  let domain: string;
  let nodeId: number;
  let theme: PresentableWire;
  const siteHost = () => `${domain}.localhost:8080`;

  /** A request on the node's host as a script would make it (no sign-on detour). */
  const onSite = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: siteHost(), accept: '*/*', ...headers } });

  const setOnline = (client: TestClient, presentableId: string, onlineStatus: 0 | 1) =>
    client.put<true>(`/v2/presentables/${presentableId}/onlineStatus`, { onlineStatus }, { locale: 'en_US' });

  /** A theme exhibit of bob's theme package in the node, offline. */
  const themeExhibit = async (node: number, files: Record<string, string>) => {
    const file = await t.services.files.storeBytes(bob.userId, 'theme.zip', storedZip(files));
    const resource = await onlineResource(
      t,
      bob.client,
      { resourceTypeCode: 'theme' },
      { fileSha1: file.sha1, filename: 'theme.zip' },
    );
    return createExhibit(alice.client, node, resource, {
      policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_EXHIBIT_POLICY) }],
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const logIn = async (name: string) => {
      const { client, user, sessionId } = await t.login({ username: `${name}${process.pid}` });
      return { client, userId: user.userId, sessionId };
    };
    alice = await logIn('alice');
    bob = await logIn('bob');
    const node = await createTestNode(t, alice.userId, 'thm');
    nodeId = node.nodeId;
    domain = node.nodeDomain;
    theme = await themeExhibit(nodeId, THEME_FILES);
    dataOf(await setOnline(alice.client, theme.presentableId, 1));
  });
  afterAll(() => t.close());

  it('serves index.html for / and for the app’s page paths, with the theme’s CSP and nosniff', async () => {
    for (const path of ['/', '/index.html', '/exhibits/0123456789abcdef01234567', '/about/', '/a/b?c=d']) {
      const answer = await onSite(path, { accept: 'text/html' }).then((first) =>
        first.statusCode === 302 ? onSite(path, { accept: 'text/html', cookie: 'nodeSiteSsoTried=1' }) : first,
      );
      expect(answer.statusCode, path).toBe(200);
      expect(answer.body).toBe(INDEX);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(answer.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/localhost|unsafe-eval|\*/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
  });

  it('serves the app’s files by path with their types and revalidates them by ETag', async () => {
    const cases: [string, string][] = [
      ['/app.js', 'text/javascript; charset=utf-8'],
      ['/css/site.css', 'text/css; charset=utf-8'],
      ['/theme.json', 'application/json; charset=utf-8'],
      ['/logo.svg', 'image/svg+xml'],
    ];
    for (const [path, type] of cases) {
      const answer = await onSite(path);
      expect(answer.statusCode, path).toBe(200);
      expect(answer.headers['content-type']).toBe(type);
      expect(answer.body).toBe(THEME_FILES[path.slice(1) as keyof typeof THEME_FILES]);
      expect(answer.headers['cache-control']).toBe('private, no-cache');
      const etag = String(answer.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await onSite(path, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    expect((await onSite('/missing.js')).statusCode).toBe(404);
    expect((await onSite('/css/missing.css')).statusCode).toBe(404);
  });

  it('never leaves the package: dot segments, encoded slashes, backslashes and control characters', async () => {
    // Dot segments, also encoded, and backslashes are resolved by the URL parser before the server sees
    // the path (as in a browser): they stay inside the package. What is left must not name a file.
    for (const path of [
      '/css%2f..%2f..%2fapp.js',
      '/..%5capp.js',
      '/css%5c..%5capp.js',
      '//app.js',
      '/app.js%00.html',
      '/%E0%A4%A',
    ]) {
      const answer = await onSite(path);
      expect(answer.body, path).not.toBe(THEME_FILES['app.js']);
      expect([400, 404], path).toContain(answer.statusCode);
    }
    expect(themePathOf('/a/../b')).toBeUndefined();
    expect(themePathOf('/a/%2e%2e/b')).toBeUndefined();
    expect(themePathOf('/a%5c..%5cb')).toBeUndefined();
    expect(themePathOf('/a/b.js?x=../../y')).toBe('a/b.js');
    expect(themePathOf('/')).toBe('');
  });

  it('serves the SDK with the host’s node', async () => {
    const answer = await onSite('/_site/sdk.js');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toContain(`})({"nodeId":${nodeId}});`);
    expect(answer.body).toContain('requestAuthorization');
    expect(answer.body).not.toContain('TESSERA_SITE)');
  });

  it('serves only the active theme, and only while its node side and upstream hold', async () => {
    // An offline theme of the node: none of its files is reachable.
    const other = await themeExhibit(nodeId, { 'index.html': 'OTHER', 'only-other.js': 'secret()' });
    expect((await onSite('/only-other.js')).statusCode).toBe(404);
    expect((await onSite('/')).body).toBe(INDEX);

    // The node's contract on the theme stops being authorised: the default theme answers instead.
    const contractId = theme.resolveResources[0]?.contracts[0]?.contractId ?? '';
    const stored = await t.db
      .selectFrom('contracts')
      .select(['authStatus'])
      .where('contractId', '=', contractId)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('contracts').set({ authStatus: 0 }).where('contractId', '=', contractId).execute();
    const unauthorised = await onSite('/app.js');
    expect(unauthorised.body).not.toBe(THEME_FILES['app.js']);
    expect((await onSite('/', { cookie: 'nodeSiteSsoTried=1' })).body).not.toBe(INDEX);
    await t.db
      .updateTable('contracts')
      .set({ authStatus: stored.authStatus })
      .where('contractId', '=', contractId)
      .execute();
    expect((await onSite('/app.js')).body).toBe(THEME_FILES['app.js']);

    // Another theme becomes active: only its files are served.
    dataOf(await setOnline(alice.client, other.presentableId, 1));
    expect((await onSite('/only-other.js')).body).toBe('secret()');
    expect((await onSite('/app.js')).statusCode).toBe(404);
    dataOf(await setOnline(alice.client, theme.presentableId, 1));
    expect((await onSite('/app.js')).body).toBe(THEME_FILES['app.js']);
  });

  it('falls back to the default theme for a package without index.html', async () => {
    const node = await createTestNode(t, alice.userId, 'thx');
    const broken = await themeExhibit(node.nodeId, { 'app.js': 'x()' });
    dataOf(await setOnline(alice.client, broken.presentableId, 1));
    const answer = await t.app.inject({
      method: 'GET',
      url: '/app.js',
      headers: { host: `${node.nodeDomain}.localhost:8080`, accept: '*/*' },
    });
    expect(answer.body).not.toBe('x()');
  });

  describe('the walls around a theme', () => {
    let browser: SiteBrowser;
    let otherNode: { nodeId: number; exhibitId: string };

    beforeAll(async () => {
      // Alice, signed in on the platform, visits the node site: single sign-on gives her a site session.
      browser = new SiteBrowser(t);
      browser.setCookie('localhost', SESSION_COOKIE, alice.sessionId);
      browser.setCookie('localhost', UID_COOKIE, String(alice.userId));
      const page = await browser.navigate(siteUrl(domain));
      expect(page.text).toBe(INDEX);
      expect(browser.cookiesFor(siteUrl(domain))).toHaveProperty('nodeSiteSession');
      const { node, exhibit } = await nodeWithExhibit(t, bob);
      dataOf(await setOnline(bob.client, exhibit.presentableId, 1));
      otherNode = { nodeId: node.nodeId, exhibitId: exhibit.presentableId };
    });

    it('sets no cookie for another host, and never a platform cookie, on the node host', () => {
      const setCookies = browser.cookies.filter((cookie) => cookie.domain !== 'localhost');
      expect(setCookies.every((cookie) => cookie.hostOnly)).toBe(true);
      expect(browser.cookieNamesOf(`${domain}.localhost`)).not.toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^(${SESSION_COOKIE}|${UID_COOKIE}|${XSRF_COOKIE})$`)),
        ]),
      );
    });

    it('answers no Set-Cookie with a Domain attribute, on the platform or a node host', async () => {
      const login = await t.client().post('/v2/passport/login', { loginName: 'nobody', password: 'wrong-password' });
      const answers = [
        login.headers['set-cookie'],
        (await t.client().get('/v2/users/current')).headers['set-cookie'],
        (await t.app.inject({ url: '/', headers: { host: 'localhost:8080', accept: 'text/html' } })).headers[
          'set-cookie'
        ],
        ...(await browser.navigate(siteUrl(domain, '/_site/locale?lang=en_US&returnPath=%2F'))).hops.map(
          (hop) => hop.setCookies,
        ),
        ...(await browser.navigate(siteUrl(domain, '/_site/sso/start?returnPath=%2F'))).hops.map(
          (hop) => hop.setCookies,
        ),
      ];
      const lines = answers.flatMap((header) =>
        header === undefined ? [] : Array.isArray(header) ? header : [String(header)],
      );
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).not.toMatch(/;\s*domain=/i);
    });

    it('has no code that sets a cookie for a domain: every cookie the server sets is host-only', () => {
      const root = fileURLToPath(new URL('../..', import.meta.url));
      const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
        (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !/(^|\/)testing(\/|\.ts$)/.test(file),
      );
      const setting = sources.filter((file) =>
        /\b(setCookie|clearCookie)\(/.test(readFileSync(join(root, file), 'utf8')),
      );
      expect(setting.length).toBeGreaterThan(3);
      for (const file of setting) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/\bdomain\s*:/i);
      const app = readFileSync(join(root, 'app.ts'), 'utf8');
      expect(app).toMatch(/register\(fastifyCookie\);/);
    });

    it('refuses the platform’s other calls to the theme, with the visitor’s site session', async () => {
      const refused: [string, 'GET' | 'POST' | 'PUT'][] = [
        ['/v2/users/current', 'GET'],
        [`/v2/accounts/individualAccounts/${alice.userId}`, 'GET'],
        ['/v2/contracts', 'POST'],
        ['/v2/contracts', 'GET'],
        ['/v2/contracts/0123456789abcdef01234567/events/payment', 'POST'],
        ['/v2/accounts/individualAccounts', 'PUT'],
        ['/v2/nodes', 'GET'],
        [`/v2/exhibits/${otherNode.nodeId}`, 'GET'],
        [`/v2/exhibits/${otherNode.nodeId}/${otherNode.exhibitId}`, 'GET'],
        [`/v2/auths/exhibits/${otherNode.nodeId}/${otherNode.exhibitId}/fileStream`, 'GET'],
        [`/v2/auths/presentables/${otherNode.exhibitId}/result`, 'GET'],
      ];
      for (const [path, method] of refused) {
        const answer = await browser.fetch(siteUrl(domain, path), method);
        expect(answer.json<{ errCode: number }>().errCode, `${method} ${path}`).toBe(ErrCode.Forbidden);
      }
      // Its own node's exhibits stay readable.
      const own = await browser.fetch(siteUrl(domain, `/v2/exhibits/${nodeId}`));
      expect(own.json<{ errCode: number }>().errCode).toBe(0);
    });

    it('gives node origins no CORS grant on the platform', async () => {
      const origin = `http://${domain}.localhost:8080`;
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/v2/users/current',
        headers: {
          host: 'localhost:8080',
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'x-xsrf-token',
        },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const read = await t.app.inject({
        method: 'GET',
        url: '/v2/users/current',
        headers: { host: 'localhost:8080', origin },
        cookies: { [SESSION_COOKIE]: alice.sessionId },
      });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
      expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('refuses an XSRF token tossed from a node host: the token is bound to the session', async () => {
      // A theme can mint a valid visitor token (any anonymous answer carries one) and set it as a
      // cookie on the parent domain; with a platform session it is still not that session's token.
      const visitorAnswer = await t.app.inject({ url: '/v2/activities/list4Client', headers: { host: 'localhost' } });
      const tossed = visitorAnswer.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
      expect(tossed).toMatch(/\./);
      const write = await t.app.inject({
        method: 'PUT',
        url: '/v2/users/current/detailInfo',
        headers: { host: 'localhost:8080', 'x-xsrf-token': tossed, 'content-type': 'application/json' },
        cookies: { [SESSION_COOKIE]: alice.sessionId, [XSRF_COOKIE]: tossed },
        payload: JSON.stringify({ intro: 'tossed' }),
      });
      expect(write.json<{ errCode: number; msg: string }>()).toMatchObject({
        errCode: ErrCode.Forbidden,
        msg: expect.stringContaining('xsrf-token-invalid'),
      });
    });
  });
});
