// Node sites on their own hosts (issue 14): every site state for visitors, other users and the
// owner, in both languages; single sign-on from the platform end to end; the platform's API and
// cookies kept off node hosts. Runs on SQLite and, with DATABASE_URL, on PostgreSQL.
import { ErrCode, NodeVisibility, SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, MODULES, type TestApp } from '../../testing';
import type { NodeRow } from '../nodes';
import { SITE_SESSION_COOKIE, SSO_FLOW_COOKIE, SSO_TRIED_COOKIE } from './node-site-hosts';
import { platformUrl, seedSiteNode, SiteBrowser, siteUrl, updateSiteNode, type BrowserAnswer } from './testing';

let t: TestApp;
let owner: { userId: number; username: string; sessionId: string };
let other: { userId: number; username: string; sessionId: string };

beforeAll(async () => {
  // The states and the placeholder theme of this module alone (the site-themes module tests its themes).
  t = await createTestApp({ modules: MODULES.filter((module) => module.name !== 'sitethemes') });
  const signedIn = async () => {
    const { user, sessionId } = await t.login();
    return { userId: user.userId, username: user.username, sessionId };
  };
  owner = await signedIn();
  other = await signedIn();
});
afterAll(() => t.close());

const PLATFORM_COOKIES = [SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE];

/** A browser signed in on the platform (host-only cookies of `localhost`). */
function browserOf(user: { userId: number; sessionId: string } | null, acceptLanguage?: string): SiteBrowser {
  const browser = new SiteBrowser(t);
  if (acceptLanguage) browser.acceptLanguage = acceptLanguage;
  if (user) {
    browser.setCookie('localhost', SESSION_COOKIE, user.sessionId);
    browser.setCookie('localhost', UID_COOKIE, String(user.userId));
  }
  return browser;
}

const titleOf = (answer: BrowserAnswer) => /<h1>([^<]*)<\/h1>/.exec(answer.text)?.[1];

/** No answer on a node's host set a platform cookie. */
function expectNoPlatformCookieSet(answer: BrowserAnswer): void {
  for (const hop of answer.hops.filter((h) => new URL(h.url).hostname !== 'localhost')) {
    for (const name of PLATFORM_COOKIES) expect(hop.setCookies.join('\n')).not.toContain(`${name}=`);
  }
}

/** …and the browser holds no platform cookie for a node host, every cookie there host-only. */
function expectNoPlatformCookieOnNodeHosts(browser: SiteBrowser, answer: BrowserAnswer): void {
  expectNoPlatformCookieSet(answer);
  for (const cookie of browser.cookies.filter((c) => c.domain !== 'localhost')) {
    expect(PLATFORM_COOKIES).not.toContain(cookie.name);
    expect(cookie.hostOnly).toBe(true);
  }
}

