// Calling the app like a browser does, through app.inject: cookies, the XSRF header on unsafe
// methods, the language. `TestClient` keeps a cookie jar across calls.
import { API_PREFIX, LOCALE_COOKIE, XSRF_COOKIE, XSRF_HEADER, type ApiEnvelope, type Language } from '@tessera/domain';
import type { FastifyInstance, HTTPMethods, LightMyRequestResponse } from 'fastify';

export type SetCookie = LightMyRequestResponse['cookies'][number];

export type CallOptions = {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  cookies?: Record<string, string>;
  headers?: Record<string, string>;
  /** Sets the `locale` cookie. */
  locale?: Language;
  /** Unsafe methods get a valid XSRF cookie and header unless this is false. */
  xsrf?: boolean;
};

export type ApiResponse<T = unknown> = {
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** Cookies set by the answer, by name. */
  cookies: Record<string, SetCookie>;
  /** The parsed JSON body (the envelope for /v2 calls). */
  body: ApiEnvelope<T>;
  text: string;
  /** The bytes as sent (compressed answers, files). */
  rawPayload: Buffer;
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function urlWithQuery(url: string, query: CallOptions['query']): string {
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.append(key, String(value));
  const text = search.toString();
  return text === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** Any answer of the API carries a fresh XSRF-TOKEN cookie for whoever asks. */
async function fetchXsrfToken(
  app: FastifyInstance,
  cookies: Record<string, string>,
  headers: Record<string, string>,
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: API_PREFIX,
    cookies,
    headers: { authorization: headers.authorization ?? '' },
  });
  const token = response.cookies.find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? cookies[XSRF_COOKIE];
  if (token === undefined) throw new Error('the app issued no XSRF-TOKEN cookie');
  return token;
}

export async function callApi<T = unknown>(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const cookies: Record<string, string> = {
    ...options.cookies,
    ...(options.locale ? { [LOCALE_COOKIE]: options.locale } : {}),
  };
  const headers = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  if (UNSAFE.has(method) && options.xsrf !== false) {
    const token = cookies[XSRF_COOKIE] ?? (await fetchXsrfToken(app, cookies, headers));
    cookies[XSRF_COOKIE] = token;
    headers[XSRF_HEADER.toLowerCase()] ??= token;
  }
  const response = await app.inject({
    method,
    url: urlWithQuery(url, options.query),
    cookies,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  // A compressed JSON answer is left to the test to decode (rawPayload).
  const isJson =
    String(response.headers['content-type'] ?? '').includes('json') && !response.headers['content-encoding'];
  return {
    status: response.statusCode,
    headers: response.headers,
    cookies: Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie])),
    body: (isJson && response.body !== '' ? JSON.parse(response.body) : undefined) as ApiEnvelope<T>,
    text: response.body,
    rawPayload: response.rawPayload,
  };
}

function isExpired(cookie: SetCookie): boolean {
  return cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
}

/** A browser-like caller: remembers the cookies the app sets, sends them back. */
export class TestClient {
  readonly #app: FastifyInstance;
  /** The cookie jar: name → value. */
  readonly cookies: Map<string, string>;
  readonly #defaults: Pick<CallOptions, 'headers' | 'locale'>;

  constructor(
    app: FastifyInstance,
    { cookies = {}, headers, locale }: Pick<CallOptions, 'cookies' | 'headers' | 'locale'> = {},
  ) {
    this.#app = app;
    this.cookies = new Map(Object.entries(cookies));
    this.#defaults = { headers, locale };
  }

  async request<T = unknown>(method: HTTPMethods, url: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
    const response = await callApi<T>(this.#app, method, url, {
      ...this.#defaults,
      ...options,
      headers: { ...this.#defaults.headers, ...options.headers },
      cookies: { ...Object.fromEntries(this.cookies), ...options.cookies },
    });
    for (const cookie of Object.values(response.cookies)) {
      if (isExpired(cookie)) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get<T = unknown>(url: string, options?: CallOptions): Promise<ApiResponse<T>> {
    return this.request<T>('GET', url, options);
  }

  post<T = unknown>(url: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>> {
    return this.request<T>('POST', url, { ...options, body });
  }

  put<T = unknown>(url: string, body?: unknown, options?: CallOptions): Promise<ApiResponse<T>> {
    return this.request<T>('PUT', url, { ...options, body });
  }

  delete<T = unknown>(url: string, options?: CallOptions): Promise<ApiResponse<T>> {
    return this.request<T>('DELETE', url, options);
  }
}

/** The data of a successful answer; throws with the whole answer otherwise. */
export function dataOf<T>(response: ApiResponse<T>): T {
  const body = response.body as ApiEnvelope<T> | undefined;
  if (response.status !== 200 || body?.ret !== 0 || body.errCode !== 0) {
    throw new Error(`expected a successful answer, got HTTP ${response.status}: ${response.text}`);
  }
  return body.data;
}
