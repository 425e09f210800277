import { routes } from '@tessera/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, presentedSessionId, requireLogin } from '../../platform/session';
import { setSignedInCookies } from '../../platform/session-cookies';
import { sameSiteReturnPath } from '../passport';
import { ensureBrowserHash, presentedBrowserHash } from './browser-cookie';
import { authorizationLocation, callbackLocation } from './redirects';
import {
  AuthorizeQuery,
  BoundIdentityWire,
  CallbackQuery,
  IsBindQuery,
  ProviderWire,
  RegisterOrBindBody,
  UnbindBody,
} from '@tessera/contract/thirdparty';
import type { Browser, ThirdPartyService } from './service';

const TAGS = ['thirdParty'];

function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function searchOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? '' : url.slice(query);
}

function browserOf(request: FastifyRequest, browserHash: string): Browser {
  return {
    browserHash,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
    previousSessionId: presentedSessionId(request)?.sessionId,
  };
}

export function registerThirdPartyRoutes(app: FastifyInstance, thirdParty: ThirdPartyService): void {
  app.get(
    '/v2/thirdParty/providers',
    {
      schema: {
        tags: TAGS,
        summary: 'The OpenID Connect providers one can sign in with (empty: none configured)',
        response: { 200: Envelope(Type.Array(ProviderWire)) },
      },
    },
    async () => success(thirdParty.providers()),
  );

  app.get<{ Querystring: AuthorizeQuery }>(
    '/v2/thirdParty/authorize',
    {
      schema: {
        tags: TAGS,
        summary:
          'Navigation: redirects to the provider to sign in; binds to the caller when signed in, else signs in with the identity',
        querystring: AuthorizeQuery,
      },
    },
    async (request, reply) => {
      const { type, goTo, returnUrl } = request.query;
      const outcome = await thirdParty.startAuthorization({
        thirdPartyType: type,
        goTo: sameSiteReturnPath(goTo, request),
        returnUrl: sameSiteReturnPath(returnUrl, request),
        bindUserId: request.user?.userId ?? null,
        siteOrigin: siteOrigin(request),
        browserHash: ensureBrowserHash(request, reply),
      });
      return reply.redirect(authorizationLocation(outcome), 302);
    },
  );

  app.get<{ Querystring: CallbackQuery }>(
    '/v2/thirdParty/callback',
    {
      schema: {
        tags: TAGS,
        summary: 'Navigation: where the provider sends the browser back (redirect_uri)',
        querystring: CallbackQuery,
      },
    },
    async (request, reply) => {
      const outcome = await thirdParty.finishAuthorization({
        state: request.query.state,
        error: request.query.error,
        search: searchOf(request.url),
        siteOrigin: siteOrigin(request),
        signedInUserId: request.user?.userId ?? null,
        browser: browserOf(request, presentedBrowserHash(request)),
      });
      if (outcome.kind === 'unbound') ensureBrowserHash(request, reply);
      if (outcome.kind !== 'signedIn') return reply.redirect(callbackLocation(outcome), 302);
      const { session, goTo } = outcome;
      setSignedInCookies(app, request, reply, {
        sessionId: session.sessionId,
        userId: session.user.userId,
        isRemember: session.isRemember,
      });
      return reply.redirect(goTo ?? routes.home(), 302);
    },
  );

  app.post<{ Body: RegisterOrBindBody }>(
    '/v2/thirdParty/registerOrBind',
    {
      schema: {
        tags: TAGS,
        summary:
          'Binds the third-party identity met by this browser to the account of loginName and password, and signs it in',
        body: RegisterOrBindBody,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request, reply) => {
      const { identityId, loginName, password } = request.body;
      const session = await thirdParty.registerOrBind({
        identityId,
        loginName,
        password,
        browser: browserOf(request, presentedBrowserHash(request)),
      });
      setSignedInCookies(app, request, reply, {
        sessionId: session.sessionId,
        userId: session.user.userId,
        isRemember: session.isRemember,
      });
      return success(true);
    },
  );

  app.put<{ Body: UnbindBody }>(
    '/v2/thirdParty/unbind',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary: "Unbinds the caller's identity of a provider (the password confirms it)",
        body: UnbindBody,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) => {
      const { thirdPartyType, password } = request.body;
      return success(await thirdParty.unbind({ userId: loggedInUser(request).userId, thirdPartyType, password }));
    },
  );

  app.get(
    '/v2/thirdParty/list',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary: "The caller's bound third-party identities",
        response: { 200: Envelope(Type.Array(BoundIdentityWire)) },
      },
    },
    async (request) => success(await thirdParty.list(loggedInUser(request).userId)),
  );

  app.get<{ Querystring: IsBindQuery }>(
    '/v2/thirdParty/isBind',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether the user has bound an identity of the provider',
        querystring: IsBindQuery,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) => success(await thirdParty.isBound(request.query.username, request.query.thirdPartyType)),
  );
}
