// Sending an attack request and judging its answer: every /v2 answer is the envelope (HTTP 200 JSON
// {ret, errCode, msg, data}, never errCode 1), or, on a route documented to answer a file or a
// redirect, that answer or a short refusal page.
import { XSRF_COOKIE, XSRF_HEADER } from '@tessera/domain';
import type { HTTPMethods } from 'fastify';
import type { ApiResponse, TestApp, TestClient } from '../../testing';
import { CANARY } from './owner';
import type { Route } from './openapi';
import type { Tally } from './tally';

export type Answer = Pick<ApiResponse, 'status' | 'headers' | 'text' | 'rawPayload'> & {
  /** The parsed JSON body; undefined when the answer is not JSON (or not parsable: see `parseError`). */
  body: unknown;
  parseError: string | null;
};

export type AttackRequest = {
  method: HTTPMethods;
  url: string;
  /** An object or array is sent as JSON; a string or Buffer as it is (give a content-type). */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'valid' (default): the caller's token in cookie and header; 'none': no header; else this header value. */
  xsrf?: 'valid' | 'none' | { header: string; cookie?: string };
  /** The client's address (limits count per address). */
  remoteAddress?: string;
};

/** A caller of the attack: a signed-in user's cookie jar, or a visitor's (empty) one. */
export class Caller {
  readonly #t: TestApp;
  readonly #tally: Tally;
  readonly cookies: Map<string, string>;

  constructor(t: TestApp, tally: Tally, client?: TestClient) {
    this.#t = t;
    this.#tally = tally;
    this.cookies = client ? client.cookies : new Map();
  }

  /** The caller's XSRF token (fetched and kept in the jar the first time). */
  async xsrfToken(): Promise<string> {
    const known = this.cookies.get(XSRF_COOKIE);
    if (known !== undefined) return known;
    await this.send(null, { method: 'GET', url: '/v2/users/current' });
    const token = this.cookies.get(XSRF_COOKIE);
    if (token === undefined) throw new Error('no XSRF-TOKEN cookie was issued');
    return token;
  }

  async send(route: Route | null, request: AttackRequest): Promise<Answer> {
    const cookies = Object.fromEntries(this.cookies);
    const headers: Record<string, string> = { ...request.headers };
    const xsrf = request.xsrf ?? 'valid';
    if (xsrf === 'valid' && !['GET', 'HEAD'].includes(request.method)) {
      const token = await this.xsrfToken();
      cookies[XSRF_COOKIE] = token;
      headers[XSRF_HEADER] = token;
    } else if (typeof xsrf === 'object') {
      headers[XSRF_HEADER] = xsrf.header;
      if (xsrf.cookie !== undefined) cookies[XSRF_COOKIE] = xsrf.cookie;
    }
    const isJsonBody = typeof request.body === 'object' && request.body !== null && !Buffer.isBuffer(request.body);
    const response = await this.#t.app.inject({
      method: request.method,
      url: request.url,
      cookies,
      ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
      headers: isJsonBody ? { 'content-type': 'application/json', ...headers } : headers,
      ...(request.body === undefined
        ? {}
        : { payload: isJsonBody ? JSON.stringify(request.body) : (request.body as string | Buffer) }),
    });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown;
    let parseError: string | null = null;
    if (String(response.headers['content-type'] ?? '').includes('json')) {
      try {
        body = JSON.parse(response.body);
      } catch (error) {
        parseError = (error as Error).message;
      }
    }
    const answer: Answer = {
      status: response.statusCode,
      headers: response.headers,
      text: response.body,
      rawPayload: response.rawPayload,
      body,
      parseError,
    };
    this.#tally.record(route?.key ?? null, { status: answer.status, body: body as ApiResponse['body'] });
    return answer;
  }
}

export type Envelope = { ret: number; errCode: number; msg: string; data: unknown };

export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { ret, errCode, msg } = body as Record<string, unknown>;
  return typeof ret === 'number' && typeof errCode === 'number' && typeof msg === 'string' && 'data' in body;
}

/** The errCode of an envelope answer, or null. */
export function errCodeOf(answer: Answer): number | null {
  return isEnvelope(answer.body) ? answer.body.errCode : null;
}

const FILE_STATUSES = new Set([200, 206, 302, 304, 416]);
const REFUSAL_PAGE_STATUSES = new Set([401, 404]);

function describe(request: AttackRequest, answer: Answer): string {
  const text = answer.text.length > 160 ? `${answer.text.slice(0, 160)}…` : answer.text;
  return `${request.method} ${request.url.slice(0, 200)} → HTTP ${answer.status} ${text}`;
}

/**
 * Routes whose redirect leaves the site by design: to the identity provider; to a live node's own site
 * on the base domain (the node-site sign-on hand-off; the host is built from a node found by its domain).
 */
const EXTERNAL_REDIRECTS = new Set(['GET /v2/thirdParty/authorize', 'GET /v2/nodeSites/sso/authorize']);

/** A redirect to another site (an open redirect), unless the route's purpose is to send there. */
function redirectViolations(route: Route | null, request: AttackRequest, answer: Answer): string[] {
  const location = String(answer.headers.location ?? '');
  if (answer.status < 300 || answer.status >= 400 || (route && EXTERNAL_REDIRECTS.has(route.key))) return [];
  if (/^\/(?![/\\])/.test(location)) return [];
  return [`redirect off the site to ${location.slice(0, 100)}: ${describe(request, answer)}`];
}

/** Routes that take a return address redirect there (API.md): a redirect is one of their answers. */
function redirects(route: Route | null): boolean {
  return route?.queryParams.some((parameter) => parameter.name === 'returnUrl') ?? false;
}

/** What is wrong with the answer's form (empty when it is an envelope or a documented file answer). */
export function formViolations(route: Route | null, request: AttackRequest, answer: Answer): string[] {
  const contentType = String(answer.headers['content-type'] ?? '');
  if (answer.parseError !== null) return [`unparsable JSON (${answer.parseError}): ${describe(request, answer)}`];
  const offSite = redirectViolations(route, request, answer);
  if (offSite.length > 0) return offSite;
  if (route && !route.path.startsWith('/v2/'))
    return answer.status < 500 ? [] : [`server error: ${describe(request, answer)}`];
  if (redirects(route) && [302, 303].includes(answer.status)) return [];
  if (route?.fileAnswer && !contentType.includes('json')) {
    const html = contentType.includes('text/html');
    if (FILE_STATUSES.has(answer.status) || (html && REFUSAL_PAGE_STATUSES.has(answer.status))) return [];
    return [`neither a file, a redirect nor a refusal page: ${describe(request, answer)}`];
  }
  if (answer.status !== 200 || !isEnvelope(answer.body)) return [`not the envelope: ${describe(request, answer)}`];
  const { ret, errCode } = answer.body;
  if (errCode === 1) return [`errCode 1: ${describe(request, answer)}`];
  if (ret !== 0 && !(ret === 4 && errCode === 10)) return [`ret ${ret}: ${describe(request, answer)}`];
  return [];
}

/** The answer holds the owner's private content. */
export function leaks(answer: Answer): boolean {
  return answer.rawPayload.includes(CANARY) || answer.text.includes(CANARY);
}

export { describe as describeExchange };
