// The files calls with the bytes in S3-compatible storage (a real s3rver in a child process).
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { sampleImage, sampleText } from '../../platform/files/samples';
import { startTestS3Server, type TestS3Server } from '../../platform/files/s3-test-server';
import {
  answerOf,
  credentialHeaders,
  fileInfo,
  filesUnder,
  FORM_END,
  listen,
  MULTIPART_TYPE,
  partHead,
  rawPost,
  upload,
  uploadImage,
  waitFor,
} from './testing';

const KiB = 1024;

describe('files on S3-compatible storage', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let alice: TestClient;
  let port: number;
  let credentials: Record<string, string>;
  const storedObjects = () => filesUnder(s3.directory).filter((path) => path.endsWith('._S3rver_object'));

  beforeAll(async () => {
    s3 = await startTestS3Server();
    t = await createTestApp({ config: { filesUrl: s3.filesUrl('files-module/'), uploadMaxBytes: 256 * KiB } });
    const session = await t.login({ username: 'alice' }, { isRemember: true });
    alice = session.client;
    credentials = await credentialHeaders(alice, session.sessionId);
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.stop();
  });

  it('uploads, analyses, downloads and sweeps', async () => {
    const png = await sampleImage('png', { width: 20, height: 10 });
    const { sha1 } = dataOf(await upload(alice, png, { filename: 'p.png' }));
    await t.services.files.analysePending();
    expect(dataOf(await fileInfo(alice, [sha1]))).toEqual([
      {
        sha1,
        fileSize: png.length,
        metaAnalyzeStatus: 2,
        metaInfo: { fileSize: png.length, mime: 'image/png', width: 20, height: 10 },
      },
    ]);
    const part = await alice.get(`/v2/storages/files/${sha1}/download`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.rawPayload.equals(png.subarray(0, 8))).toBe(true);

    const image = dataOf(await uploadImage(alice, await sampleImage('jpeg'), 'cover.jpg', 'image/jpeg'));
    expect((await t.client().get(image.url)).headers['content-type']).toBe('image/jpeg');

    t.clock.advance({ hours: 25 });
    expect((await t.services.files.sweep()).removedFiles).toBe(1);
    expect(storedObjects().some((path) => path.includes(sha1))).toBe(false);
    expect(storedObjects().some((path) => path.includes(image.sha1))).toBe(true);
  });

  it('refuses a file over the limit and keeps nothing of an upload cut off halfway', async () => {
    const before = storedObjects().sort();
    const rowsBefore = await t.db.selectFrom('files').select('sha1').execute();
    expect((await upload(alice, Buffer.alloc(300 * KiB, 1))).body.errCode).toBe(ErrCode.BadParams);

    const head = partHead({ name: 'file', filename: 'half.bin' });
    const request = rawPost(port, '/v2/storages/files/upload', {
      ...credentials,
      'content-type': MULTIPART_TYPE,
      'content-length': head.length + 200 * KiB + 2 + FORM_END.length,
    });
    const answer = answerOf(request).catch(() => undefined);
    request.write(head);
    request.write(Buffer.alloc(100 * KiB, 2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    request.destroy();
    await answer;
    await waitFor(() => storedObjects().sort().join() === before.join());
    expect(await t.db.selectFrom('files').select('sha1').execute()).toEqual(rowsBefore);
    expect(dataOf(await upload(alice, sampleText('still fine\n'))).fileSize).toBe(11);
  });
});
