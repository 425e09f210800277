import { I18N_TEXTS_DIR, I18N_TEXTS_PATH, parseLanguageTextsName } from '@tessera/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { success } from '../../platform/envelope';
import { sendPrecompressed } from '../../platform/http/precompressed';
import { Envelope } from '@tessera/contract/common';
import { ConfigsListBody, I18nConfigEntry } from '@tessera/contract/i18n';
import type { I18nService } from './service';

const JSON_TYPE = 'application/json; charset=utf-8';
/** A versioned file never changes: the version is the start of its content's SHA-256. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerI18nRoutes(app: FastifyInstance, i18n: I18nService): void {
  // Not under /v2 and not enveloped: a static-like file. Clients add ?timestamp= and revalidate
  // (API.md §3.16: the reference client still reads this whole file).
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
      reply.header('cache-control', 'no-cache');
      return sendPrecompressed(request, reply, i18n.publishedTexts().all, JSON_TYPE);
    },
  );

  // One language's texts, what the web app reads: texts.{language}.{version}.json is immutable; a
  // stale version (a page from before an edit) or none (texts.{language}.json) answers the current
  // texts, revalidated, so no cache keeps them under a version they do not have.
  app.get<{ Params: { file: string } }>(
    `${I18N_TEXTS_DIR}/:file`,
    {
      schema: {
        tags: ['i18n'],
        summary: "One language's translation texts as {key: text}: texts.{zh_CN|en_US}[.{version}].json",
        params: Type.Object({ file: Type.String() }),
        response: {
          200: Type.Record(Type.String(), Type.String()),
          304: Type.Null({ description: 'not modified (If-None-Match)' }),
        },
      },
    },
    (request, reply) => {
      const name = parseLanguageTextsName(request.params.file);
      if (!name) return reply.callNotFound();
      const file = i18n.publishedTexts().byLanguage[name.language];
      reply.header('cache-control', name.version === file.version ? IMMUTABLE : 'no-cache');
      return sendPrecompressed(request, reply, file, JSON_TYPE);
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
