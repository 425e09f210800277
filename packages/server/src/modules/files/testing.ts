// Helpers of the files tests: multipart bodies, uploads through the app, raw requests over a real
// socket, and an MP3 carrying a cover picture.
import { SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@tessera/domain';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ApiResponse, TestApp, TestClient } from '../../testing';
import type { ExistenceAnswer, FileInfo, PublishedImage, UploadAnswer } from './service';

export { answerOf, type RawAnswer } from '../../testing/raw-answer';
export { readAll } from './service';

export const BOUNDARY = '----TesseraFilesBoundary4kq9Zt2W';
export const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

export type FormPart = { name: string; filename?: string; contentType?: string; data: Buffer | string };

export function partHead({ name, filename, contentType }: Omit<FormPart, 'data'>): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n` +
      (contentType === undefined ? '' : `Content-Type: ${contentType}\r\n`) +
      '\r\n',
  );
}

export const FORM_END = Buffer.from(`--${BOUNDARY}--\r\n`);

export function multipartBody(parts: FormPart[]): Buffer {
  return Buffer.concat([
    ...parts.flatMap((part) => [partHead(part), Buffer.from(part.data), Buffer.from('\r\n')]),
    FORM_END,
  ]);
}

export type UploadOptions = { filename?: string; contentType?: string; fields?: FormPart[] };

export function fileForm(
  data: Buffer | string,
  { filename = 'file.bin', contentType = 'application/octet-stream', fields = [] }: UploadOptions = {},
): Buffer {
  return multipartBody([...fields, { name: 'file', filename, contentType, data }]);
}

export function postForm<T>(
  client: TestClient,
  url: string,
  body: Buffer | Readable,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  return client.post<T>(url, body, { headers: { 'content-type': MULTIPART_TYPE, ...headers } });
}

export function upload(
  client: TestClient,
  data: Buffer | string,
  options?: UploadOptions,
): Promise<ApiResponse<UploadAnswer>> {
  return postForm<UploadAnswer>(client, '/v2/storages/files/upload', fileForm(data, options));
}

export function uploadImage(
  client: TestClient,
  data: Buffer | string,
  filename = 'cover.png',
  contentType = 'image/png',
): Promise<ApiResponse<PublishedImage>> {
  return postForm<PublishedImage>(client, '/v2/storages/files/uploadImage', fileForm(data, { filename, contentType }));
}

export function fileInfo(client: TestClient, sha1s: string[]): Promise<ApiResponse<FileInfo[]>> {
  return client.get<FileInfo[]>('/v2/storages/files/list/info', {
    query: { sha1: sha1s.join(','), resourceTypeCode: 'image' },
  });
}

export function fileIsExist(client: TestClient, sha1s: string[]): Promise<ApiResponse<ExistenceAnswer[]>> {
  return client.get<ExistenceAnswer[]>('/v2/storages/files/fileIsExist', { query: { sha1: sha1s.join(',') } });
}

/** Every regular file under `root` (the local store's bytes and temporary files), as relative paths. */
export function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1));
}

/** Headers that let a raw request through the session and anti-forgery checks. */
export async function credentialHeaders(client: TestClient, sessionId: string): Promise<Record<string, string>> {
  await client.get('/v2');
  const token = client.cookies.get(XSRF_COOKIE) ?? '';
  return { cookie: `${SESSION_COOKIE}=${sessionId}; ${XSRF_COOKIE}=${token}`, [XSRF_HEADER.toLowerCase()]: token };
}

export async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

export function rawPost(
  port: number,
  path: string,
  headers: Record<string, string | number>,
): ReturnType<typeof httpRequest> {
  return httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers, agent: false });
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function synchsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

/** An ID3v2.3 tag holding one front-cover picture (APIC frame), to put before MP3 frames. */
export function id3WithCover(picture: Buffer, mime = 'image/png'): Buffer {
  const body = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(`${mime}\0`, 'latin1'),
    Buffer.from([3]),
    Buffer.from('\0', 'latin1'),
    picture,
  ]);
  const frameHeader = Buffer.alloc(10);
  frameHeader.write('APIC', 0, 'latin1');
  frameHeader.writeUInt32BE(body.length, 4);
  const frames = Buffer.concat([frameHeader, body]);
  return Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([3, 0, 0]), synchsafe(frames.length), frames]);
}
