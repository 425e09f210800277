// Every route of the OpenAPI document, called on a node's host (`{nodeDomain}.localhost`) by a browser
// holding the owner's node-site session and, forged onto that host, the owner's platform session cookie
// and a valid XSRF token: only the calls of the node-site surface (the node's own exhibit and auth reads,
// the site's own calls) are served; everything else answers errCode 3, stores nothing, and no answer
// on the node host sets a platform cookie. The site routes outside /v2 are walked too.
import { ErrCode, SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE } from '@tessera/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
import { isNodeSiteApiCall } from '../modules/nodesites';
import { seedSiteNode, SiteBrowser, siteUrl } from '../modules/nodesites/testing';
import {
  Caller,
  changedTables,
  documentedRoutes,
  errCodeOf,
  exampleRequest,
  formViolations,
  rowCounts,
  Tally,
  type Answer,
  type AttackRequest,
} from './testing';

const tally = new Tally('node-hosts', 'The platform’s API called on a node’s host');
const t = await createTestApp();
afterAll(() => t.close());
const { user, sessionId } = await t.login();
const node = await seedSiteNode(t, user);
const host = `${node.nodeDomain}.localhost:8080`;

// The owner's node-site session, opened the way a browser opens it (single sign-on).
const browser = new SiteBrowser(t);
browser.setCookie('localhost', SESSION_COOKIE, sessionId);
await browser.navigate(siteUrl(node.nodeDomain));
const siteCookies = browser.cookiesFor(siteUrl(node.nodeDomain));
const client = t.client({
  cookies: { ...siteCookies, [SESSION_COOKIE]: sessionId, [UID_COOKIE]: String(user.userId) },
});
const owner = new Caller(t, tally, client);
const routes = documentedRoutes(t.app);
const PLATFORM_COOKIES = [SESSION_COOKIE, UID_COOKIE, XSRF_COOKIE];

function platformCookiesSet(answer: Answer): string[] {
  const header = answer.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return lines.filter((line) => PLATFORM_COOKIES.some((name) => line.startsWith(`${name}=`)));
}

/** The node site's own page (its footer), not an answer of the platform's. */
const isSitePage = (answer: Answer) =>
  String(answer.headers['content-type'] ?? '').includes('text/html') &&
  /由 Tessera 提供支持|Powered by Tessera/.test(answer.text);

/** Where a node host may send the browser: its own paths, or the platform's sign-on hand-off. */
function redirectViolation(answer: Answer, at: string): string[] {
  const location = String(answer.headers.location ?? '');
  if (answer.status < 300 || answer.status >= 400) return [];
  if (/^\/(?![/\\])/.test(location) || location.startsWith('http://localhost:8080/v2/nodeSites/sso/authorize?'))
    return [];
  return [`redirect to ${location.slice(0, 100)}: ${at}`];
}

async function onNodeHost(routeKey: string | null, request: AttackRequest): Promise<string[]> {
  const violations: string[] = [];
  const before = await rowCounts(t);
  const route = routes.find((candidate) => candidate.key === routeKey) ?? null;
  const answer = await owner.send(route, { ...request, headers: { ...request.headers, host } });
  const at = `${request.method} ${request.url}`;
  if (/^\/v[23]\//.test(request.url)) {
    const allowed =
      routeKey === 'GET /v2/nodeSites/current' ||
      isNodeSiteApiCall(
        { method: request.method, url: request.url, routeUrl: undefined },
        { nodeId: node.nodeId, test: false },
      );
    violations.push(...formViolations(route, request, answer));
    if (!allowed && errCodeOf(answer) !== ErrCode.Forbidden)
      violations.push(`served on a node host (errCode ${errCodeOf(answer)}): ${at}`);
  } else {
    // Outside /v2 a node host answers its own pages and routes: a page, a redirect, a short refusal.
    violations.push(...redirectViolation(answer, at));
    const ownRoute = request.url.startsWith('/_site/');
    if (answer.status < 300 && !isSitePage(answer) && !ownRoute)
      violations.push(`the platform answered on a node host (HTTP ${answer.status}): ${at}`);
    if (answer.status >= 500) violations.push(`HTTP ${answer.status}: ${at}`);
  }
  const changed = changedTables(before, await rowCounts(t));
  if (changed.length > 0) violations.push(`stored (${changed.join(', ')}): ${at}`);
  for (const line of platformCookiesSet(answer)) violations.push(`platform cookie set on a node host (${line}): ${at}`);
  return violations;
}

describe('node hosts', () => {
  it('has a node-site session to attack with', () => expect(siteCookies).toHaveProperty('nodeSiteSession'));

  for (const route of routes) {
    tally.case(`node-host ${route.key}`, () =>
      onNodeHost(
        route.key,
        exampleRequest(route, (name) => (name === 'nodeId' ? node.nodeId : undefined)),
      ),
    );
  }

  const SITE_PAGES = [
    '/',
    '/_site/sso/start?returnPath=%2F%2Fevil.example',
    '/_site/sso/callback?code=forged',
    '/_site/sso/callback?anonymous=1&returnPath=https%3A%2F%2Fevil.example',
    '/_site/locale?lang=en_US&returnPath=%5C%5Cevil.example',
    '/i18n/texts.json',
    '/avatars/1',
    '/assets/index.js',
  ];
  for (const url of SITE_PAGES) {
    tally.case(`node-host GET ${url}`, () =>
      onNodeHost(null, { method: 'GET', url, headers: { accept: 'text/html' } }),
    );
  }
});
