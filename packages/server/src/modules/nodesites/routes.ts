// The node-site routes. On the platform's host: the sign-on hand-off (authorize). On a node's host
// (siteRoute; answered as unknown on the platform's host): the sign-on start and callback, the
// language switch, and /v2/nodeSites/current for the site's pages and theme.
import { ErrCode, isLanguage, LOCALE_COOKIE, LOCALE_COOKIE_DAYS, routes as pageRoutes } from '@tessera/domain';
import { NodeSiteAuthorizeQuery, NodeSiteCurrentWire } from '@tessera/contract/nodesites';
import { Envelope } from '@tessera/contract/common';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import { siteRoute, type SiteAddress } from '../../platform/site-hosts';
import type { NodeQueries, NodeRow } from '../nodes';
import { localPath, siteOrigin } from './hosts';
import {
  AUTHORIZE_PATH,
  SITE_SESSION_COOKIE,
  SSO_FLOW_COOKIE,
  SSO_FLOW_PATH,
  SSO_TRIED_COOKIE,
  SSO_TRIED_LIFETIME_S,
  type NodeSiteHosts,
} from './node-site-hosts';
import { siteStateOf } from './site-state';
import type { NodeSiteSso } from './sso';

const tags = ['nodeSites'];

const StartQuery = Type.Object({ returnPath: Type.Optional(Type.String({ maxLength: 1000 })) });
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 100 })),
  anonymous: Type.Optional(Type.String({ maxLength: 1 })),
  returnPath: Type.Optional(Type.String({ maxLength: 1000 })),
});
const LocaleQuery = Type.Object({
  lang: Type.String({ maxLength: 10 }),
  returnPath: Type.Optional(Type.String({ maxLength: 1000 })),
});

type Deps = {
  hosts: NodeSiteHosts;
  sso: NodeSiteSso;
  nodes: Pick<NodeQueries, 'findNodeByDomain'>;
  baseDomain: string;
};

/** The site and node of a request on a node's host; null on the platform's host or for a node that is gone. */
function siteOfRequest(request: FastifyRequest, hosts: NodeSiteHosts): { site: SiteAddress; node: NodeRow } | null {
  const node = request.site ? hosts.nodeOf(request) : undefined;
  return request.site && node ? { site: request.site, node } : null;
}

