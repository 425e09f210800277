// The OpenAPI document, generated from the TypeBox schemas of the routes: JSON at /v2/docs/json,
// browsable at /v2/docs. Must be registered before the routes it describes.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';

export const DOCS_PREFIX = '/v2/docs';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tessera API',
        version,
        description:
          'Every /v2 answer is {ret, errCode, msg, data}. Application errors answer HTTP 200 with a non-zero errCode ' +
          '(1 unhandled, 2 business rule, 3 not allowed, 4 bad parameters, 8 route not found, 10 frozen with ret 4, ' +
          '30 not logged in). POST, PUT, PATCH and DELETE need the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie.',
      },
      tags: [
        { name: 'activities', description: 'Events and campaigns shown to visitors' },
        { name: 'users', description: 'Accounts' },
        { name: 'i18n', description: 'Translation texts' },
      ],
    },
    hideUntagged: true,
  });
  // staticCSP: the docs page answers its own policy with hashes of its inline scripts.
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
