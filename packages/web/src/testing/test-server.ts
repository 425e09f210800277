import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LANGUAGES, type Language, type LanguageTexts } from '@tessera/domain';
import { seedTexts } from '@tessera/domain/i18n-texts';

// A real HTTP server for component and client tests: what the app sends goes over a socket and is
// recorded, and each path answers what the test says. No module of ours is mocked.

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface TestAnswer {
  status?: number;
  headers?: Record<string, string>;
  /** Objects are sent as JSON; strings and buffers as they are. */
  body?: unknown;
  /** Answer only after this promise settles (to observe loading states). */
  after?: Promise<unknown>;
}

export type TestRoute = (request: RecordedRequest) => TestAnswer;

export interface TestServer {
  origin: string;
  requests: RecordedRequest[];
  /**
   * Replaces or adds the answer of one path (without query). A path ending in `/*` answers every
   * path below it that has no answer of its own (the longest such prefix wins).
   */
  route(path: string, answer: TestRoute | TestAnswer): void;
  close(): Promise<void>;
}

/** One language's seed texts as the server publishes them: `{key: text}`, untranslated keys left out. */
export function languageSeedTexts(language: Language): LanguageTexts {
  return Object.fromEntries(
    Object.entries(seedTexts).flatMap(([key, text]) => (text[language] ? [[key, text[language]]] : [])),
  );
}

export function envelope<T>(data: T, codes: { ret?: number; errCode?: number; msg?: string } = {}) {
  return { ret: codes.ret ?? 0, errCode: codes.errCode ?? 0, msg: codes.msg ?? 'success', data };
}

function send(response: ServerResponse, answer: TestAnswer): void {
  const { status = 200, headers = {}, body = envelope(null) } = answer;
  const isRaw = typeof body === 'string' || Buffer.isBuffer(body);
  response.writeHead(status, { 'content-type': isRaw ? 'text/plain' : 'application/json', ...headers });
  response.end(isRaw ? body : JSON.stringify(body));
}

export async function startTestServer(routes: Record<string, TestRoute | TestAnswer> = {}): Promise<TestServer> {
  const table = new Map<string, TestRoute>();
  const requests: RecordedRequest[] = [];
  const setRoute = (path: string, answer: TestRoute | TestAnswer) =>
    table.set(path, typeof answer === 'function' ? answer : () => answer);

  setRoute('/i18n/texts.json', { body: seedTexts });
  for (const language of LANGUAGES) setRoute(`/i18n/texts.${language}.json`, { body: languageSeedTexts(language) });
  for (const [path, answer] of Object.entries(routes)) setRoute(path, answer);

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://test.invalid');
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const route = table.get(url.pathname) ?? routeBelow(table, url.pathname);
      const answer: TestAnswer = route
        ? route(request)
        : { body: envelope(null, { errCode: 8, msg: 'route not found' }) };
      void Promise.resolve(answer.after).finally(() => send(res, answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    route: setRoute,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function routeBelow(table: Map<string, TestRoute>, path: string): TestRoute | undefined {
  const prefixes = [...table.keys()].filter((key) => key.endsWith('/*') && path.startsWith(key.slice(0, -1)));
  const longest = prefixes.sort((a, b) => b.length - a.length)[0];
  return longest ? table.get(longest) : undefined;
}

/** A promise the test settles when it wants, e.g. to hold an answer back and see a loading state. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
