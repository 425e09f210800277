// Protective headers on every answer: a Content-Security-Policy for the web app (scripts only
// from this origin, no inline script, no plugins, never framed), nosniff, a Referrer-Policy. Stored user
// bytes set their own stricter sandbox policy (platform/http/stored-bytes.ts), which replaces this one on
// those answers. helmet's choices are taken once, at start, as a list of headers; setting them costs a
// request nothing more (issue 15: @fastify/helmet built helmet's middleware again on every request).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath } from './http/requests';

/** The web app's policy: antd and CodeMirror inject style elements, images and media may be blob: previews. */
export const WEB_APP_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

type HeaderList = readonly (readonly [name: string, value: string])[];

/** What helmet's middleware sets, found once by running it against a response that only records. */
function headersOf(middleware: ReturnType<typeof helmet>): HeaderList {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Pages, the web app's files and server assets. */
export const PAGE_HEADERS: HeaderList = headersOf(
  helmet({
    // useDefaults off: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs.
    contentSecurityPolicy: { useDefaults: false, directives: WEB_APP_CSP },
    // Node sites on sibling hosts (BASE_DOMAIN subdomains) embed the platform's images and files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to the TLS terminator in front (TRUST_PROXY); a plain-http install must not send it.
    strictTransportSecurity: false,
  }),
);

/**
 * API answers are data, never a document: a policy that allows nothing, and what still matters for
 * data (nosniff, never framed, the referrer policy, who may embed it). The document-only headers the
 * pages get would double an answer's header bytes for nothing (issue 15, goal 3).
 */
export const API_HEADERS: HeaderList = [
  ['Content-Security-Policy', "default-src 'none';frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-site'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
];

/**
 * Given to the reply, not to the raw response: a header set on the raw response makes Node take its
 * slow path for every header of the answer (each one validated and stored twice).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // Named in lower case as the reply keeps them: it lowers every name it is given.
  const lowered = (headers: HeaderList) =>
    Object.fromEntries(headers.map(([name, value]) => [name.toLowerCase(), value]));
  const api = lowered(API_HEADERS);
  const page = lowered(PAGE_HEADERS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? api : page);
    done();
  });
}
