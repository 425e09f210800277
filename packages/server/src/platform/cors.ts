// Cross-origin API calls with credentials (API.md §1.4), only from the configured origins: the page
// origin is echoed (never '*'), preflights for JSON writes are answered, X-XSRF-TOKEN is allowed.
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(fastifyCors, {
    origin: [...origins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'X-XSRF-TOKEN', 'Authorization'],
    maxAge: 600,
  });
}
