// The node-site side of the request gate (platform/site-hosts.ts): on a node's host only the site's
// pages, the site's own routes and the /v2 calls of api-surface.ts are served, with the site's own
// session; the platform's session cookie is never read there.
import { ErrCode, NodeVisibility, type Language } from '@tessera/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { BoundedMap } from '../../platform/bounded-map';
import { isApiPath, isPageNavigation } from '../../platform/http/requests';
import type { Translator } from '../../platform/messages';
import type { PortList } from '../../platform/modules';
import type { RequestSession } from '../../platform/session';
import type { SiteAddress, SiteEntry, SiteHostHandler } from '../../platform/site-hosts';
import type { NodeQueries, NodeRow } from '../nodes';
import { isNodeSiteApiCall } from './api-surface';
import { hostnameOf, localPath, platformOrigin, siteAddressOf } from './hosts';
import { renderPage, type PageContent, type PageFrame } from './pages';
import { siteStateOf, STATE_STATUS, type SiteState } from './site-state';
import { challengeOf, newVerifier, type NodeSiteSso, type SiteKey } from './sso';
import { placeholderThemeRenderer, type NodeSiteThemeRenderer } from './theme-site';

/** The site session (httpOnly, host-only on the node's host, SameSite=Lax, ends with the browser). */
export const SITE_SESSION_COOKIE = 'nodeSiteSession';
/** The verifier of a sign-on under way (only sent to /_site/sso). */
export const SSO_FLOW_COOKIE = 'nodeSiteSso';
export const SSO_FLOW_PATH = '/_site/sso';
export const SSO_FLOW_LIFETIME_S = 600;
/** A sign-on was tried lately: pages do not send the browser to the platform again (no loop). */
export const SSO_TRIED_COOKIE = 'nodeSiteSsoTried';
export const SSO_TRIED_LIFETIME_S = 600;

export const AUTHORIZE_PATH = '/v2/nodeSites/sso/authorize';

export type Users = { findUser(userId: number): Promise<{ username: string } | undefined> };

type Deps = {
  baseDomain: string;
  nodes: Pick<NodeQueries, 'findNodeByDomain'>;
  sso: NodeSiteSso;
  users: Users;
  texts: Translator;
  theme: PortList<NodeSiteThemeRenderer>;
};

const KEPT_HOSTS = 1000;

const isReadMethod = (method: string) => method === 'GET' || method === 'HEAD';

export class NodeSiteHosts implements SiteHostHandler {
  readonly #deps: Deps;
  /** The node of each request on a node host (for the site's own routes). */
  readonly #nodes = new WeakMap<FastifyRequest, NodeRow>();
  readonly #sites = new BoundedMap<string, SiteAddress | null>(KEPT_HOSTS);

  constructor(deps: Deps) {
    this.#deps = deps;
  }

  get baseDomain(): string {
    return this.#deps.baseDomain;
  }

  /** Every request asks; a server answers few host names, so each one's answer is kept (issue 15). */
  siteOf(request: FastifyRequest): SiteAddress | null {
    return this.siteOfHost(request.host);
  }

  siteOfHost(host: string): SiteAddress | null {
    let site = this.#sites.get(host);
    if (site === undefined) {
      site = siteAddressOf(hostnameOf(host), this.#deps.baseDomain);
      // The Host header is the caller's to write: a flood of made-up names must not grow the map.
      this.#sites.set(host, site);
    }
    return site;
  }

  /** The live node of a request on its host (undefined on the platform, for a deleted or unknown node). */
  nodeOf(request: FastifyRequest): NodeRow | undefined {
    return this.#nodes.get(request);
  }

  async enter(request: FastifyRequest, reply: FastifyReply, site: SiteAddress): Promise<SiteEntry> {
    const node = site.name === '' ? undefined : await this.#deps.nodes.findNodeByDomain(site.name);
    if (node) this.#nodes.set(request, node);
    const session = node
      ? await this.#siteSession(request, reply, { nodeDomain: node.nodeDomain, test: site.test })
      : null;
    const ownRoute = request.routeOptions.config.siteRoute === true;
    if (isApiPath(request.url)) {
      const allowed =
        isReadMethod(request.method) &&
        (ownRoute ||
          (node !== undefined &&
            isNodeSiteApiCall(
              {
                method: request.method,
                url: request.url,
                routeUrl: request.is404 ? undefined : request.routeOptions.url,
              },
              { nodeId: node.nodeId, test: site.test },
            )));
      if (!allowed) throw new AppError(ErrCode.Forbidden, 'nodesites.apiNotAllowed');
      return { answered: false, session };
    }
    if (!isReadMethod(request.method)) {
      reply.code(405).header('allow', 'GET, HEAD').type('text/plain; charset=utf-8').send('Method not allowed');
      return { answered: true };
    }
    if (ownRoute || request.routeOptions.config.alsoOnSites === true) return { answered: false, session };
    await this.#answerPage(request, reply, site, node, session);
    return { answered: true };
  }

  async #siteSession(request: FastifyRequest, reply: FastifyReply, site: SiteKey): Promise<RequestSession | null> {
    const presented = request.cookies[SITE_SESSION_COOKIE];
    if (!presented) return null;
    const session = await this.#deps.sso.sessionOf(presented, site);
    if (!session) reply.clearCookie(SITE_SESSION_COOKIE, { path: '/' });
    return session;
  }

