// GET /v2/resources/{resourceId}/versions/{version}/preview (ours, issue 16): a version's image, audio
// or video inline, with Range so players can seek; refusals are the envelope.
import type { FastifyInstance } from 'fastify';
import { VersionParams } from '@tessera/contract/versions';
import { contentDisposition } from '../../platform/http/download';
import { PRIVATE_DOWNLOAD_CACHE_CONTROL, sendStoredFile } from '../../platform/http/stored-bytes';
import type { PreviewService } from './service';

export function registerPreviewRoutes(app: FastifyInstance, previews: PreviewService): void {
  app.get<{ Params: VersionParams }>(
    '/v2/resources/:resourceId/versions/:version/preview',
    {
      schema: {
        tags: ['versions'],
        summary:
          'Ours: the file of an image, audio or video version, inline (Range served), for the owner, anyone under a free public policy of an online resource, or a holder of an authorising contract',
        description:
          'Stored bytes get `Content-Disposition: inline`, `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy`; images only as PNG, JPEG, GIF, WebP, AVIF, BMP or SVG. Refusals are the envelope: errCode 2 `versions.notFound` (missing, or a resource the caller may not see), errCode 2 `versions.preview.notMedia` (another type), errCode 3 `versions.preview.licenceNeeded`.',
        params: VersionParams,
      },
    },
    async (request, reply) => {
      const { resourceId, version } = request.params;
      const found = await previews.preview(request.user?.userId ?? null, resourceId, version);
      reply.header('content-disposition', contentDisposition('inline', found.filename));
      return sendStoredFile(request, reply, found.file, { cacheControl: PRIVATE_DOWNLOAD_CACHE_CONTROL });
    },
  );
}