describe('site states', () => {
  let open: NodeRow;
  beforeAll(async () => {
    open = await seedSiteNode(t, owner);
  });

  it('answers an unknown domain and a deleted node with "node not found" (404), in the request language', async () => {
    const unknown = await browserOf(null).navigate(siteUrl('nobody-here'));
    expect(unknown.status).toBe(404);
    expect(titleOf(unknown)).toBe('节点不存在');
    expect(unknown.hops).toHaveLength(1);
    const deleted = await seedSiteNode(t, owner, { isDeleted: 1 });
    const english = await browserOf(owner, 'en-GB,en;q=0.9').navigate(siteUrl(deleted.nodeDomain));
    expect(english.status).toBe(404);
    expect(titleOf(english)).toBe('Node not found');
    expect(english.text).toContain('href="http://localhost:8080"');
    // A host under the base domain that cannot be a node (two labels) names no node either.
    expect((await browserOf(null).navigate('http://a.b.localhost:8080/')).status).toBe(404);
  });

  it('shows the freeze notice to everyone, the owner included', async () => {
    const frozen = await seedSiteNode(t, owner, { status: 2 | 4 });
    for (const user of [null, other, owner]) {
      const answer = await browserOf(user).navigate(siteUrl(frozen.nodeDomain));
      expect(answer.status).toBe(403);
      expect(titleOf(answer)).toBe('节点已被冻结');
      expect(answer.text.includes('您是这个节点的所有者')).toBe(user === owner);
    }
  });

  it('shows visitors and other users the pause notice (escaped), and the owner the site with a banner', async () => {
    const paused = await seedSiteNode(t, owner, {
      visibility: NodeVisibility.Paused,
      nodeSuspendInfo: 'Back on <b>Monday</b>',
    });
    for (const user of [null, other]) {
      const answer = await browserOf(user, 'en').navigate(siteUrl(paused.nodeDomain));
      expect(answer.status).toBe(503);
      expect(titleOf(answer)).toBe('This node is paused');
      expect(answer.text).toContain('Back on &lt;b&gt;Monday&lt;/b&gt;');
      expect(answer.text).not.toContain('<b>Monday</b>');
    }
    const mine = await browserOf(owner, 'en').navigate(siteUrl(paused.nodeDomain));
    expect(mine.status).toBe(200);
    expect(titleOf(mine)).toBe('This node has no theme yet');
    expect(mine.text).toContain('This node is paused: visitors see the pause notice');
    expect(mine.text).toContain(`Signed in as ${owner.username}`);
  });

  it('keeps a private node to its owner', async () => {
    const secret = await seedSiteNode(t, owner, { visibility: NodeVisibility.Private, nodeThemeId: 'a'.repeat(24) });
    for (const user of [null, other]) {
      const answer = await browserOf(user, 'en').navigate(siteUrl(secret.nodeDomain));
      expect(answer.status).toBe(403);
      expect(titleOf(answer)).toBe('This node is private');
    }
    const mine = await browserOf(owner, 'en').navigate(siteUrl(secret.nodeDomain));
    expect(mine.status).toBe(200);
    expect(titleOf(mine)).toBe(secret.nodeTitle);
    expect(mine.text).toContain('This node is private: only you see the site.');
  });

  it('opens the test-node site to the signed-in owner only', async () => {
    for (const user of [null, other]) {
      const answer = await browserOf(user).navigate(siteUrl(open.nodeDomain, '/', true));
      expect(answer.status).toBe(403);
      expect(titleOf(answer)).toBe('测试节点：仅限所有者');
    }
    const mine = await browserOf(owner).navigate(siteUrl(open.nodeDomain, '/', true));
    expect(mine.status).toBe(200);
    expect(titleOf(mine)).toBe('测试节点即将推出');
    expect(mine.text).toContain(open.nodeName);
  });

  it('says "no theme yet" until a theme is active, then hands the site to the theme renderer (placeholder)', async () => {
    const visitor = browserOf(null, 'en');
    const before = await visitor.navigate(siteUrl(open.nodeDomain, '/exhibits?page=2'));
    expect(before.status).toBe(200);
    expect(titleOf(before)).toBe('This node has no theme yet');
    expect(before.text).not.toContain('license and activate a theme');
    expect((await browserOf(owner, 'en').navigate(siteUrl(open.nodeDomain))).text).toContain(
      'license and activate a theme',
    );
    await updateSiteNode(t, open.nodeId, { nodeThemeId: 'b'.repeat(24) });
    const themed = await visitor.navigate(siteUrl(open.nodeDomain));
    expect(themed.status).toBe(200);
    expect(titleOf(themed)).toBe(open.nodeTitle);
    expect(themed.text).toContain('theme will show its exhibits here');
    await updateSiteNode(t, open.nodeId, { nodeThemeId: '' });
  });

  it('switches the language with a link: a locale cookie on the node host wins over Accept-Language', async () => {
    const browser = browserOf(null, 'zh-CN');
    const page = await browser.navigate(siteUrl(open.nodeDomain, '/x?y=1'));
    expect(titleOf(page)).toBe('这个节点还没有主题');
    expect(page.text).toContain('href="/_site/locale?lang=en_US&amp;returnPath=%2Fx%3Fy%3D1"');
    const switched = await browser.navigate(
      siteUrl(open.nodeDomain, '/_site/locale?lang=en_US&returnPath=%2Fx%3Fy%3D1'),
    );
    expect(switched.hops[0]?.location).toBe('/x?y=1');
    expect(titleOf(switched)).toBe('This node has no theme yet');
    expect(browser.cookieNamesOf(`${open.nodeDomain}.localhost`)).toContain('locale');
    // An address elsewhere is not followed.
    const away = await browser.navigate(
      siteUrl(open.nodeDomain, '/_site/locale?lang=zh_CN&returnPath=%2F%2Fevil.example'),
    );
    expect(away.hops[0]?.location).toBe('/');
  });

  it('answers only GET and HEAD on a node host', async () => {
    const answer = await t.app.inject({ method: 'POST', url: '/', headers: { host: `${open.nodeDomain}.localhost` } });
    expect(answer.statusCode).toBe(405);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { host: `${open.nodeDomain}.localhost` } });
    expect(head.statusCode).toBe(200);
  });
});

