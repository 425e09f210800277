// The visitor lane: a visitor's GET of a public read whose answer the server already holds — the
// service keeps the data in memory and the route has answered it once, as bytes — is answered from
// those bytes as the request arrives, before Fastify parses, routes, validates, hooks and logs it.
// That work was half of what such an answer cost (issue 15, goal 3: a visitor's find4Client cost
// twice the bare route; with the lane, about what it costs).
//
// The lane answers only what it can answer exactly as the app would, and sends everything else on to
// the app untouched: a request with a session, a bearer token, an Origin (CORS), forwarding headers, a
// site host's name, any method but GET, a query that is not plainly one the route accepts, data the
// service does not hold or bytes not yet made, a server that is closing, or request logging switched
// on. What it sends is what the app would send for the same request: the API's protective headers, the
// XSRF cookie a visitor without a valid one is given, and the kept bytes (lane tests compare the two).
import { LOCALE_COOKIE, SESSION_COOKIE, XSRF_COOKIE, type Language } from '@tessera/domain';
import type { Static, TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import { createServer, type IncomingMessage, type RequestListener } from 'node:http';
import { JSON_CONTENT_TYPE } from '../envelope';
import { resolveLanguage } from '../language';
import { API_HEADERS } from '../security-headers';
import type { SiteHostHandler } from '../site-hosts';
import { xsrfCookieLine, type XsrfTokens } from '../xsrf';

/**
 * A route's kept answer for a query string (the text after `?`, '' without one) in a language: the
 * bytes to send, or undefined to let the app answer (it then keeps the bytes the lane sends next time).
 */
export type LaneRoute = (query: string, language: Language) => Buffer | undefined;

/** Headers that make the app read a request differently from what the lane would assume. */
const APP_ONLY_HEADERS = [
  'authorization',
  'origin',
  'forwarded',
  'via',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
] as const;

const API_HEADER_LINES: readonly string[] = API_HEADERS.flatMap(([name, value]) => [name.toLowerCase(), value]);

/** What an open lane uses of the app. */
export type OpenLane = { xsrf: XsrfTokens; log: Pick<FastifyBaseLogger, 'error'> };

type KeptAnswer = { headers: string[]; body: Buffer };

export type VisitorLaneOptions = {
  /** The site hosts' handler, if a module serves node sites. */
  siteHosts: () => SiteHostHandler | null;
  /** Set when the app answers cross-origin calls: @fastify/cors then names Origin in every answer's Vary. */
  varyOrigin: boolean;
  /** The app's own cookie parser (@fastify/cookie's), so both read a Cookie header alike. */
  parseCookie: (header: string) => Record<string, string | undefined>;
};

export class VisitorLane {
  readonly #routes = new Map<string, LaneRoute>();
  readonly #options: VisitorLaneOptions;
  /** What the lane needs of the app while it is open. */
  #app: OpenLane | undefined;

  constructor(options: VisitorLaneOptions) {
    this.#options = options;
  }

  /** Serves `path` (exactly, under /v2) from `route`. */
  add(path: string, route: LaneRoute): void {
    if (this.#routes.has(path)) throw new Error(`the visitor lane already serves ${path}`);
    this.#routes.set(path, route);
  }

  /**
   * Starts answering, once the app is ready. Not while each request is logged (LOG_LEVEL=debug): the
   * lane logs no request.
   */
  open(app: OpenLane): void {
    this.#app = app;
  }

  /** From now on every request goes to the app (it refuses new ones while it closes). */
  close(): void {
    this.#app = undefined;
  }

  /** The server's request listener: the lane's answer, or the app's. */
  listener(appListener: RequestListener): RequestListener {
    return (request, response) => {
      const app = this.#app;
      const answer = app && this.#answerOf(request, app);
      if (answer === undefined) return appListener(request, response);
      response.writeHead(200, answer.headers);
      response.end(answer.body);
    };
  }

  /** The kept answer, or undefined for the app to answer. Never throws: a failure here is the app's to answer. */
  #answerOf(request: IncomingMessage, app: OpenLane): KeptAnswer | undefined {
    try {
      return this.#keptAnswer(request, app.xsrf);
    } catch (error) {
      app.log.error({ err: error, url: request.url }, 'the visitor lane failed; the app answers');
      return undefined;
    }
  }

  #keptAnswer(request: IncomingMessage, xsrf: XsrfTokens): KeptAnswer | undefined {
    const { method, url, headers } = request;
    if (method !== 'GET' || url === undefined) return undefined;
    const mark = url.indexOf('?');
    const route = this.#routes.get(mark < 0 ? url : url.slice(0, mark));
    if (route === undefined || headers.host === undefined) return undefined;
    for (const name of APP_ONLY_HEADERS) if (headers[name] !== undefined) return undefined;
    if (this.#options.siteHosts()?.siteOfHost(headers.host)) return undefined;
    const cookies = headers.cookie === undefined ? {} : this.#options.parseCookie(headers.cookie);
    if (cookies[SESSION_COOKIE] !== undefined) return undefined;
    const body = route(
      mark < 0 ? '' : url.slice(mark + 1),
      resolveLanguage(cookies[LOCALE_COOKIE], headers['accept-language']),
    );
    if (body === undefined) return undefined;

    const lines = [...API_HEADER_LINES];
    if (this.#options.varyOrigin) lines.push('vary', 'Origin');
    const token = cookies[XSRF_COOKIE];
    // Plain HTTP without forwarding headers: the app's request.protocol is 'http', so no Secure.
    if (token === undefined || !xsrf.isValid(token, null))
      lines.push('set-cookie', xsrfCookieLine(xsrf.visitorTokenFor(request), false));
    lines.push('content-type', JSON_CONTENT_TYPE, 'content-length', String(body.length));
    return { headers: lines, body };
  }
}

/** Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts), listening through the lane. */
export function serverThrough(lane: VisitorLane): FastifyServerFactory {
  return (handler, options) => {
    const setting = (name: string) => (typeof options[name] === 'number' ? options[name] : 0);
    const server = createServer(lane.listener(handler as RequestListener));
    server.keepAliveTimeout = setting('keepAliveTimeout');
    server.requestTimeout = setting('requestTimeout');
    server.setTimeout(setting('connectionTimeout'));
    if (setting('maxRequestsPerSocket') > 0) server.maxRequestsPerSocket = setting('maxRequestsPerSocket');
    return server;
  };
}

/**
 * A query string read as `schema` reads it, when it plainly can be: `key=value` pairs of the schema's
 * keys, each at most once, values without escapes (integers in digits), with the schema's defaults.
 * Anything else is undefined and left to the app (escapes, lists, repeated or unknown keys, bad values).
 */
export function plainQueryOf<T extends TObject>(schema: T, query: string): Static<T> | undefined {
  const given: Record<string, unknown> = {};
  if (query !== '')
    for (const pair of query.split('&')) {
      const equals = pair.indexOf('=');
      const key = pair.slice(0, equals);
      const value = pair.slice(equals + 1);
      const property = Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
      if (equals <= 0 || property === undefined || Object.hasOwn(given, key) || !PLAIN_VALUE.test(value))
        return undefined;
      if (property.type !== 'integer') given[key] = value;
      else if (/^\d{1,9}$/.test(value)) given[key] = Number(value);
      else return undefined;
    }
  const read = Value.Default(schema, given);
  return Value.Check(schema, read) ? read : undefined;
}

const PLAIN_VALUE = /^[A-Za-z0-9_.-]+$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes whose answers a visitor may be given from memory register them here. */
    visitorLane: VisitorLane;
  }
}
