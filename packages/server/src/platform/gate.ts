// What every request goes through before its handler, in the order of DOMAIN §1.3:
// route → session → frozen user → login required → (anti-forgery) → parameters (route schema) → …
import { DEFAULT_LANGUAGE, LOCALE_COOKIE } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badParam } from './errors';
import { fieldWithControlCharacter } from './http/control-characters';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './http/json-depth';
import { isApiPath, isPageNavigation } from './http/requests';
import { resolveLanguage } from './language';
import type { SiteAddress, SiteEntry } from './site-hosts';
import {
  assertLoggedInWhenRequired,
  assertNotFrozen,
  presentedSessionId,
  resolveSession,
  type RequestSession,
  type SessionLookup,
} from './session';
import { assertXsrf, refreshXsrfCookie, type XsrfTokens } from './xsrf';

export function installRequestGate(
  app: FastifyInstance,
  { lookupSession, xsrf }: { lookupSession: SessionLookup; xsrf: XsrfTokens },
): void {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.decorateRequest('site', null);
  app.decorate('siteHosts', null);

  /** Everything after the session lookup; answers the error that stops the request, if any. */
  const checkRequest = (
    request: FastifyRequest,
    reply: FastifyReply,
    session: RequestSession | null,
  ): Error | undefined => {
    request.session = session;
    request.user = session?.user ?? null;
    refreshXsrfCookie(request, reply, xsrf);
    // The route comes first: an unknown /v2 call answers errCode 8 whoever asks.
    if (request.is404) return undefined;
    try {
      assertNotFrozen(request);
      assertLoggedInWhenRequired(request, reply);
      assertXsrf(request, xsrf);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  };

  /**
   * A request the site host's handler let through: its session is the site's own (never the
   * platform's), and no platform cookie is set; the frozen and login checks hold as on the platform.
   */
  const checkSiteRequest = (request: FastifyRequest, entry: SiteEntry & { answered: false }): Error | undefined => {
    request.session = entry.session;
    request.user = entry.session?.user ?? null;
    if (request.is404) return undefined;
    try {
      assertNotFrozen(request);
      assertLoggedInWhenRequired(request, null);
      assertXsrf(request, xsrf);
      return undefined;
    } catch (error) {
      return error as Error;
    }
  };

  const enterSite = (
    request: FastifyRequest,
    reply: FastifyReply,
    site: SiteAddress,
    done: (error?: Error) => void,
  ) => {
    request.site = site;
    app.siteHosts?.enter(request, reply, site).then((entry) => {
      if (!entry.answered) done(checkSiteRequest(request, entry));
    }, done);
  };

  // Callback style: most requests carry no session, and then nothing here needs to wait.
  app.addHook('onRequest', (request, reply, done) => {
    request.language = resolveLanguage(request.cookies[LOCALE_COOKIE], request.headers['accept-language']);
    const site = app.siteHosts?.siteOf(request) ?? null;
    if (site) return enterSite(request, reply, site, done);
    // Files (web app assets, server assets, the texts file) need neither a session nor a token.
    if (!isApiPath(request.url) && !isPageNavigation(request)) return done();
    const presented = presentedSessionId(request);
    if (!presented) return done(checkRequest(request, reply, null));
    const withProfile = request.routeOptions.config.sessionWithProfile === true;
    resolveSession(presented, lookupSession, withProfile).then(
      (session) => done(checkRequest(request, reply, session)),
      done,
    );
  });

  // Before the schemas look at it: a body nested thousands deep is refused, never stored; so is a
  // control character in a parameter or a NUL in a body (PostgreSQL refuses NUL in text).
  app.addHook('preValidation', (request, _reply, done) => {
    if (nestsDeeperThan(request.body, MAX_JSON_DEPTH))
      return done(badParam('body', 'depth', 'errors.param.tooDeep', { max: MAX_JSON_DEPTH }));
    const field = isApiPath(request.url) ? fieldWithControlCharacter(request) : undefined;
    if (field !== undefined) return done(badParam(field, 'controlCharacter', 'errors.param.controlCharacter'));
    done();
  });
}