describe('single sign-on', () => {
  let node: NodeRow;
  let secondNode: NodeRow;
  beforeAll(async () => {
    node = await seedSiteNode(t, owner, { visibility: NodeVisibility.Private });
    secondNode = await seedSiteNode(t, owner);
  });

  /** Starts a sign-on on the site and stops at the platform's answer: the callback address with the code. */
  async function codeFor(browser: SiteBrowser, nodeDomain: string, test = false): Promise<string> {
    const answer = await browser.navigate(siteUrl(nodeDomain, '/_site/sso/start?returnPath=%2Fhere', test), 1);
    const callback = answer.hops[1]?.location ?? '';
    const code = new URL(callback).searchParams.get('code');
    if (!code) throw new Error(`no code: ${JSON.stringify(answer.hops)}`);
    return code;
  }

  it('recognises a visitor signed in on the platform, with a host-only httpOnly Lax cookie on the node host', async () => {
    const browser = browserOf(owner);
    const answer = await browser.navigate(siteUrl(node.nodeDomain, '/gallery'));
    expect(answer.hops.map((hop) => `${hop.status} ${new URL(hop.url).host}${new URL(hop.url).pathname}`)).toEqual([
      `302 ${node.nodeDomain}.localhost:8080/gallery`,
      '302 localhost:8080/v2/nodeSites/sso/authorize',
      `302 ${node.nodeDomain}.localhost:8080/_site/sso/callback`,
      `200 ${node.nodeDomain}.localhost:8080/gallery`,
    ]);
    expect(titleOf(answer)).toBe('这个节点还没有主题');
    const setSession = answer.hops[2]?.setCookies.find((line) => line.startsWith(`${SITE_SESSION_COOKIE}=`)) ?? '';
    expect(setSession).toMatch(/HttpOnly/i);
    expect(setSession).toMatch(/SameSite=Lax/i);
    expect(setSession).not.toMatch(/Domain=/i);
    expectNoPlatformCookieOnNodeHosts(browser, answer);
    // Recognised from now on without another trip, and only on this site.
    const again = await browser.navigate(siteUrl(node.nodeDomain));
    expect(again.hops).toHaveLength(1);
    const current = (await browser.fetch(siteUrl(node.nodeDomain, '/v2/nodeSites/current'))).json<{
      data: { viewer: { userId: number } | null; isOwner: boolean; state: string };
    }>();
    expect(current.data).toMatchObject({ viewer: { userId: owner.userId }, isOwner: true, state: 'noTheme' });
    expect(browser.cookieNamesOf(`${secondNode.nodeDomain}.localhost`)).toEqual([]);
  });

  it('brings a signed-out visitor back anonymous once, and does not send them again (no loop)', async () => {
    const browser = browserOf(null);
    const first = await browser.navigate(siteUrl(node.nodeDomain, '/a'));
    expect(first.hops.map((hop) => hop.status)).toEqual([302, 302, 302, 403]);
    expect(first.hops[2]?.url).toContain('anonymous=1');
    expect(titleOf(first)).toBe('这是一个私密节点');
    expect(browser.cookieNamesOf(`${node.nodeDomain}.localhost`)).toEqual([SSO_TRIED_COOKIE]);
    const second = await browser.navigate(siteUrl(node.nodeDomain, '/b'));
    expect(second.hops).toHaveLength(1);
    expect(second.text).toContain('href="/_site/sso/start?returnPath=%2Fb"');
  });

  it('signs a signed-out visitor in through the platform sign-in page when they ask', async () => {
    const browser = browserOf(null);
    const answer = await browser.navigate(siteUrl(node.nodeDomain, '/_site/sso/start?returnPath=%2Fb'), 1);
    const login = new URL(answer.hops[1]?.location ?? '', platformUrl());
    expect(login.pathname).toBe('/login');
    const goTo = login.searchParams.get('goTo') ?? '';
    expect(goTo.startsWith('/v2/nodeSites/sso/authorize?')).toBe(true);
    expect(new URLSearchParams(goTo.split('?')[1]).get('prompt')).toBe('none');
    // Signed in on the platform meanwhile, the page's next step (goTo) lands on the site as the owner.
    browser.setCookie('localhost', SESSION_COOKIE, owner.sessionId);
    const landed = await browser.navigate(platformUrl(goTo));
    expect(landed.url).toBe(siteUrl(node.nodeDomain, '/b'));
    expect(landed.status).toBe(200);
    expect(titleOf(landed)).toBe('这个节点还没有主题');
  });

  it('takes a code once, within a minute, on its own site, from the browser that asked', async () => {
    const browser = browserOf(owner);
    const callback = (code: string, domain = node.nodeDomain, test = false) =>
      siteUrl(domain, `/_site/sso/callback?code=${code}`, test);
    const sessionSet = (answer: BrowserAnswer) =>
      answer.hops.some((hop) => hop.setCookies.some((line) => line.startsWith(`${SITE_SESSION_COOKIE}=`)));

    // Single use: a second exchange of the same code fails.
    const code = await codeFor(browser, node.nodeDomain);
    const verifier = browser.cookiesFor(siteUrl(node.nodeDomain, '/_site/sso/callback'))[SSO_FLOW_COOKIE] ?? '';
    const used = await browser.navigate(callback(code), 0);
    expect(sessionSet(used)).toBe(true);
    expect(used.hops[0]?.location).toBe('/here');
    browser.setCookie(`${node.nodeDomain}.localhost`, SSO_FLOW_COOKIE, verifier, '/_site/sso');
    expect(sessionSet(await browser.navigate(callback(code), 0))).toBe(false);

    // Expiry: a code older than a minute fails.
    const late = await codeFor(browser, node.nodeDomain);
    t.clock.advance({ seconds: 61 });
    const lateAnswer = await browser.navigate(callback(late), 0);
    expect(sessionSet(lateAnswer)).toBe(false);
    expect(lateAnswer.hops[0]?.location).toBe('/');

    // Bound to the site: presented at another node's callback, or at the test-node site, it fails.
    for (const [domain, test] of [
      [secondNode.nodeDomain, false],
      [node.nodeDomain, true],
    ] as const) {
      const stolen = await codeFor(browser, node.nodeDomain);
      const flow = browser.cookiesFor(siteUrl(node.nodeDomain, '/_site/sso/callback'))[SSO_FLOW_COOKIE] ?? '';
      const host = `${domain}${test ? '.t' : ''}.localhost`;
      browser.setCookie(host, SSO_FLOW_COOKIE, flow, '/_site/sso');
      expect(sessionSet(await browser.navigate(callback(stolen, domain, test), 0))).toBe(false);
      // …and the code is spent there: the right site cannot use it after.
      expect(sessionSet(await browser.navigate(callback(stolen), 0))).toBe(false);
    }

    // Bound to the browser: another browser (without the verifier) cannot use an intercepted code.
    const intercepted = await codeFor(browser, node.nodeDomain);
    const thief = browserOf(null);
    expect(sessionSet(await thief.navigate(callback(intercepted), 0))).toBe(false);
  });

  it('opens one session from a code taken twice at the same moment', async () => {
    const browser = browserOf(owner);
    const code = await codeFor(browser, node.nodeDomain);
    const url = siteUrl(node.nodeDomain, `/_site/sso/callback?code=${code}`);
    const cookies = browser.cookiesFor(url);
    const answers = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'GET',
          url: new URL(url).pathname + new URL(url).search,
          headers: { host: new URL(url).host },
          cookies,
        }),
      ),
    );
    const opened = answers.filter((answer) => answer.cookies.some((cookie) => cookie.name === SITE_SESSION_COOKIE));
    expect(opened).toHaveLength(1);
  });

  it('recognises a frozen user, whose calls then answer as frozen (ret 4, errCode 10) as on the platform', async () => {
    const { user, sessionId } = await t.login({ status: 1 });
    const browser = browserOf({ userId: user.userId, sessionId });
    const page = await browser.navigate(siteUrl(secondNode.nodeDomain));
    expect(page.text).toContain(`已登录：${user.username}`);
    expect((await browser.fetch(siteUrl(secondNode.nodeDomain, '/v2/nodeSites/current'))).json()).toMatchObject({
      ret: 4,
      errCode: ErrCode.Frozen,
    });
  });

  it('refuses an unknown node at the platform, and a return address off the site', async () => {
    const browser = browserOf(owner);
    const unknown = await browser.fetch(
      platformUrl(`/v2/nodeSites/sso/authorize?nodeDomain=nobody-here&challenge=${'a'.repeat(43)}`),
    );
    expect(unknown.json()).toMatchObject({ errCode: ErrCode.Business });
    const offSite = await browser.navigate(siteUrl(node.nodeDomain, '/_site/sso/start?returnPath=%2F%2Fevil.example'));
    expect(offSite.url).toBe(siteUrl(node.nodeDomain, '/'));
  });

  it('ends the node-site session when the platform session ends (sign-out)', async () => {
    const { sessionId } = await t.services.identity.openSession({ userId: owner.userId });
    const browser = browserOf({ userId: owner.userId, sessionId });
    await browser.navigate(siteUrl(node.nodeDomain));
    const current = async () =>
      (await browser.fetch(siteUrl(node.nodeDomain, '/v2/nodeSites/current'))).json<{ data: { viewer: unknown } }>()
        .data.viewer;
    expect(await current()).toMatchObject({ userId: owner.userId });
    const logout = await browser.navigate(platformUrl('/v2/passport/logout'), 0);
    expect(logout.status).toBe(200);
    expect(await current()).toBeNull();
    expect(browser.cookieNamesOf(`${node.nodeDomain}.localhost`)).not.toContain(SITE_SESSION_COOKIE);
  });

  it('ends a node-site session after 12 hours', async () => {
    const browser = browserOf(owner);
    await browser.navigate(siteUrl(secondNode.nodeDomain));
    const viewer = async () =>
      (await browser.fetch(siteUrl(secondNode.nodeDomain, '/v2/nodeSites/current'))).json<{
        data: { viewer: unknown };
      }>().data.viewer;
    expect(await viewer()).not.toBeNull();
    t.clock.advance({ hours: 12 });
    expect(await viewer()).toBeNull();
  });
});

