import { I18N_TEXTS_PATH } from '@tessera/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { Envelope } from '@tessera/contract/common';
import { ConfigsListBody, I18nConfigEntry } from '@tessera/contract/i18n';
import type { I18nService } from './service';

export function registerI18nRoutes(app: FastifyInstance, i18n: I18nService): void {
  // Not under /v2 and not enveloped: a static-like file. Clients add ?timestamp= and revalidate.
  app.get(
    I18N_TEXTS_PATH,
    {
      schema: {
        tags: ['i18n'],
        summary: 'Every translation text as {key: {zh_CN, en_US}}',
        response: {
          200: Type.Record(Type.String(), Type.Object({ zh_CN: Type.String(), en_US: Type.String() })),
          304: Type.Null({ description: 'not modified (If-None-Match)' }),
        },
      },
    },
    (request, reply) => {
      const { body, etag } = i18n.publishedTexts();
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );

  app.post<{ Body: ConfigsListBody }>(
    '/v2/i18n/configs/list',
    {
      schema: {
        tags: ['i18n'],
        summary: 'Translation entries matching a key, a text and a status',
        body: ConfigsListBody,
        response: { 200: Envelope(Type.Array(I18nConfigEntry)) },
      },
    },
    async (request) => {
      const { key, content, status } = request.body;
      return success(await i18n.listConfigs({ key, content, status }));
    },
  );
}
