// The server's own public files (packages/server/assets), e.g. demo covers, under /static/.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';

export const SERVER_ASSETS_DIR = fileURLToPath(new URL('../../assets', import.meta.url));
export const SERVER_ASSETS_PREFIX = '/static/';
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

/**
 * allowedPath for @fastify/static with `index: false`: a directory path (`/assets/`) would reach `send`,
 * which refuses it with an error answered as 500; refused here it is a plain not found.
 */
export function filesOnly(pathname: string): boolean {
  return !pathname.endsWith('/');
}

export async function registerServerAssets(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: SERVER_ASSETS_DIR,
    prefix: SERVER_ASSETS_PREFIX,
    // reply.sendFile is decorated once, by the web app registration (spa.ts).
    decorateReply: false,
    maxAge: THIRTY_DAYS_MS,
    index: false,
    allowedPath: filesOnly,
  });
}
