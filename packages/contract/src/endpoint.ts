// An endpoint of the /v2 API: its method and its path below /v2 (with `:name` parameters exactly as
// the server registers them), and, as types only, what it takes and what its envelope's `data` holds.
// The web calls endpoints through `ApiClient.call`; `packages/server/src/contract.test.ts` checks
// that the server registers every endpoint with the same method and path.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What an endpoint takes and answers; each part is absent when the call has none. */
export type EndpointTypes = {
  params?: Record<string, string | number>;
  query?: object;
  body?: unknown;
  answer: unknown;
};

export interface Endpoint<T extends EndpointTypes = EndpointTypes> {
  readonly method: HttpMethod;
  /** Below the API prefix: `/collections/resources/:resourceId`. */
  readonly path: string;
  /** Never set: carries T for the type checker only. */
  readonly types?: T;
}

type Field<T, K extends string> = K extends keyof T ? T[K] : undefined;
export type ParamsOf<E> = E extends Endpoint<infer T> ? Field<T, 'params'> : never;
export type QueryOf<E> = E extends Endpoint<infer T> ? Field<T, 'query'> : never;
export type BodyOf<E> = E extends Endpoint<infer T> ? Field<T, 'body'> : never;
export type AnswerOf<E> = E extends Endpoint<infer T> ? T['answer'] : never;

export function endpoint<T extends EndpointTypes>(method: HttpMethod, path: string): Endpoint<T> {
  return { method, path };
}

/** The names of the `:name` parameters of a path, in order. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] ?? '');
}

/** The path with every `:name` replaced by its encoded value; a missing value is an error. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter '${name}' of ${path}`);
    return encodeURIComponent(String(value));
  });
}