describe('the platform kept off node hosts', () => {
  let node: NodeRow;
  let otherNode: NodeRow;
  let browser: SiteBrowser;
  beforeAll(async () => {
    node = await seedSiteNode(t, owner, { visibility: NodeVisibility.Private });
    otherNode = await seedSiteNode(t, other);
    browser = browserOf(owner);
    await browser.navigate(siteUrl(node.nodeDomain));
  });

  const envelope = (answer: BrowserAnswer) => answer.json<{ errCode: number; msg: string; data: unknown }>();

  it('refuses the account, wallet and contract calls to a node-site session', async () => {
    for (const path of [
      '/v2/users/current',
      '/v2/accounts/individualAccounts/1',
      `/v2/nodes/${node.nodeId}`,
      '/v2/storages/buckets',
      '/v2/docs/json',
    ]) {
      const answer = await browser.fetch(siteUrl(node.nodeDomain, path));
      expect(envelope(answer), path).toMatchObject({ errCode: ErrCode.Forbidden, msg: '节点站点不能调用此接口' });
    }
    for (const path of [
      '/v2/contracts/0123456789abcdef01234567/pay',
      '/v2/activities/facade/sign',
      '/v2/passport/logout',
    ]) {
      const answer = await browser.fetch(siteUrl(node.nodeDomain, path), path.endsWith('/pay') ? 'POST' : 'GET');
      expect(envelope(answer).errCode, path).toBe(ErrCode.Forbidden);
    }
  });

  it('lets the site call its own exhibits and auths, never another node’s', async () => {
    const states = await browser.fetch(siteUrl(node.nodeDomain, '/v2/auths/presentables/serviceStates'));
    expect(envelope(states).errCode).toBe(ErrCode.Success);
    const own = envelope(await browser.fetch(siteUrl(node.nodeDomain, `/v2/exhibits/${node.nodeId}`)));
    expect(own.msg).not.toBe('节点站点不能调用此接口');
    for (const path of [
      `/v2/exhibits/${otherNode.nodeId}`,
      `/v2/auths/exhibits/${otherNode.nodeId}/0123456789abcdef01234567/result`,
      `/v2/exhibits/${node.nodeId}/test`,
      `/v2/exhibits/${node.nodeId}%2F..%2F..%2Fusers%2Fcurrent`,
    ]) {
      expect(envelope(await browser.fetch(siteUrl(node.nodeDomain, path))), path).toMatchObject({
        errCode: ErrCode.Forbidden,
      });
    }
  });

  it('neither reads the platform session on a node host nor sets a platform cookie there', async () => {
    const forged = new SiteBrowser(t);
    const host = `${node.nodeDomain}.localhost`;
    forged.setCookie(host, SESSION_COOKIE, owner.sessionId);
    forged.setCookie(host, SSO_TRIED_COOKIE, '1');
    const page = await forged.navigate(siteUrl(node.nodeDomain));
    expect(titleOf(page)).toBe('这是一个私密节点');
    const current = await forged.fetch(siteUrl(node.nodeDomain, '/v2/nodeSites/current'));
    expect(envelope(current).data).toMatchObject({ viewer: null, isOwner: false, state: 'private', node: null });
    const bearer = await t.app.inject({
      method: 'GET',
      url: '/v2/nodeSites/current',
      headers: { host, authorization: `Bearer ${owner.sessionId}` },
    });
    expect(JSON.parse(bearer.body).data.viewer).toBeNull();
    for (const answer of [page, current]) expectNoPlatformCookieSet(answer);
    expect(bearer.cookies.map((cookie) => cookie.name)).toEqual([]);
  });

  it('does not take one node’s site session on another node’s host', async () => {
    const session = browser.cookiesFor(siteUrl(node.nodeDomain))[SITE_SESSION_COOKIE] ?? '';
    expect(session).not.toBe('');
    const moved = new SiteBrowser(t);
    moved.setCookie(`${otherNode.nodeDomain}.localhost`, SITE_SESSION_COOKIE, session);
    const current = await moved.fetch(siteUrl(otherNode.nodeDomain, '/v2/nodeSites/current'));
    expect(envelope(current).data).toMatchObject({ viewer: null });
  });

  it('answers the site’s own calls as unknown on the platform host', async () => {
    const platform = browserOf(owner);
    expect(envelope(await platform.fetch(platformUrl('/v2/nodeSites/current')))).toMatchObject({
      errCode: ErrCode.Business,
    });
    expect((await platform.navigate(platformUrl('/_site/sso/callback?code=x'))).status).toBe(404);
  });
});