  platformUrl(request: FastifyRequest): string {
    return platformOrigin(request.protocol, request.host, this.#deps.baseDomain);
  }

  /**
   * Sends the browser to the platform to learn who it is: a fresh verifier in the flow cookie, its
   * challenge in the address. `prompt` login: a signed-out browser signs in on the platform first.
   */
  startSignOn(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteKey,
    returnPath: string,
    prompt: 'none' | 'login',
  ): FastifyReply {
    const verifier = newVerifier();
    reply.setCookie(SSO_FLOW_COOKIE, verifier, {
      path: SSO_FLOW_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: SSO_FLOW_LIFETIME_S,
    });
    const query = new URLSearchParams({
      nodeDomain: site.nodeDomain,
      testSite: site.test ? '1' : '0',
      challenge: challengeOf(verifier),
      returnPath: localPath(returnPath),
      prompt,
    });
    return reply
      .header('cache-control', 'no-store')
      .redirect(`${this.platformUrl(request)}${AUTHORIZE_PATH}?${query.toString()}`, 302);
  }

  /** The page frame of a request on a node host: language, the way back, sign-in and sign-out. */
  async frameOf(
    request: FastifyRequest,
    node: NodeRow | undefined,
    session: RequestSession | null,
  ): Promise<PageFrame> {
    const platformUrl = this.platformUrl(request);
    const viewer = session ? await this.#deps.users.findUser(session.user.userId) : undefined;
    return {
      language: request.language as Language,
      texts: this.#deps.texts,
      siteName: node ? node.nodeTitle || node.nodeName : '',
      platformUrl,
      signInUrl: node
        ? `/_site/sso/start?${new URLSearchParams({ returnPath: localPath(request.url) }).toString()}`
        : null,
      signOutUrl: `${platformUrl}/v2/passport/logout?returnUrl=%2F`,
      currentPath: localPath(request.url),
      viewer: viewer ? { username: viewer.username } : null,
    };
  }

  async #answerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteAddress,
    node: NodeRow | undefined,
    session: RequestSession | null,
  ): Promise<void> {
    const state = siteStateOf(node, session?.user.userId ?? null, site.test);
    reply.header('cache-control', 'private, no-store');
    if (node && !session && isPageNavigation(request) && request.cookies[SSO_TRIED_COOKIE] === undefined) {
      this.startSignOn(request, reply, { nodeDomain: node.nodeDomain, test: site.test }, request.url, 'none');
      return;
    }
    const frame = await this.frameOf(request, node, session);
    // With a theme renderer (the site-themes module), a node without an active theme shows the default theme.
    const renderer = this.#deps.theme.optional();
    if (state.kind === 'site' || (state.kind === 'noTheme' && renderer)) {
      const answer = await (renderer ?? placeholderThemeRenderer).renderSiteWithTheme({
        node: state.node,
        url: request.url,
        origin: `${request.protocol}://${request.host}`,
        language: frame.language,
        viewer: session && frame.viewer ? { userId: session.user.userId, username: frame.viewer.username } : null,
        isOwner: state.isOwner,
        ownerBannerKey: ownerBannerOf(state.node, state.isOwner),
        frame,
        ...(request.headers['if-none-match'] ? { ifNoneMatch: request.headers['if-none-match'] } : {}),
      });
      reply
        .code(answer.status)
        .headers(answer.headers ?? {})
        .type(answer.contentType)
        .send(answer.body);
      return;
    }
    reply
      .code(STATE_STATUS[state.kind])
      .type('text/html; charset=utf-8')
      .send(renderPage(frame, pageContentOf(state)));
  }
}

function ownerBannerOf(node: NodeRow, isOwner: boolean): string | undefined {
  if (!isOwner) return undefined;
  if (node.visibility === NodeVisibility.Paused) return 'nodesites.owner.pausedBanner';
  if (node.visibility === NodeVisibility.Private) return 'nodesites.owner.privateBanner';
  return undefined;
}

/** The page of every state but the themed site. */
export function pageContentOf(state: Exclude<SiteState, { kind: 'site' }>): PageContent {
  switch (state.kind) {
    case 'notFound':
      return { titleKey: 'nodesites.notFound.title', bodyKey: 'nodesites.notFound.body', tone: 'neutral' };
    case 'frozen':
      return {
        titleKey: 'nodesites.frozen.title',
        bodyKey: 'nodesites.frozen.body',
        tone: 'danger',
        ...(state.isOwner ? { hintKey: 'nodesites.frozen.ownerHint' } : {}),
      };
    case 'paused':
      return {
        titleKey: 'nodesites.paused.title',
        bodyKey: 'nodesites.paused.body',
        tone: 'warning',
        ...(state.node.nodeSuspendInfo.trim() === ''
          ? {}
          : { notice: { labelKey: 'nodesites.paused.notice', text: state.node.nodeSuspendInfo } }),
      };
    case 'private':
      return { titleKey: 'nodesites.private.title', bodyKey: 'nodesites.private.body', tone: 'warning' };
    case 'testOwnerOnly':
      return { titleKey: 'nodesites.testOwnerOnly.title', bodyKey: 'nodesites.testOwnerOnly.body', tone: 'warning' };
    case 'testSite':
      return {
        titleKey: 'nodesites.testSite.title',
        bodyKey: 'nodesites.testSite.body',
        params: { nodeName: state.node.nodeName },
        tone: 'neutral',
      };
    case 'noTheme':
      return {
        titleKey: 'nodesites.noTheme.title',
        bodyKey: 'nodesites.noTheme.body',
        tone: 'neutral',
        ...(state.isOwner ? { hintKey: 'nodesites.noTheme.ownerHint' } : {}),
        ...(ownerBannerOf(state.node, state.isOwner) ? { bannerKey: ownerBannerOf(state.node, state.isOwner) } : {}),
      };
  }
}
