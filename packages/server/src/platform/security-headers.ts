// Protective headers on every answer (@fastify/helmet): a Content-Security-Policy for the web app
// (scripts only from this origin, no inline script, no plugins, never framed), nosniff, a
// Referrer-Policy. Stored user bytes set their own stricter sandbox policy (platform/http/stored-bytes.ts),
// which replaces this one on those answers.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(fastifyHelmet, {
    // useDefaults off: helmet's defaults add upgrade-insecure-requests, which breaks plain-http installs.
    contentSecurityPolicy: { useDefaults: false, directives: WEB_APP_CSP },
    // Node sites on sibling hosts (BASE_DOMAIN subdomains) embed the platform's images and files.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS belongs to the TLS terminator in front (TRUST_PROXY); a plain-http install must not send it.
    strictTransportSecurity: false,
  });
}
