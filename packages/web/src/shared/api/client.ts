import axios, { type AxiosProgressEvent, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import {
  API_PREFIX,
  describeHttpStatus,
  isFrozenEnvelope,
  isNotLoggedInEnvelope,
  routes,
  XSRF_COOKIE,
  XSRF_HEADER,
  type ApiEnvelope,
} from '@tessera/domain';
import {
  fillPath,
  type AnswerOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '@tessera/contract/endpoint';
import { readCookie } from '../browser/cookies';
import { browserLocation, type BrowserLocation } from '../browser/location';
import type { Translate } from '../i18n';
import { ApiError } from './api-error';
import { attachmentFileName, isAttachment } from './attachment';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequestOptions {
  params?: QueryParams;
  headers?: Record<string, string>;
  /** Opt out of the login and freeze redirects of SPEC §8 (login and logout calls do). */
  noRedirect?: boolean;
  signal?: AbortSignal;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
}

type Part<K extends string, V> = [V] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends V
    ? { [P in K]?: V }
    : { [P in K]: V };

/**
 * What a call of the endpoint E sends: its path parameters, query and body, each where E has one.
 * Query fields are all optional: the server fills the ones with defaults (paging, flags).
 */
export type CallInput<E> = Part<'params', ParamsOf<E>> & Part<'query', Partial<QueryOf<E>>> & Part<'body', BodyOf<E>>;

type LooseInput = { params?: Record<string, string | number>; query?: object; body?: unknown };

/** Endpoints whose every input part is optional can be called without an input. */
type OptionalInput<E> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

export interface ApiAttachment {
  /** The body exactly as received; never unwrapped. */
  data: Blob;
  fileName: string | null;
  contentType: string;
}

export interface ApiClient {
  /**
   * Calls an endpoint of the wire contract and answers its `data`; any answer whose errCode is not
   * 0 is thrown as an ApiError carrying errCode, msg and data (after the login/freeze redirects).
   */
  call<E extends Endpoint>(
    endpoint: E,
    ...args: [...OptionalInput<E>, options?: ApiRequestOptions]
  ): Promise<AnswerOf<E>>;
  /** A call answered with `Content-Disposition: attachment`; an envelope instead of a file is an ApiError. */
  download<E extends Endpoint>(
    endpoint: E,
    ...args: [...OptionalInput<E>, options?: ApiRequestOptions]
  ): Promise<ApiAttachment>;
  /** The address of an endpoint for a whole-page navigation (a download link, a sign-in at a provider). */
  addressOf<E extends Endpoint>(endpoint: E, ...args: OptionalInput<E>): string;
  /**
   * Follows SPEC §8's login and freeze redirects for the failure of a call made with `noRedirect`,
   * when its caller decides afterwards that the page should leave (a read shared with callers that stay).
   */
  followRedirect(error: unknown): Promise<void>;
}

/** No timeout (uploads of large files take long), and the session cookie goes along. */
export const HTTP_DEFAULTS = { timeout: 0, withCredentials: true } as const;

export interface ApiClientOptions {
  /** '/v2' on the page's own origin; an absolute address when the API lives on another host. */
  baseURL?: string;
  /** axios adapter; tests use 'fetch' to reach a real server from jsdom. */
  adapter?: AxiosRequestConfig['adapter'];
  /** Translates the status descriptions of SPEC §8. */
  translate: Translate;
  location?: BrowserLocation;
}

// Duck-typed: under tests the Blob of the fetch adapter is not the window's Blob class.
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).text === 'function' &&
    typeof (value as Blob).size === 'number'
  );
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === 'object' && value !== null && 'errCode' in value && 'ret' in value;
}

