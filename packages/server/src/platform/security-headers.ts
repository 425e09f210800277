// Protective headers on every answer (helmet): a Content-Security-Policy for the web app (scripts only
// from this origin, no inline script, no plugins, never framed), nosniff, a Referrer-Policy. Stored user
// bytes set their own stricter sandbox policy (platform/http/stored-bytes.ts), which replaces this one on
// those answers. helmet itself rather than @fastify/helmet: the plugin builds helmet's middleware again
// on every request (parsing the policy each time), a quarter of a visitor read's own work (issue 15).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const setHeaders = helmet({
    // useDefaults off: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs.
    contentSecurityPolicy: { useDefaults: false, directives: WEB_APP_CSP },
    // Node sites on sibling hosts (BASE_DOMAIN subdomains) embed the platform's images and files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to the TLS terminator in front (TRUST_PROXY); a plain-http install must not send it.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
