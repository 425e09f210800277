// Uploads over a real socket: what a client that gives up, or sends too much, leaves behind.
import { ErrCode } from '@tessera/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import {
  answerOf,
  credentialHeaders,
  filesUnder,
  FORM_END,
  listen,
  MULTIPART_TYPE,
  partHead,
  rawPost,
  upload,
  waitFor,
} from './testing';

const KiB = 1024;

describe('uploads over a real connection', () => {
  let t: TestApp;
  let alice: TestClient;
  let filesDir: string;
  let port: number;
  let credentials: Record<string, string>;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-files-socket-'));
    t = await createTestApp({
      config: { filesUrl: filesDir, uploadMaxBytes: 256 * KiB, videoUploadMaxBytes: 512 * KiB },
    });
    const session = await t.login({ username: 'alice' });
    alice = session.client;
    credentials = await credentialHeaders(alice, session.sessionId);
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves no row and no bytes when the client breaks off halfway', async () => {
    const head = partHead({ name: 'file', filename: 'half.bin', contentType: 'application/octet-stream' });
    const fileSize = 200 * KiB;
    const request = rawPost(port, '/v2/storages/files/upload', {
      ...credentials,
      'content-type': MULTIPART_TYPE,
      'content-length': head.length + fileSize + 2 + FORM_END.length,
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(Buffer.alloc(fileSize / 2, 9));
    // The server is writing the temporary file when the client goes away.
    await waitFor(() => filesUnder(filesDir).some((path) => path.startsWith('.tmp')));
    request.destroy();

    await waitFor(() => filesUnder(filesDir).length === 0);
    expect(await t.db.selectFrom('files').select('sha1').execute()).toEqual([]);
    expect(await t.db.selectFrom('file_uploads').select('sha1').execute()).toEqual([]);
    // The server carries on.
    expect(dataOf(await upload(alice, 'after the cut\n')).fileSize).toBe(14);
  });

  it('answers a declared body over the limit at once and closes the connection while the client still sends', async () => {
    const declared = 50 * 1024 * KiB;
    const request = rawPost(port, '/v2/storages/files/upload', {
      ...credentials,
      'content-type': MULTIPART_TYPE,
      'content-length': declared,
    });
    const closed = new Promise<void>((resolve) => request.on('close', resolve));
    request.on('error', () => undefined);
    const answer = answerOf(request);
    request.write(partHead({ name: 'file', filename: 'huge.bin' }));
    let sent = 0;
    let answered = false;
    answer.then(
      () => (answered = true),
      () => (answered = true),
    );
    while (!answered && !request.destroyed && sent < declared) {
      const chunk = Buffer.alloc(64 * KiB, 1);
      sent += chunk.length;
      if (!request.write(chunk)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const { status, headers, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({
      errCode: ErrCode.BadParams,
      data: [expect.objectContaining({ field: 'file', code: 'maxSize' })],
    });
    expect(headers.connection).toBe('close');
    await closed;
    expect(sent).toBeLessThan(declared / 4);
    expect(filesUnder(filesDir).filter((path) => path.startsWith('.tmp'))).toEqual([]);
  });
});