function notFoundPage(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

const flowCookieOptions = (request: FastifyRequest) =>
  ({ path: SSO_FLOW_PATH, httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }) as const;

export function registerNodeSiteRoutes(app: FastifyInstance, { hosts, sso, nodes, baseDomain }: Deps): void {
  app.get<{ Querystring: NodeSiteAuthorizeQuery }>(
    AUTHORIZE_PATH,
    {
      schema: {
        tags,
        summary:
          'Navigation from a node site: a signed-in browser goes back to the site with a one-minute, single-use code for that site; a signed-out one comes back anonymous (or signs in first with prompt=login)',
        querystring: NodeSiteAuthorizeQuery,
      },
    },
    async (request, reply) => {
      const { nodeDomain, testSite, challenge, prompt } = request.query;
      const returnPath = localPath(request.query.returnPath);
      const node = await nodes.findNodeByDomain(nodeDomain);
      if (!node) throw new AppError(ErrCode.Business, 'nodesites.nodeNotFound', { nodeDomain });
      const site = { nodeDomain: node.nodeDomain, test: testSite === 1 };
      const callback = `${siteOrigin(request.protocol, request.host, baseDomain, site)}/_site/sso/callback`;
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const session = request.session;
      if (!session || !request.user || session.via === 'site') {
        if (prompt === 'login') {
          const again = new URLSearchParams({
            ...request.query,
            testSite: String(testSite ?? 0),
            returnPath,
            prompt: 'none',
          });
          return reply.redirect(pageRoutes.login({ goTo: `${AUTHORIZE_PATH}?${again.toString()}` }), 302);
        }
        return reply.redirect(`${callback}?${new URLSearchParams({ anonymous: '1', returnPath }).toString()}`, 302);
      }
      const code = await sso.issueCode({
        site,
        userId: request.user.userId,
        platformSessionId: session.sessionId,
        challenge,
        returnPath,
      });
      return reply.redirect(`${callback}?${new URLSearchParams({ code }).toString()}`, 302);
    },
  );

  app.get<{ Querystring: Static<typeof StartQuery> }>(
    '/_site/sso/start',
    { config: siteRoute, schema: { querystring: StartQuery } },
    async (request, reply) => {
      const at = siteOfRequest(request, hosts);
      if (!at) return notFoundPage(reply);
      const site = { nodeDomain: at.node.nodeDomain, test: at.site.test };
      return hosts.startSignOn(request, reply, site, localPath(request.query.returnPath), 'login');
    },
  );

  app.get<{ Querystring: Static<typeof CallbackQuery> }>(
    '/_site/sso/callback',
    { config: siteRoute, schema: { querystring: CallbackQuery } },
    async (request, reply) => {
      const at = siteOfRequest(request, hosts);
      if (!at) return notFoundPage(reply);
      const verifier = request.cookies[SSO_FLOW_COOKIE];
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .clearCookie(SSO_FLOW_COOKIE, flowCookieOptions(request))
        .setCookie(SSO_TRIED_COOKIE, '1', {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: SSO_TRIED_LIFETIME_S,
        });
      const { code } = request.query;
      if (code === undefined) return reply.redirect(localPath(request.query.returnPath), 302);
      const site = { nodeDomain: at.node.nodeDomain, test: at.site.test };
      const exchange = await sso.exchange(code, verifier, site);
      if (!exchange) return reply.redirect('/', 302);
      // A site session replaces any earlier one of this browser.
      const earlier = request.cookies[SITE_SESSION_COOKIE];
      if (earlier) await sso.endSession(earlier);
      reply.setCookie(SITE_SESSION_COOKIE, exchange.sessionId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
      return reply.redirect(exchange.returnPath, 302);
    },
  );

  app.get<{ Querystring: Static<typeof LocaleQuery> }>(
    '/_site/locale',
    { config: siteRoute, schema: { querystring: LocaleQuery } },
    async (request, reply) => {
      if (!request.site) return notFoundPage(reply);
      const { lang } = request.query;
      if (isLanguage(lang)) {
        reply.setCookie(LOCALE_COOKIE, lang, {
          path: '/',
          sameSite: 'lax',
          secure: request.protocol === 'https',
          maxAge: LOCALE_COOKIE_DAYS * 24 * 3600,
        });
      }
      return reply.header('cache-control', 'no-store').redirect(localPath(request.query.returnPath), 302);
    },
  );

  app.get(
    '/v2/nodeSites/current',
    {
      config: siteRoute,
      schema: {
        tags,
        summary:
          'On a node site only: the node, what the site shows this visitor (state), who the visitor is on this site, and the sign-in address',
        response: { 200: Envelope(NodeSiteCurrentWire) },
      },
    },
    async (request) => {
      const at = siteOfRequest(request, hosts);
      if (!at)
        throw new AppError(ErrCode.Business, request.site ? 'nodesites.nodeNotFound' : 'nodesites.onlyOnNodeSite');
      const { node, site } = at;
      const state = siteStateOf(node, request.user?.userId ?? null, site.test);
      const frame = await hosts.frameOf(request, node, request.session);
      const visible = state.kind === 'site' || state.kind === 'noTheme' || state.kind === 'testSite';
      return success({
        state: state.kind,
        isTestSite: site.test,
        node: visible
          ? {
              nodeId: node.nodeId,
              nodeName: node.nodeName,
              nodeDomain: node.nodeDomain,
              nodeTitle: node.nodeTitle,
              nodeShortDescription: node.nodeShortDescription,
              nodeLogo: node.nodeLogo,
            }
          : null,
        nodeSuspendInfo: state.kind === 'paused' ? node.nodeSuspendInfo : '',
        viewer: request.user && frame.viewer ? { userId: request.user.userId, username: frame.viewer.username } : null,
        isOwner: request.user?.userId === node.ownerUserId,
        platformUrl: frame.platformUrl,
        signInUrl: frame.signInUrl ?? '',
      });
    },
  );
}
