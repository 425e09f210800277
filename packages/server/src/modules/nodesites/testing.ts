// Test helpers of the node-sites module: nodes in any state, and a browser that keeps cookies per
// host the way Chromium does (host-only cookies go to their exact host name only, whatever the port;
// Path prefixes apply) and follows redirects across hosts, so single sign-on is tested end to end.
import type { LightMyRequestResponse } from 'fastify';
import type { NodeRow } from '../nodes';
import type { TestApp } from '../../testing';

let seeded = 0;

export type NodeChanges = Partial<
  Pick<NodeRow, 'visibility' | 'nodeSuspendInfo' | 'status' | 'isDeleted' | 'nodeThemeId' | 'nodeTitle'>
>;

/** A node row of `owner` (written directly: the nodes module's own calls are tested there). */
export async function seedSiteNode(
  t: TestApp,
  owner: { userId: number; username: string },
  changes: NodeChanges = {},
): Promise<NodeRow> {
  seeded += 1;
  const nodeName = `site${process.pid}x${seeded}`;
  const at = t.clock.now().toISOString();
  return t.db
    .insertInto('nodes')
    .values({
      nodeName,
      nodeNameKey: nodeName.toLowerCase(),
      nodeDomain: nodeName.toLowerCase(),
      nodeTitle: `Title of ${nodeName}`,
      nodeShortDescription: '',
      nodeLogo: '',
      nodeThemeId: '',
      nodeTestThemeId: '',
      ownerUserId: owner.userId,
      ownerUserName: owner.username,
      visibility: 1,
      nodeSuspendInfo: '',
      status: 2,
      freezeReason: '',
      freezeRemark: '',
      tags: '[]',
      isDeleted: 0,
      createDate: at,
      updateDate: at,
      ...changes,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSiteNode(t: TestApp, nodeId: number, changes: NodeChanges): Promise<void> {
  await t.db.updateTable('nodes').set(changes).where('nodeId', '=', nodeId).execute();
}

type StoredCookie = { name: string; value: string; hostOnly: boolean; domain: string; path: string };

export type Hop = { url: string; status: number; location: string | undefined; setCookies: string[] };

export type BrowserAnswer = {
  status: number;
  url: string;
  text: string;
  headers: LightMyRequestResponse['headers'];
  /** Every answer on the way, redirects included. */
  hops: Hop[];
  json<T = unknown>(): T;
};

export const PORT = 8080;
export const platformUrl = (path = '/') => `http://localhost:${PORT}${path}`;
export const siteUrl = (nodeDomain: string, path = '/', test = false) =>
  `http://${nodeDomain}${test ? '.t' : ''}.localhost:${PORT}${path}`;

/** A browser: one cookie jar for every host, sent by the rules browsers use, redirects followed. */
export class SiteBrowser {
  readonly #t: TestApp;
  readonly cookies: StoredCookie[] = [];
  acceptLanguage: string | undefined;

  constructor(t: TestApp) {
    this.#t = t;
  }

  /** Cookies this browser would send to a URL. */
  cookiesFor(url: string): Record<string, string> {
    const { hostname, pathname } = new URL(url);
    const sent: Record<string, string> = {};
    for (const cookie of this.cookies) {
      const hostMatches = cookie.hostOnly
        ? hostname === cookie.domain
        : hostname === cookie.domain || hostname.endsWith(`.${cookie.domain}`);
      const pathMatches =
        pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`);
      if (hostMatches && pathMatches) sent[cookie.name] = cookie.value;
    }
    return sent;
  }

  /** Names of the cookies held for a host name. */
  cookieNamesOf(hostname: string): string[] {
    return this.cookies
      .filter((cookie) => cookie.domain === hostname)
      .map((cookie) => cookie.name)
      .sort();
  }

  /** Adds a cookie as if a host had set it (host-only). */
  setCookie(hostname: string, name: string, value: string, path = '/'): void {
    this.#store({ name, value, hostOnly: true, domain: hostname, path });
  }

  #store(cookie: StoredCookie): void {
    const index = this.cookies.findIndex(
      (held) => held.name === cookie.name && held.domain === cookie.domain && held.path === cookie.path,
    );
    if (index !== -1) this.cookies.splice(index, 1);
    this.cookies.push(cookie);
  }

  #remember(url: string, response: LightMyRequestResponse): void {
    const { hostname } = new URL(url);
    for (const cookie of response.cookies) {
      const domain = cookie.domain ? cookie.domain.replace(/^\./, '') : hostname;
      const stored = {
        name: cookie.name,
        value: cookie.value,
        hostOnly: !cookie.domain,
        domain,
        path: cookie.path ?? '/',
      };
      const index = this.cookies.findIndex(
        (held) => held.name === stored.name && held.domain === stored.domain && held.path === stored.path,
      );
      if (index !== -1) this.cookies.splice(index, 1);
      const expired = cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (!expired) this.cookies.push(stored);
    }
  }

  /** A top-level navigation (Accept: text/html), following up to `maxRedirects` redirects. */
  async navigate(url: string, maxRedirects = 10): Promise<BrowserAnswer> {
    return this.#go(url, { accept: 'text/html,application/xhtml+xml' }, maxRedirects);
  }

  /** A script's same-origin fetch with credentials (no redirects followed). */
  async fetch(url: string, method: 'GET' | 'POST' | 'DELETE' | 'PUT' = 'GET'): Promise<BrowserAnswer> {
    return this.#go(url, { accept: 'application/json' }, 0, method);
  }

  async #go(
    start: string,
    headers: Record<string, string>,
    maxRedirects: number,
    method = 'GET',
  ): Promise<BrowserAnswer> {
    const hops: Hop[] = [];
    let url = start;
    for (;;) {
      const target = new URL(url);
      const response = await this.#t.app.inject({
        method: method as 'GET',
        url: `${target.pathname}${target.search}`,
        headers: {
          host: target.host,
          ...headers,
          ...(this.acceptLanguage ? { 'accept-language': this.acceptLanguage } : {}),
        },
        cookies: this.cookiesFor(url),
      });
      this.#remember(url, response);
      const location = response.headers.location === undefined ? undefined : String(response.headers.location);
      const setCookie = response.headers['set-cookie'];
      hops.push({
        url,
        status: response.statusCode,
        location,
        setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)],
      });
      if (
        location === undefined ||
        response.statusCode < 300 ||
        response.statusCode >= 400 ||
        hops.length > maxRedirects
      ) {
        return {
          status: response.statusCode,
          url,
          text: response.body,
          headers: response.headers,
          hops,
          json: <T>() => JSON.parse(response.body) as T,
        };
      }
      url = new URL(location, url).href;
      method = 'GET';
    }
  }
}
