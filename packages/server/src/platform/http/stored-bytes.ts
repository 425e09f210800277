// Answering with stored bytes: one byte range when asked (RFC 9110 §14), entity tags, and headers
// that keep a browser from treating uploaded bytes as a page of this site.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { ByteRange } from '../files/file-store';

/** Stored bytes as an answer needs them: the sha1 is the entity tag, the bytes never change. */
export type ServableFile = { sha1: string; fileSize: number; mime: string; open(range?: ByteRange): Promise<Readable> };

/** Downloads that only their caller may see: kept by no shared cache, checked again each time. */
export const PRIVATE_DOWNLOAD_CACHE_CONTROL = 'private, no-cache';

export type RangeChoice = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeChoice = { kind: 'whole' };
/** Uploaded bytes never run as script or load anything, whatever their type says. */
const STORED_BYTES_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The part of a `size`-byte file a Range header asks for. Only single `bytes=` ranges are served;
 * anything else (other units, several ranges, nonsense) is answered with the whole file, as the RFC allows.
 */
export function chooseRange(header: string | undefined, size: number): RangeChoice {
  const match = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } };
}

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

export type SendOptions = { cacheControl: string };

/** Sends a stored file (or the asked range of it); the sha1 is the entity tag, as the bytes never change. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ServableFile,
  { cacheControl }: SendOptions,
): Promise<FastifyReply> {
  const etag = `"${file.sha1}"`;
  reply
    .header('etag', etag)
    .header('cache-control', cacheControl)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_BYTES_CSP);
  if (matchesEntityTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const choice = chooseRange(request.headers.range, file.fileSize);
  if (choice.kind === 'unsatisfiable')
    return reply.code(416).header('content-range', `bytes */${file.fileSize}`).send();
  reply.type(file.mime);
  if (choice.kind === 'whole') return reply.header('content-length', file.fileSize).send(await file.open());
  const { start, end } = choice.range;
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${file.fileSize}`)
    .header('content-length', end - start + 1)
    .send(await file.open(choice.range));
}
