import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { badParam } from '../../platform/errors';
import { Envelope } from '@tessera/contract/common';
import { matchesEntityTag } from '../../platform/http/stored-bytes';
import { loggedInUser, requireLogin } from '../../platform/session';
import { AVATAR_MAX_UPLOAD_BYTES, FILE_FIELD, fileTooLarge } from './avatar-image';
import { boundaryOf, FormTooLargeError, MalformedFormError, parseFormData, readBody } from './multipart';
import type { AvatarService, ServedAvatar } from './service';

const AVATAR_CACHE_CONTROL = 'public, max-age=300';
/** An SVG opened on its own must not run script or load anything. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'";
/** Room for the boundaries, part headers and small extra fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const USER_ID = /^[1-9]\d{0,14}$/;

type AvatarUploadBody = { file: Buffer | undefined };

function uploadedFile(body: unknown): Buffer | undefined {
  const file = (body as Partial<AvatarUploadBody> | null | undefined)?.file;
  return Buffer.isBuffer(file) ? file : undefined;
}

function asUploadError(error: unknown): unknown {
  if (error instanceof FormTooLargeError) return fileTooLarge();
  if (error instanceof MalformedFormError) return badParam(FILE_FIELD, 'multipart', 'avatars.malformedForm');
  return error;
}

function replyImage(request: FastifyRequest, reply: FastifyReply, avatar: ServedAvatar): FastifyReply {
  reply
    .header('etag', avatar.etag)
    .header('cache-control', AVATAR_CACHE_CONTROL)
    .header('content-security-policy', IMAGE_CSP);
  if (matchesEntityTag(request.headers['if-none-match'], avatar.etag)) return reply.code(304).send();
  return reply.type(avatar.contentType).send(avatar.body);
}

export async function registerAvatarRoutes(app: FastifyInstance, avatars: AvatarService): Promise<void> {
  // A public image outside /v2: HTTP statuses, not the envelope; never the web app page.
  app.get<{ Params: { userId: string } }>('/avatars/:userId', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    const avatar = USER_ID.test(request.params.userId)
      ? await avatars.avatarOf(Number(request.params.userId))
      : undefined;
    if (!avatar)
      return reply.code(404).header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send('Not found');
    return replyImage(request, reply, avatar);
  });

  // The multipart reader is registered in this scope only: no other call accepts form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', (request, payload, done) => {
      readBody(payload, request.headers['content-length'], AVATAR_MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES)
        .then((body) => {
          const part = parseFormData(body, boundaryOf(request.headers['content-type'])).find(
            (candidate) => candidate.name === FILE_FIELD,
          );
          const parsed: AvatarUploadBody = { file: part?.data };
          done(null, parsed);
        })
        .catch((error: unknown) => done(asUploadError(error) as Error));
    });

    scope.post(
      '/v2/users/current/uploadHeadImg',
      {
        config: requireLogin,
        schema: {
          tags: ['users'],
          summary: 'Upload the avatar: multipart field `file`, a JPG, PNG, GIF or WebP image of at most 5 MiB',
          description:
            'The image is recognised by its content, cropped to 256×256 around its centre, stripped of metadata and stored as WebP. ' +
            'The answer is the avatar address with a time stamp: /avatars/{userId}?t={ms}. Other form fields are ignored.',
          consumes: ['multipart/form-data'],
          response: { 200: Envelope(Type.String()) },
        },
      },
      async (request) => success(await avatars.upload(loggedInUser(request).userId, uploadedFile(request.body))),
    );
  });
}