export function createApiClient({
  baseURL = API_PREFIX,
  adapter,
  translate,
  location = browserLocation,
}: ApiClientOptions): ApiClient {
  const http = axios.create({
    baseURL,
    adapter,
    ...HTTP_DEFAULTS,
    // The XSRF header is set below for every request, also cross-origin and outside browsers.
    xsrfCookieName: undefined,
    validateStatus: (status) => status >= 200 && status < 300,
  });

  http.interceptors.request.use((config) => {
    const token = readCookie(XSRF_COOKIE);
    if (token) config.headers.set(XSRF_HEADER, token);
    return config;
  });

  // Several calls can fail the same way at once; the page is left only once.
  let leaving = false;

  function leaveFor(address: string): void {
    if (leaving) return;
    leaving = true;
    location.replace(address);
  }

  async function redirectIfRequired(envelope: ApiEnvelope<unknown>): Promise<void> {
    if (isNotLoggedInEnvelope(envelope)) {
      if (leaving) return;
      await http.get('/passport/logout').catch(() => undefined);
      leaveFor(routes.login({ goTo: location.href() }));
    } else if (isFrozenEnvelope(envelope)) {
      leaveFor(routes.freeze({ goTo: location.href() }));
    }
  }

  function toApiError(error: unknown): ApiError {
    if (axios.isAxiosError(error)) {
      const status = error.response?.status;
      const message = status === undefined ? error.message : translate(describeHttpStatus(status), { status });
      return new ApiError(message, { status, code: error.code, cause: error });
    }
    return new ApiError(error instanceof Error ? error.message : String(error), { cause: error });
  }

  async function send(config: AxiosRequestConfig, noRedirect = false): Promise<AxiosResponse<unknown>> {
    let response: AxiosResponse<unknown>;
    try {
      response = await http.request(config);
    } catch (error) {
      throw toApiError(error);
    }
    // SPEC §8: an attachment is handed over as received, without looking into it.
    if (isAttachment(response.headers['content-disposition'])) return response;
    const body = isBlob(response.data) ? await parseEnvelope(response.data) : response.data;
    if (!noRedirect && isEnvelope(body)) await redirectIfRequired(body);
    return { ...response, data: body };
  }

  const requestOf = (endpoint: Endpoint, input: LooseInput, options: ApiRequestOptions): AxiosRequestConfig => ({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params),
    params: { ...(input.query as QueryParams | undefined), ...options.params },
    data: input.body,
  });

  async function call(endpoint: Endpoint, input: LooseInput = {}, options: ApiRequestOptions = {}) {
    const { params: _query, noRedirect, ...rest } = options;
    const response = await send({ ...requestOf(endpoint, input, options), ...rest }, noRedirect);
    // A file is never unwrapped (SPEC §8): only download hands one over.
    const envelope = isAttachment(response.headers['content-disposition']) ? undefined : response.data;
    if (!isEnvelope(envelope)) {
      throw new ApiError(translate(describeHttpStatus(response.status), { status: response.status }), {
        status: response.status,
      });
    }
    if (envelope.errCode !== 0 || envelope.ret !== 0) throw new ApiError(envelope.msg, { envelope });
    return envelope.data;
  }

  async function download(endpoint: Endpoint, input: LooseInput = {}, options: ApiRequestOptions = {}) {
    const { params: _query, noRedirect, ...rest } = options;
    const response = await send({ ...requestOf(endpoint, input, options), responseType: 'blob', ...rest }, noRedirect);
    const disposition = response.headers['content-disposition'];
    if (isAttachment(disposition) && isBlob(response.data)) {
      return { data: response.data, fileName: attachmentFileName(disposition), contentType: response.data.type };
    }
    const envelope = isEnvelope(response.data) ? response.data : undefined;
    throw new ApiError(envelope?.msg ?? translate(describeHttpStatus(response.status), { status: response.status }), {
      status: response.status,
      envelope,
    });
  }

  return {
    call: call as ApiClient['call'],
    download: download as ApiClient['download'],
    addressOf: ((endpoint: Endpoint, input: LooseInput = {}) =>
      http.getUri(requestOf(endpoint, input, {}))) as ApiClient['addressOf'],
    followRedirect: async (error) => {
      if (error instanceof ApiError && error.envelope) await redirectIfRequired(error.envelope);
    },
  };
}

async function parseEnvelope(blob: Blob): Promise<unknown> {
  try {
    return JSON.parse(await blob.text());
  } catch {
    return blob;
  }
}
