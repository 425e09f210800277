// Builds the Tessera HTTP app from the platform pieces and the modules. The database must already
// be migrated (see server.ts); the app owns it from here on and closes it when the app closes.
import { lazySchemaController } from './platform/http/lazy-schemas';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { registerServerAssets } from './platform/assets';
import { systemClock, type Clock } from './platform/clock';
import { configWith, type Config, type LogLevel } from './platform/config';
import { registerCors } from './platform/cors';
import type { Db } from './platform/db/database';
import { installErrorEnvelope, replyRouteNotFound } from './platform/envelope';
import { installRequestGate } from './platform/gate';
import { answerFrameworkErrors, MAX_PARAM_LENGTH } from './platform/http/framework-errors';
import { isApiPath } from './platform/http/requests';
import { serverThrough, VisitorLane } from './platform/http/visitor-lane';
import type { SiteHostHandler } from './platform/site-hosts';
import { newHex24 } from './platform/ids';
import { JobRunner } from './platform/jobs';
import { limitsHousekeeping } from './platform/limits/housekeeping';
import type { Translator } from './platform/messages';
import { registerOpenApi } from './platform/openapi';
import { parseQuerystring } from './platform/querystring';
import { lazyRequestLogger } from './platform/request-logger';
import { resolveSessionSecret } from './platform/secrets';
import { registerSecurityHeaders } from './platform/security-headers';
import { buildModules, type AnyModule } from './platform/modules';
import { installConnectionDraining } from './platform/shutdown';
import { registerWebApp } from './platform/spa';
import { XsrfTokens } from './platform/xsrf';
import { MODULES, type Services } from './modules/manifest';

export type BuildAppOptions = {
  /** A migrated database; closed when the app closes. */
  db: Db;
  /** Settings over the defaults (the environment is read by the CLI, not here). */
  config?: Partial<Config>;
  clock?: Clock;
  /** Overrides config.logLevel (tests use 'silent'). */
  logLevel?: LogLevel;
  /** Where log lines go instead of stdout. */
  logStream?: { write(line: string): void };
  /** The modules (default: the manifest's). Tests add a module contributing to a port, or leave one out. */
  modules?: readonly AnyModule[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Every module's services (tests arrange through them); routes get theirs from their module. */
    services: Services;
    /** Anti-forgery tokens (login and logout rotate the XSRF-TOKEN cookie with them). */
    xsrf: XsrfTokens;
    /** Housekeeping at start and on a schedule (tests run what is due with `jobs.runDue()`). */
    jobs: JobRunner;
  }
}

export async function buildApp({
  db,
  config: overrides,
  clock = systemClock,
  logLevel,
  logStream,
  modules = MODULES,
}: BuildAppOptions): Promise<FastifyInstance> {
  const config = configWith(overrides);
  const level = logLevel ?? config.logLevel;
  const requestLogging = level === 'debug' || level === 'trace';
  const lane: VisitorLane = new VisitorLane({
    siteHosts: (): SiteHostHandler | null => app.siteHosts,
    varyOrigin: config.corsOrigins.length > 0,
    parseCookie: (header) => app.parseCookie(header),
  });
  const app = Fastify({
    // Kept public reads are answered before the app sees them (platform/http/visitor-lane.ts).
    serverFactory: serverThrough(lane),
    // Written synchronously: an asynchronous stdout buffer is flushed at exit, and sonic-boom retries a
    // closed pipe (EPIPE) there forever, so a server whose log reader had gone never stopped on SIGTERM.
    // Few lines are logged (request lines only at debug), so the synchronous writes cost nothing much.
    logger: { level, stream: logStream ?? pino.destination({ fd: 1, sync: true }) },
    // Two lines per request drown what matters in a terminal; they come back with LOG_LEVEL=debug.
    logController: new LogController({ disableRequestLogging: !requestLogging }),
    childLoggerFactory: lazyRequestLogger,
    // Request ids double as the traceId of errCode 1 answers; never taken from the caller.
    genReqId: () => newHex24(new Date()),
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    routerOptions: { querystringParser: parseQuerystring, maxParamLength: MAX_PARAM_LENGTH },
    // Paths the router refuses (bad percent-escapes, over-long parameters) still answer the envelope.
    frameworkErrors: answerFrameworkErrors((): Translator => services.i18n),
    schemaController: lazySchemaController,
  });
  // First of all hooks, so that it sees every request (see installConnectionDraining).
  const draining = installConnectionDraining(app);
  const built = buildModules<Services>(modules, { db, clock, config, log: app.log });
  const { services } = built;
  const jobs = new JobRunner({ db, clock, log: app.log, jobs: [limitsHousekeeping(db, clock), ...built.jobs()] });
  // Requests still at work (their clients may have gone) and background work (file analysis,
  // housekeeping) stop before the database they use closes. Fastify has closed the HTTP server before
  // this hook runs.
  app.addHook('onClose', async () => {
    await draining.requestsFinished();
    await jobs.stop();
    await built.stop();
    await db.destroy();
  });

  app.decorate('services', services);
  app.decorate('jobs', jobs);
  const xsrf = new XsrfTokens(await resolveSessionSecret(db, config.sessionSecret));
  app.decorate('xsrf', xsrf);
  app.decorate('visitorLane', lane);
  if (!requestLogging) app.addHook('onReady', () => lane.open({ xsrf, log: app.log }));
  app.addHook('preClose', () => lane.close());

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  await registerCors(app, config.corsOrigins);
  // Off by default; routes opt in with `config: { rateLimit: {...} }` (login, verification codes).
  await app.register(fastifyRateLimit, { global: false });

  installRequestGate(app, { lookupSession: services.identity.lookupSession, xsrf });
  installErrorEnvelope(app, services.i18n);
  await registerOpenApi(app);

  await built.registerRoutes(app);

  await registerServerAssets(app);
  const webApp = await registerWebApp(app, {
    webDist: config.webDist,
    textsVersions: () => services.i18n.textsVersions(),
  });
  app.setNotFoundHandler((request, reply) =>
    isApiPath(request.url) ? replyRouteNotFound(request, reply, services.i18n) : webApp.fallback(request, reply),
  );

  // Each module gets ready (the translation texts reach the database and the message cache) before
  // the first request; then background work starts (file analysis) and the housekeeping that is due.
  app.addHook('onReady', async () => {
    await built.ready();
    built.start();
    jobs.start();
  });

  return app;
}
