// Killing the server (SIGKILL, no shutdown) in the middle of an upload loses no file stored before,
// and leaves no trace of the upload that was cut: the restarted server knows the first file, and
// the second neither exists nor has bytes under its key. Runs the real `tessera start` process.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CrashableServer, signIn } from './testing';

const MB = 1024 * 1024;

function multipartParts(): { head: Buffer; tail: Buffer; type: string } {
  const boundary = `----crash${randomBytes(6).toString('hex')}`;
  return {
    head: Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="data.bin"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function uploadWhole(origin: string, session: { cookie: string; xsrf: string }, bytes: Buffer): Promise<string> {
  const { head, tail, type } = multipartParts();
  const response = await fetch(`${origin}/v2/storages/files/upload`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf, 'content-type': type },
    body: Buffer.concat([head, bytes, tail]),
  });
  const body = (await response.json()) as { errCode: number; data: { sha1: string } };
  expect(body.errCode).toBe(0);
  return body.data.sha1;
}

/** Sends the head of an upload and `sentBytes` of its file, then resolves (the request stays open). */
function startUpload(
  origin: string,
  session: { cookie: string; xsrf: string },
  bytes: Buffer,
  sentBytes: number,
): Promise<void> {
  const { head, tail, type } = multipartParts();
  const req = request(`${origin}/v2/storages/files/upload`, {
    method: 'POST',
    headers: {
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
      'content-type': type,
      'content-length': head.length + bytes.length + tail.length,
    },
  });
  req.on('error', () => {});
  req.write(head);
  return new Promise((resolve) => req.write(bytes.subarray(0, sentBytes), () => setTimeout(resolve, 500)));
}

async function fileInfo(
  origin: string,
  session: { cookie: string },
  sha1: string,
): Promise<{ sha1: string; metaAnalyzeStatus?: number }> {
  const response = await fetch(`${origin}/v2/storages/files/list/info?sha1=${sha1}&resourceTypeCode=`, {
    headers: { cookie: session.cookie },
  });
  const body = (await response.json()) as { data: { sha1: string; metaAnalyzeStatus?: number }[] };
  const [item] = body.data;
  if (!item) throw new Error('no info item');
  return item;
}

async function analysed(origin: string, session: { cookie: string }, sha1: string): Promise<number | undefined> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { metaAnalyzeStatus } = await fileInfo(origin, session, sha1);
    if (metaAnalyzeStatus === 2 || metaAnalyzeStatus === 3 || Date.now() > deadline) return metaAnalyzeStatus;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const storedPath = (dataDir: string, sha1: string) => join(dataDir, 'files', sha1.slice(0, 2), sha1.slice(2, 4), sha1);

describe('killing the server during an upload', () => {
  const server = new CrashableServer('tessera-crash-');
  afterAll(() => server.dispose());

  it('keeps the files stored before and leaves nothing of the cut upload', { timeout: 120_000 }, async () => {
    const origin = await server.start();
    let session = await signIn(origin);

    const first = randomBytes(MB);
    const firstSha1 = await uploadWhole(origin, session, first);
    expect(firstSha1).toBe(createHash('sha1').update(first).digest('hex'));
    expect(await analysed(origin, session, firstSha1)).toBe(2);

    const second = randomBytes(8 * MB);
    const secondSha1 = createHash('sha1').update(second).digest('hex');
    await startUpload(origin, session, second, 3 * MB);
    await server.kill();

    await server.start();
    session = await signIn(origin);
    expect(await fileInfo(origin, session, firstSha1)).toMatchObject({ sha1: firstSha1, metaAnalyzeStatus: 2 });
    expect(statSync(storedPath(server.dataDir, firstSha1)).size).toBe(MB);
    expect(await fileInfo(origin, session, secondSha1)).toEqual({ sha1: secondSha1 });
    expect(existsSync(storedPath(server.dataDir, secondSha1))).toBe(false);
  });
});
