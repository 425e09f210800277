// A small multipart/form-data reader (RFC 7578) for one-file forms: the body is collected up to a
// byte limit (reading stops as soon as it is passed), then split into parts. @fastify/multipart,
// which streams each part, is the long-term choice once uploads grow beyond a few MiB.
import type { Readable } from 'node:stream';

export type FormPart = { name: string; filename: string | undefined; contentType: string | undefined; data: Buffer };

export class MalformedFormError extends Error {
  constructor(reason: string) {
    super(`malformed multipart body: ${reason}`);
    this.name = 'MalformedFormError';
  }
}

export class FormTooLargeError extends Error {
  constructor() {
    super('multipart body over the limit');
    this.name = 'FormTooLargeError';
  }
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data; boundary=…` content type (RFC 2046: 1–70 characters). */
export function boundaryOf(contentType: string | undefined): string {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new MalformedFormError('no boundary');
  return boundary;
}

/** The whole body, unless it is (or says it is) longer than `limit` bytes. */
export function readBody(stream: Readable, declaredLength: string | undefined, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(declaredLength) > limit) return reject(new FormTooLargeError());
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = (): void => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      length += chunk.length;
      if (length > limit) {
        stop();
        // Node discards the rest of a request once its answer is sent.
        stream.pause();
        reject(new FormTooLargeError());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, length));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
    stream.on('error', onError);
    stream.resume();
  });
}

/** `name="file"; filename="a.png"` → their values (quoted or token values). */
function dispositionParams(value: string): Map<string, string> {
  const params = new Map<string, string>();
  for (const match of value.matchAll(/;\s*([\w*-]+)=(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g)) {
    params.set((match[1] ?? '').toLowerCase(), match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? '');
  }
  return params;
}

function partOf(headerText: string, data: Buffer): FormPart {
  const headers = new Map<string, string>();
  for (const line of headerText.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\s*(;|$)/i.test(disposition))
    throw new MalformedFormError('part without form-data disposition');
  const params = dispositionParams(disposition);
  const name = params.get('name');
  if (name === undefined) throw new MalformedFormError('part without a name');
  return { name, filename: params.get('filename'), contentType: headers.get('content-type'), data };
}

function afterFirstBoundary(body: Buffer, dashBoundary: Buffer, delimiter: Buffer): number {
  if (body.subarray(0, dashBoundary.length).equals(dashBoundary)) return dashBoundary.length;
  // Otherwise a preamble (ignored) comes first.
  const index = body.indexOf(delimiter);
  if (index === -1) throw new MalformedFormError('no boundary in the body');
  return index + delimiter.length;
}

/** The parts of a form body; their data are views into `body`. */
export function parseFormData(body: Buffer, boundary: string): FormPart[] {
  const dashBoundary = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.concat([CRLF, dashBoundary]);
  const parts: FormPart[] = [];
  let cursor = afterFirstBoundary(body, dashBoundary, delimiter);
  for (;;) {
    if (body.toString('latin1', cursor, cursor + 2) === '--') return parts;
    // Transport padding (spaces, tabs) may follow a boundary before its line ends.
    const lineEnd = body.indexOf(CRLF, cursor);
    if (lineEnd === -1 || body.toString('latin1', cursor, lineEnd).trim() !== '')
      throw new MalformedFormError('bad boundary line');
    // Searching from the boundary's own CRLF also finds an empty header block.
    const headerEnd = body.indexOf(HEADER_END, lineEnd);
    if (headerEnd === -1) throw new MalformedFormError('unterminated part headers');
    const dataStart = headerEnd + HEADER_END.length;
    const dataEnd = body.indexOf(delimiter, dataStart);
    if (dataEnd === -1) throw new MalformedFormError('unterminated part');
    parts.push(
      partOf(
        body.toString('utf8', lineEnd + CRLF.length, Math.max(headerEnd, lineEnd + CRLF.length)),
        body.subarray(dataStart, dataEnd),
      ),
    );
    cursor = dataEnd + delimiter.length;
  }
}
