// The files calls of API.md §3.4 and §5.2, and the public images at /images/{sha1}.{ext}.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import type { Translator } from '../../platform/messages';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import { PRIVATE_DOWNLOAD_CACHE_CONTROL, sendStoredFile } from '../../platform/http/stored-bytes';
import { PUBLIC_IMAGE_EXTS } from './images';
import { parseSha1List } from './sha1-list';
import { alsoOnSites } from '../../platform/site-hosts';
import {
  CoverBody,
  DownloadQuery,
  ExistenceItem,
  FileInfoItem,
  ImageHandleBody,
  MetaInfo,
  PublishedImage,
  Sha1ListQuery,
  Sha1Params,
} from '@tessera/contract/files';
import type { FileService, Translate } from './service';
import { registerUploadRoutes } from './upload-routes';

/** The bytes behind an address never change: caches may keep them for a year. */
const PUBLIC_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const PUBLIC_IMAGE_NAME = new RegExp(`^([0-9a-f]{40})\\.(${PUBLIC_IMAGE_EXTS.join('|')})$`);

const TAGS = ['storage'];

function requestedSha1s(query: Sha1ListQuery) {
  return query.sha1 !== undefined || query.sha1s === undefined
    ? parseSha1List(query.sha1, 'sha1')
    : parseSha1List(query.sha1s, 'sha1s');
}

/** `files/info` as the reference client calls it: `resourceTypeCode` alone asks about no file. */
function optionalSha1s(query: Sha1ListQuery) {
  return query.sha1 === undefined && query.sha1s === undefined ? [] : requestedSha1s(query);
}

export async function registerFileRoutes(
  app: FastifyInstance,
  files: FileService,
  translator: Translator,
): Promise<void> {
  const translateFor =
    (request: FastifyRequest): Translate =>
    (key, params) =>
      translator.translate(key, request.language, params);

  await registerUploadRoutes(app, files);

  app.get<{ Querystring: Sha1ListQuery }>(
    '/v2/storages/files/fileIsExist',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary:
          'Whether files are already stored (instant upload): true only once stored and analysed, and only for files the caller may use',
        querystring: Sha1ListQuery,
        response: { 200: Envelope(Type.Array(ExistenceItem)) },
      },
    },
    async (request) => success(await files.existence(loggedInUser(request).userId, requestedSha1s(request.query))),
  );

  const infoSchema = (summary: string) => ({
    config: requireLogin,
    schema: { tags: TAGS, summary, querystring: Sha1ListQuery, response: { 200: Envelope(Type.Array(FileInfoItem)) } },
  });
  const infoHandler =
    (sha1sOf: typeof requestedSha1s) => async (request: FastifyRequest<{ Querystring: Sha1ListQuery }>) =>
      success(await files.infoOf(loggedInUser(request).userId, sha1sOf(request.query), translateFor(request)));
  app.get<{ Querystring: Sha1ListQuery }>(
    '/v2/storages/files/list/info',
    infoSchema(
      'Size and analysis of files the caller may use, one item per sha1 (`{sha1}` alone when unknown or not theirs); clients poll it every 500 ms while analysing',
    ),
    infoHandler(requestedSha1s),
  );
  app.get<{ Querystring: Sha1ListQuery }>(
    '/v2/storages/files/info',
    infoSchema(
      'The same as /v2/storages/files/list/info; without sha1 (the reference client may send only resourceTypeCode) the list is empty',
    ),
    infoHandler(optionalSha1s),
  );

  app.get<{ Params: Sha1Params }>(
    '/v2/storages/files/:sha1/property',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary:
          "A file's system property {fileSize, mime, width?, height?, duration?}; null when unknown, not the caller's to use or not analysed",
        params: Sha1Params,
        response: { 200: Envelope(Type.Union([MetaInfo, Type.Null()])) },
      },
    },
    async (request) => success(await files.propertyOf(loggedInUser(request).userId, request.params.sha1)),
  );

  app.get<{ Params: Sha1Params }>(
    '/v2/storages/files/:sha1/download',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary:
          'The bytes of a file the caller may use: uploaded, held in an object or version of their own, or a public image (Range requests served; no attachment disposition, API.md §1.11)',
        params: Sha1Params,
        querystring: DownloadQuery,
      },
    },
    async (request, reply) =>
      sendStoredFile(request, reply, await files.downloadable(loggedInUser(request).userId, request.params.sha1), {
        cacheControl: PRIVATE_DOWNLOAD_CACHE_CONTROL,
      }),
  );

  app.post<{ Body: ImageHandleBody }>(
    '/v2/storages/files/imageHandle',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary:
          'Publish a picture the caller may use (uploaded, held in an object or version of their own, or a public image), optionally cropped and resized, as a new public image',
        body: ImageHandleBody,
        response: { 200: Envelope(PublishedImage) },
      },
    },
    async (request) => {
      const { sha1, crop, width, height } = request.body;
      return success(await files.editImage(loggedInUser(request).userId, sha1, { crop, width, height }));
    },
  );

  app.post<{ Body: CoverBody }>(
    '/v2/storages/files/generateCoverImage',
    {
      config: requireLogin,
      schema: {
        tags: TAGS,
        summary:
          "An 800×600 JPEG cover, published like uploadImage, from a picture or an audio file's embedded artwork",
        description: 'Video frames are not taken (the server has no video decoder): errCode 2.',
        body: CoverBody,
        response: { 200: Envelope(PublishedImage) },
      },
    },
    async (request) => success(await files.generateCover(loggedInUser(request).userId, request.body.sha1)),
  );

  // A public file outside /v2: HTTP statuses, not the envelope; never the web app page. Node sites serve
  // it too, so covers show on their pages under a theme's own-origin content policy.
  app.get<{ Params: { name: string } }>('/images/:name', { config: alsoOnSites }, async (request, reply) => {
    const match = PUBLIC_IMAGE_NAME.exec(request.params.name);
    const image = match ? await files.publicImage(match[1] ?? '', match[2] ?? '') : undefined;
    if (!image) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .type('text/plain; charset=utf-8')
        .send('Not found');
    }
    return sendStoredFile(request, reply, image, { cacheControl: PUBLIC_IMAGE_CACHE_CONTROL });
  });
}
