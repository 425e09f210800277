import { ErrCode, FileAnalysisStatus, type FieldError } from '@tessera/domain';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { patternStream, sampleImage, sampleJson, sampleMp4, sampleText, sampleWav } from '../../platform/files/samples';
import { FORM_END, fileInfo, fileIsExist, filesUnder, multipartBody, partHead, postForm, upload } from './testing';

const sha1Of = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');
const KiB = 1024;

function fieldErrorsOf(response: ApiResponse<unknown>): FieldError[] {
  expect(response.body.errCode).toBe(ErrCode.BadParams);
  return response.body.data as FieldError[];
}

async function fileRow(t: TestApp, sha1: string) {
  return t.db.selectFrom('files').selectAll().where('sha1', '=', sha1).executeTakeFirst();
}

describe('file uploads and analysis', () => {
  let t: TestApp;
  let alice: TestClient;
  let filesDir: string;

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-files-test-'));
    t = await createTestApp({
      config: { filesUrl: filesDir, uploadMaxBytes: 256 * KiB, videoUploadMaxBytes: 512 * KiB },
    });
    ({ client: alice } = await t.login({ username: 'alice' }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(filesDir, { recursive: true, force: true });
  });

  it('answers the server-computed sha1 and size, then analyses PNG, WAV and JSON files in the background', async () => {
    const png = await sampleImage('png', { width: 40, height: 30 });
    const wav = sampleWav({ seconds: 1.5 });
    const json = sampleJson();
    const answers = [];
    for (const [data, filename] of [
      [png, 'picture.png'],
      [wav, 'tone.wav'],
      [json, 'data.json'],
    ] as const) {
      answers.push(dataOf(await upload(alice, data, { filename })));
    }
    expect(answers).toEqual([
      { sha1: sha1Of(png), fileSize: png.length },
      { sha1: sha1Of(wav), fileSize: wav.length },
      { sha1: sha1Of(json), fileSize: json.length },
    ]);

    await t.services.files.analysePending();
    const infos = dataOf(
      await fileInfo(
        alice,
        answers.map((answer) => answer.sha1),
      ),
    );
    expect(infos).toEqual([
      {
        sha1: sha1Of(png),
        fileSize: png.length,
        metaAnalyzeStatus: 2,
        metaInfo: { fileSize: png.length, mime: 'image/png', width: 40, height: 30 },
      },
      {
        sha1: sha1Of(wav),
        fileSize: wav.length,
        metaAnalyzeStatus: 2,
        metaInfo: { fileSize: wav.length, mime: 'audio/wav', duration: 1.5 },
      },
      {
        sha1: sha1Of(json),
        fileSize: json.length,
        metaAnalyzeStatus: 2,
        metaInfo: { fileSize: json.length, mime: 'application/json' },
      },
    ]);
    // The bytes are on disk once, under their sha1.
    expect(filesUnder(filesDir)).toEqual(
      expect.arrayContaining([`${sha1Of(png).slice(0, 2)}/${sha1Of(png).slice(2, 4)}/${sha1Of(png)}`]),
    );
  });

  it('counts a file as existing (instant upload) only once it is analysed', async () => {
    const text = `instant ${Date.now()}\n`;
    const sha1 = sha1Of(text);
    const unknown = 'f'.repeat(40);
    expect(dataOf(await fileIsExist(alice, [sha1, unknown]))).toEqual([
      { sha1, isExisting: false },
      { sha1: unknown, isExisting: false },
    ]);
    dataOf(await upload(alice, text, { filename: 'note.txt' }));
    await t.services.files.analysePending();
    expect(dataOf(await fileIsExist(alice, [sha1]))).toEqual([{ sha1, isExisting: true }]);

    // While it waits for (or is in) analysis, it does not count: the client uploads it.
    for (const status of [FileAnalysisStatus.Pending, FileAnalysisStatus.Analysing]) {
      await t.db
        .updateTable('files')
        .set({ metaAnalyzeStatus: status, metaInfo: '{}', analyseStartDate: t.clock.now().toISOString() })
        .where('sha1', '=', sha1)
        .execute();
      expect(dataOf(await fileIsExist(alice, [sha1]))).toEqual([{ sha1, isExisting: false }]);
      expect(dataOf(await fileInfo(alice, [sha1, unknown]))).toEqual([
        { sha1, fileSize: text.length, metaAnalyzeStatus: status, metaInfo: null },
        { sha1: unknown },
      ]);
    }
    await t.db
      .updateTable('files')
      .set({ metaAnalyzeStatus: FileAnalysisStatus.Pending })
      .where('sha1', '=', sha1)
      .execute();
    await t.services.files.analysePending();
    expect(dataOf(await fileIsExist(alice, [sha1]))).toEqual([{ sha1, isExisting: true }]);
  });

  it('rejects bad sha1 lists naming the parameter, and accepts sha1s and repeated parameters', async () => {
    expect(fieldErrorsOf(await alice.get('/v2/storages/files/fileIsExist', { query: { sha1: 'abc' } }))[0]?.field).toBe(
      'sha1',
    );
    expect(fieldErrorsOf(await alice.get('/v2/storages/files/fileIsExist'))[0]?.code).toBe('required');
    const tooMany = Array.from({ length: 101 }, (_, index) => index.toString(16).padStart(40, '0')).join(',');
    expect(fieldErrorsOf(await alice.get('/v2/storages/files/list/info', { query: { sha1: tooMany } }))[0]?.code).toBe(
      'maxItems',
    );
    const { sha1: known } = dataOf(await upload(alice, sampleJson(), { filename: 'sample.json' }));
    await t.services.files.analysePending();
    const upper = known.toUpperCase();
    expect(
      dataOf(await alice.get('/v2/storages/files/info', { query: { sha1s: `${upper},${'0'.repeat(40)}` } })),
    ).toEqual([expect.objectContaining({ sha1: upper, metaAnalyzeStatus: 2 }), { sha1: '0'.repeat(40) }]);
    expect(dataOf(await alice.get(`/v2/storages/files/fileIsExist?sha1=${known}&sha1=${'1'.repeat(40)}`))).toEqual([
      { sha1: known, isExisting: true },
      { sha1: '1'.repeat(40), isExisting: false },
    ]);
  });

  it('serves the system property of an analysed file, null otherwise', async () => {
    const png = await sampleImage('png', { width: 40, height: 30 });
    dataOf(await upload(alice, png, { filename: 'picture.png' }));
    await t.services.files.analysePending();
    expect(dataOf(await alice.get(`/v2/storages/files/${sha1Of(png)}/property`))).toEqual({
      fileSize: png.length,
      mime: 'image/png',
      width: 40,
      height: 30,
    });
    expect(dataOf(await alice.get(`/v2/storages/files/${'e'.repeat(40)}/property`))).toBeNull();
    expect(fieldErrorsOf(await alice.get('/v2/storages/files/not-a-sha1/property'))[0]?.field).toBe('sha1');
  });

  it('fails a file whose content lies about its type, with a translated reason, and stays healthy', async () => {
    const lying = Buffer.from('this is plain text, not a picture\n');
    const { sha1 } = dataOf(await upload(alice, lying, { filename: 'photo.png', contentType: 'image/png' }));
    // A PNG whose header says it is 0×0 pixels.
    const png = await sampleImage('png');
    const broken = Buffer.concat([png.subarray(0, 16), Buffer.alloc(8), png.subarray(24)]);
    const { sha1: brokenSha1 } = dataOf(await upload(alice, broken, { filename: 'cut.png' }));
    await t.services.files.analysePending();

    const [english] = dataOf(
      await fileInfo(t.client({ locale: 'en_US', cookies: Object.fromEntries(alice.cookies) }), [sha1]),
    );
    expect(english).toMatchObject({ sha1, metaAnalyzeStatus: 3, metaInfo: null });
    expect(english?.analyseError).toMatch(/not what its name says/);
    const [chinese] = dataOf(await fileInfo(alice, [brokenSha1]));
    expect(chinese).toMatchObject({ metaAnalyzeStatus: 3, analyseError: '文件已损坏或不完整，无法读取' });

    // Uploading a failed file again queues it for a new analysis (here under a name that fits it).
    dataOf(await upload(alice, lying, { filename: 'notes.txt' }));
    expect([FileAnalysisStatus.Pending, FileAnalysisStatus.Analysing]).toContain(
      (await fileRow(t, sha1))?.metaAnalyzeStatus,
    );
    await t.services.files.analysePending();
    expect(await fileRow(t, sha1)).toMatchObject({ metaAnalyzeStatus: 2, analyseError: '' });
    expect(dataOf(await fileIsExist(alice, [sha1]))).toEqual([{ sha1, isExisting: true }]);
  });

  it('keeps an analysed file analysed when it is uploaded again, and remembers every uploader', async () => {
    const json = sampleJson({ again: true });
    const { client: bob, user: bobUser } = await t.login({ username: 'bob' });
    const { sha1 } = dataOf(await upload(alice, json, { filename: 'a.json' }));
    await t.services.files.analysePending();
    dataOf(await upload(bob, json, { filename: 'b.json' }));
    expect((await fileRow(t, sha1))?.metaAnalyzeStatus).toBe(FileAnalysisStatus.Success);
    const uploaders = await t.db
      .selectFrom('file_uploads')
      .select(['userId', 'filename'])
      .where('sha1', '=', sha1)
      .orderBy('filename')
      .execute();
    expect(uploaders).toEqual([
      expect.objectContaining({ filename: 'a.json' }),
      { userId: bobUser.userId, filename: 'b.json' },
    ]);
  });

  it('reads the optional resourceType field before the file', async () => {
    const text = 'typed upload\n';
    const body = multipartBody([
      { name: 'resourceType', data: 'novel' },
      { name: 'file', filename: 'chapter.txt', contentType: 'text/plain', data: text },
    ]);
    expect(dataOf(await postForm(alice, '/v2/storages/files/upload', body))).toEqual({
      sha1: sha1Of(text),
      fileSize: text.length,
    });
  });

  it('requires a login', async () => {
    const response = await upload(t.client(), 'anonymous bytes');
    expect(response.body.errCode).toBe(ErrCode.NotLoggedIn);
    expect(await fileRow(t, sha1Of('anonymous bytes'))).toBeUndefined();
    expect(
      (await t.client().get('/v2/storages/files/fileIsExist', { query: { sha1: 'a'.repeat(40) } })).body.errCode,
    ).toBe(ErrCode.NotLoggedIn);
  });

  it('refuses an empty file, a form without the file part and a body that is not a form', async () => {
    const empty = await upload(alice, '');
    expect(fieldErrorsOf(empty)).toEqual([expect.objectContaining({ field: 'file', code: 'empty' })]);
    expect(await fileRow(t, sha1Of(''))).toBeUndefined();
    expect(filesUnder(filesDir).some((path) => path.endsWith(sha1Of('')))).toBe(false);

    const noFile = await postForm(
      alice,
      '/v2/storages/files/upload',
      multipartBody([{ name: 'resourceType', data: 'novel' }]),
    );
    expect(fieldErrorsOf(noFile)).toEqual([expect.objectContaining({ field: 'file', code: 'required' })]);
    const wrongField = await postForm(
      alice,
      '/v2/storages/files/upload',
      multipartBody([{ name: 'other', filename: 'x.txt', data: 'x' }]),
    );
    expect(fieldErrorsOf(wrongField)[0]?.code).toBe('required');

    const json = await alice.post('/v2/storages/files/upload', { file: 'not a form' });
    expect(fieldErrorsOf(json)[0]).toMatchObject({ field: 'file', code: 'multipart' });
  });

  it('refuses a file over the size limit before reading it when the length is declared', async () => {
    const response = await upload(alice, Buffer.alloc(600 * KiB, 1), { filename: 'big.bin' });
    expect(fieldErrorsOf(response)[0]).toMatchObject({
      field: 'file',
      code: 'maxSize',
      message: '文件不能超过 256 KB（视频文件不能超过 512 KB）',
    });
    expect(response.headers.connection).toBe('close');
    expect(await fileRow(t, sha1Of(Buffer.alloc(600 * KiB, 1)))).toBeUndefined();

    // Within the video limit but over the ordinary one: refused once the part says it is no video.
    const overOrdinary = await upload(alice, Buffer.alloc(300 * KiB, 2), { filename: 'big.bin' });
    expect(fieldErrorsOf(overOrdinary)[0]?.code).toBe('maxSize');
    expect(await fileRow(t, sha1Of(Buffer.alloc(300 * KiB, 2)))).toBeUndefined();
  });

  it('stops a streamed file without declared length at the limit, leaving nothing behind', async () => {
    const before = filesUnder(filesDir).sort();
    const size = 400 * KiB;
    const body = Readable.from(
      (async function* () {
        yield partHead({ name: 'file', filename: 'stream.bin', contentType: 'application/octet-stream' });
        for await (const chunk of patternStream(size, { seed: 7, chunkSize: 16 * KiB })) yield chunk as Buffer;
        yield Buffer.from('\r\n');
        yield FORM_END;
      })(),
    );
    const response = await postForm(alice, '/v2/storages/files/upload', body);
    expect(fieldErrorsOf(response)[0]?.code).toBe('maxSize');
    expect(filesUnder(filesDir).sort()).toEqual(before);
  });

  it('accepts a video up to the video limit; a big file that only had a video name fails analysis', async () => {
    const video = sampleMp4({ seconds: 2, mediaBytes: 300 * KiB });
    const { sha1 } = dataOf(await upload(alice, video, { filename: 'clip.mp4', contentType: 'video/mp4' }));
    // Sound named as a video passes the upload under the video limit, but it is no video.
    const disguised = sampleWav({ seconds: 20 });
    expect(disguised.length).toBeGreaterThan(256 * KiB);
    const { sha1: disguisedSha1 } = dataOf(
      await upload(alice, disguised, { filename: 'not-really.mp4', contentType: 'application/octet-stream' }),
    );
    await t.services.files.analysePending();
    const [clip, fake] = dataOf(
      await fileInfo(t.client({ locale: 'en_US', cookies: Object.fromEntries(alice.cookies) }), [sha1, disguisedSha1]),
    );
    expect(clip).toMatchObject({ metaAnalyzeStatus: 2, metaInfo: { mime: 'video/mp4', duration: 2 } });
    expect(fake?.metaAnalyzeStatus).toBe(3);
    expect(fake?.analyseError).toMatch(/must not be larger than 256 KB/);
  });

  it('downloads a file the caller uploaded, whole or a range, without an attachment disposition', async () => {
    const json = sampleText('Download me, whole or in parts.\n');
    const { sha1 } = dataOf(await upload(alice, json, { filename: 'dl.txt' }));
    await t.services.files.analysePending();
    const whole = await alice.get(`/v2/storages/files/${sha1}/download`, { query: { attachmentName: 'x.txt' } });
    expect(whole.status).toBe(200);
    expect(whole.rawPayload.equals(json)).toBe(true);
    expect(whole.headers['content-type']).toBe('text/plain');
    expect(whole.headers['content-disposition']).toBeUndefined();
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await alice.get(`/v2/storages/files/${sha1}/download`, { headers: { range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${json.length}`);
    expect(part.rawPayload.equals(json.subarray(2, 10))).toBe(true);
    const tail = await alice.get(`/v2/storages/files/${sha1}/download`, { headers: { range: 'bytes=-5' } });
    expect(tail.rawPayload.equals(json.subarray(json.length - 5))).toBe(true);
    const past = await alice.get(`/v2/storages/files/${sha1}/download`, {
      headers: { range: `bytes=${json.length}-` },
    });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${json.length}`);

    const { client: mallory } = await t.login({ username: 'mallory' });
    expect((await mallory.get(`/v2/storages/files/${sha1}/download`)).body.errCode).toBe(ErrCode.Forbidden);
  });
});

describe('storage quota', () => {
  let t: TestApp;
  let alice: TestClient;

  beforeAll(async () => {
    t = await createTestApp({ config: { storageQuotaBytes: 100 * KiB } });
    ({ client: alice } = await t.login({ username: 'alice' }));
  });
  afterAll(() => t.close());

  it('refuses a declared body larger than the free space at once, giving the free space', async () => {
    const response = await upload(
      t.client({ locale: 'en_US', cookies: Object.fromEntries(alice.cookies) }),
      Buffer.alloc(200 * KiB, 4),
    );
    expect(response.body.errCode).toBe(ErrCode.Business);
    expect(response.body.msg).toBe(
      'Not enough storage space: only 100 KB of your 100 KB is left, which is less than this file needs. Delete objects you no longer need first.',
    );
    expect(response.headers.connection).toBe('close');
    expect(await t.db.selectFrom('files').select('sha1').execute()).toEqual([]);
  });

  it('stops a streamed body without declared length once it passes the free space', async () => {
    const body = Readable.from([
      partHead({ name: 'file', filename: 'big.bin' }),
      Buffer.alloc(150 * KiB, 5),
      Buffer.from('\r\n'),
      FORM_END,
    ]);
    const response = await postForm(alice, '/v2/storages/files/upload', body);
    expect(response.body.errCode).toBe(ErrCode.Business);
    expect(await t.db.selectFrom('files').select('sha1').execute()).toEqual([]);
  });

  it('accepts a file that fits', async () => {
    expect(dataOf(await upload(alice, Buffer.alloc(10 * KiB, 6))).fileSize).toBe(10 * KiB);
  });
});
