// The multipart calls (API.md §1.8): `upload` streams the `file` part into the file store as it
// arrives, `uploadImage` reads a picture of at most 5 MiB. @fastify/multipart is registered in this
// scope only, so other calls (and the avatars module's own reader) keep their parsers.
import fastifyMultipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import { ErrCode } from '@tessera/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { success } from '../../platform/envelope';
import { AppError, badParam } from '../../platform/errors';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import { imageTooLarge } from './images';
import { FORM_OVERHEAD_BYTES, IMAGE_UPLOAD_MAX_BYTES } from './limits';
import { PublishedImage, UploadAnswer } from '@tessera/contract/files';
import { closeAfterAnswer } from './staged-close';
import type { FileService } from './service';

const FILE_FIELD = 'file';
const RESOURCE_TYPE_FIELD = 'resourceType';

const notMultipart = () => badParam(FILE_FIELD, 'multipart', 'files.notMultipart');

function declaredLength(request: FastifyRequest): number | undefined {
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** Aborts when the client goes away before the answer is sent (a cancelled upload). */
function signalOfClient(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new AppError(ErrCode.BadParams, 'files.uploadCancelled'));
  });
  return controller.signal;
}

/** The `file` part, once its headers arrived (text fields before it are read on the way). */
async function filePart(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw notMultipart();
  let part: MultipartFile | undefined;
  try {
    part = await request.file();
  } catch {
    throw notMultipart();
  }
  if (!part || part.fieldname !== FILE_FIELD) throw badParam(FILE_FIELD, 'required', 'files.fileMissing');
  return part;
}

function textField(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const value = Array.isArray(field) ? undefined : (field as MultipartValue | undefined)?.value;
  return typeof value === 'string' ? value : undefined;
}

/** The whole part, refused as soon as it passes `maxBytes`; a form that breaks off is errCode 4. */
async function readCapped(stream: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw imageTooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw error instanceof AppError ? error : notMultipart();
  }
  return Buffer.concat(chunks);
}

export async function registerUploadRoutes(app: FastifyInstance, files: FileService): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // The file store enforces the size limits while it writes; busboy's own limit is not used.
      limits: { files: 1, fields: 5, fieldSize: 1024, parts: 10, headerPairs: 50, fileSize: Number.MAX_SAFE_INTEGER },
      throwFileSizeLimit: false,
    });
    // A refused upload leaves the rest of its body unread: closing the connection stops the sender.
    scope.addHook('onError', async (request, reply) => closeAfterAnswer(request, reply));

    scope.post(
      '/v2/storages/files/upload',
      {
        config: requireLogin,
        schema: {
          tags: ['storage'],
          summary: 'Upload a file: multipart field `file` (and an optional text field `resourceType` before it)',
          description:
            'The bytes are hashed and stored as they arrive; the answer is the SHA-1 and size computed by the server. ' +
            'Refused at once, before the body is read when its Content-Length tells: more than the free quota (errCode 2), ' +
            'more than the upload limit (errCode 4; video files have a larger limit). Analysis runs afterwards: poll /v2/storages/files/list/info.',
          consumes: ['multipart/form-data'],
          response: { 200: Envelope(UploadAnswer) },
        },
      },
      async (request, reply) => {
        const budget = await files.admitUpload(loggedInUser(request).userId, declaredLength(request));
        const signal = signalOfClient(reply);
        const part = await filePart(request);
        let sourceFailed = false;
        part.file.once('error', () => {
          sourceFailed = true;
        });
        try {
          const upload = {
            stream: part.file,
            filename: part.filename,
            declaredType: part.mimetype,
            resourceType: textField(part, RESOURCE_TYPE_FIELD),
          };
          return success(await files.storeUpload(budget, upload, signal));
        } catch (error) {
          if (signal.aborted) throw signal.reason;
          // The form broke off in the middle of the file.
          if (sourceFailed && !(error instanceof AppError)) throw notMultipart();
          throw error;
        }
      },
    );

    scope.post(
      '/v2/storages/files/uploadImage',
      {
        config: requireLogin,
        schema: {
          tags: ['storage'],
          summary: 'Publish a picture (cover): multipart field `file`, JPG, PNG, GIF or WebP by content, at most 5 MiB',
          description:
            'The picture is turned upright and stored again without its metadata; it does not count against the quota. ' +
            'The answer `url` (/images/{sha1}.{ext}) is served to anyone without login.',
          consumes: ['multipart/form-data'],
          response: { 200: Envelope(PublishedImage) },
        },
      },
      async (request) => {
        const { userId } = loggedInUser(request);
        const length = declaredLength(request);
        if (length !== undefined && length - FORM_OVERHEAD_BYTES > IMAGE_UPLOAD_MAX_BYTES) throw imageTooLarge();
        const part = await filePart(request);
        return success(await files.uploadImage(userId, await readCapped(part.file, IMAGE_UPLOAD_MAX_BYTES)));
      },
    );
  });
}
