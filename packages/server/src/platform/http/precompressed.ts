// A body compressed once, not per request, and answered in the best encoding the caller accepts (br,
// then gzip, else as is). Each encoding is made on its first use and kept: brotli at its best quality
// takes a few hundred milliseconds for the texts files, which an app that never serves them (tests,
// CLI) should not pay at start.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Encoded = 'br' | 'gzip';

export type Precompressed = {
  plain: Buffer;
  /** Hex SHA-256 of the plain bytes. */
  sha256: string;
  /** A strong ETag of the plain bytes; the encoding is added per answer. */
  etag: string;
  /** The bytes in an encoding, made once. */
  encoded(encoding: Encoded): Promise<Buffer>;
};

function encode(plain: Buffer, encoding: Encoded): Promise<Buffer> {
  if (encoding === 'gzip') return gzipped(plain, { level: zlib.Z_BEST_COMPRESSION });
  return brotli(plain, {
    params: {
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
      [zlib.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
}

export function precompressed(text: string): Precompressed {
  const plain = Buffer.from(text, 'utf8');
  const sha256 = createHash('sha256').update(plain).digest('hex');
  const made = new Map<Encoded, Promise<Buffer>>();
  return {
    plain,
    sha256,
    etag: `"${sha256.slice(0, 32)}"`,
    encoded(encoding) {
      let bytes = made.get(encoding);
      if (!bytes) {
        bytes = encode(plain, encoding);
        made.set(encoding, bytes);
        // A failed compression is tried again by the next request rather than remembered.
        bytes.catch(() => made.delete(encoding));
      }
      return bytes;
    },
  };
}

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** The encoding to answer in for an Accept-Encoding header: br, then gzip, each unless refused with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * Answers the body (or 304 for its ETag) in the caller's encoding. Vary keeps shared caches from
 * handing a compressed answer to a client that cannot read it.
 */
export async function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
  contentType: string,
): Promise<FastifyReply> {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  const etag = encoding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}-${encoding}"`;
  reply.header('vary', 'Accept-Encoding').header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.code(304).send();
  }
  reply.type(contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encoding === 'identity' ? body.plain : await body.encoded(encoding));
}
