// Possession (issue 11, findings 1 and 11): a file is used by its SHA-1 only by someone who has its
// bytes: they uploaded it, or hold it in an object or a version of their own; public images stay
// public. A file the caller may not use answers exactly as one nobody stored, on every route that
// takes a sha1: the look-ups, instant upload into an object, versions (also in createBatch),
// imageHandle, generateCoverImage and the file download.
import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import { sampleImage } from '../../platform/files/samples';
import { createResource, FREE_POLICY, policy, uniqueName } from '../resources/testing';
import { BUCKETS, createBucket } from '../storage/testing';
import { postVersion } from '../versions/testing';
import type { PublishedImage } from './service';
import { upload, uploadImage } from './testing';

const FILES = '/v2/storages/files';

describe('possession of files', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let bobBucket: string;
  let bobResource: string;
  /** Alice's files: one used by nothing, one in an object, one in a released version (its sha1 is public). */
  const aliceFiles = { private: '', object: '', released: '' };

  async function uploadAnalysed(client: TestClient, data: Buffer, filename: string): Promise<string> {
    const { sha1 } = dataOf(await upload(client, data, { filename }));
    await t.services.files.analysePending();
    return sha1;
  }

  /** An answer with what differs between any two calls (the trace id of an error) left out. */
  const comparable = (response: ApiResponse<unknown>) => ({ ...response.body, data: response.body.data ?? null });

  /** The sha1 of nothing stored, for comparing answers. */
  let unknownCounter = 0;
  const unknownSha1 = () => {
    unknownCounter += 1;
    return unknownCounter.toString(16).padStart(40, 'e');
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: alice } = await t.login({ username: 'alice' }));
    ({ client: bob } = await t.login({ username: 'bob' }));
    aliceFiles.private = await uploadAnalysed(alice, await sampleImage('png', { width: 41, height: 31 }), 'p.png');
    aliceFiles.object = await uploadAnalysed(alice, await sampleImage('png', { width: 42, height: 32 }), 'o.png');
    aliceFiles.released = await uploadAnalysed(alice, await sampleImage('png', { width: 43, height: 33 }), 'r.png');
    const { bucketName } = await createBucket(alice);
    dataOf(await alice.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'o.png', sha1: aliceFiles.object }));
    const resource = await createResource(alice, {
      resourceTypeCode: 'image',
      policies: [policy('免费', FREE_POLICY)],
    });
    dataOf(
      await postVersion(alice, resource.resourceId, {
        version: '1.0.0',
        fileSha1: aliceFiles.released,
        filename: 'r.png',
      }),
    );
    dataOf(await alice.put(`/v2/resources/${resource.resourceId}`, { status: 1 }));
    bobBucket = (await createBucket(bob)).bucketName;
    bobResource = (await createResource(bob, { resourceTypeCode: 'image' })).resourceId;
  });
  afterAll(() => t.close());

  /** Every call that takes a sha1, as `client` makes it. */
  const calls = (client: TestClient) => ({
    fileIsExist: (sha1: string) => client.get(`${FILES}/fileIsExist`, { query: { sha1 } }),
    listInfo: (sha1: string) => client.get(`${FILES}/list/info`, { query: { sha1, resourceTypeCode: 'image' } }),
    info: (sha1: string) => client.get(`${FILES}/info`, { query: { sha1s: sha1 } }),
    property: (sha1: string) => client.get(`${FILES}/${sha1}/property`),
    download: (sha1: string) => client.get(`${FILES}/${sha1}/download`, { headers: { 'sec-fetch-mode': 'cors' } }),
    imageHandle: (sha1: string) => client.post(`${FILES}/imageHandle`, { sha1, width: 10 }),
    generateCoverImage: (sha1: string) => client.post(`${FILES}/generateCoverImage`, { sha1 }),
  });

  it('answers about another user’s file exactly as about one nobody stored, on every files call', async () => {
    const asBob = calls(bob);
    for (const [which, sha1] of Object.entries(aliceFiles)) {
      for (const [name, call] of Object.entries(asBob)) {
        const unknown = unknownSha1();
        const answer = await call(sha1);
        const twin = await call(unknown);
        expect(answer.body.errCode, `${name} of Alice's ${which} file`).toBe(twin.body.errCode);
        expect(JSON.stringify(comparable(answer)).replace(sha1, '<sha1>'), `${name} of Alice's ${which} file`).toBe(
          JSON.stringify(comparable(twin)).replace(unknown, '<sha1>'),
        );
      }
      expect(dataOf(await asBob.fileIsExist(sha1))).toEqual([{ sha1, isExisting: false }]);
      expect(dataOf(await asBob.listInfo(sha1))).toEqual([{ sha1 }]);
    }
    // Alice herself uses all three.
    for (const sha1 of Object.values(aliceFiles)) {
      expect(dataOf(await calls(alice).fileIsExist(sha1))).toEqual([{ sha1, isExisting: true }]);
      expect(dataOf(await calls(alice).property(sha1))).toMatchObject({ mime: 'image/png' });
    }
  });

  it('refuses an object or a version made from another user’s file as from an unknown one, and stores nothing', async () => {
    const objectOf = (sha1: string) => bob.post(`${BUCKETS}/${bobBucket}/objects`, { objectName: 'x.png', sha1 });
    const versionOf = (fileSha1: string) =>
      postVersion(bob, bobResource, { version: '1.0.0', fileSha1, filename: 'x.png' });
    const counts = async () => ({
      objects: (await t.db.selectFrom('objects').select('objectId').execute()).length,
      versions: (await t.db.selectFrom('resource_versions').select('versionId').execute()).length,
    });
    const before = await counts();
    for (const sha1 of Object.values(aliceFiles)) {
      expect(comparable(await objectOf(sha1))).toEqual(comparable(await objectOf(unknownSha1())));
      expect(comparable(await versionOf(sha1))).toEqual(comparable(await versionOf(unknownSha1())));
    }
    const batch = (fileSha1: string) =>
      bob.post<{ errCode: number; msg: string; resource: unknown }[]>(
        '/v2/resources/createBatch',
        {
          resourceTypeCode: 'image',
          createResourceObjects: [{ name: uniqueName(), version: '1.0.0', fileSha1, filename: 'x.png' }],
        },
        { locale: 'en_US' },
      );
    const [stolen] = dataOf(await batch(aliceFiles.private));
    const [unknown] = dataOf(await batch(unknownSha1()));
    expect([stolen?.errCode, stolen?.msg, stolen?.resource]).toEqual([unknown?.errCode, unknown?.msg, null]);
    expect(stolen?.errCode).toBe(ErrCode.Business);
    expect(await counts()).toEqual(before);
    // Once Bob has the bytes (he uploads the same file), the object is his to make.
    await uploadAnalysed(bob, await sampleImage('png', { width: 41, height: 31 }), 'mine.png');
    expect(dataOf(await objectOf(aliceFiles.private))).toMatchObject({
      sha1: aliceFiles.private,
      userId: expect.any(Number),
    });
  });

  it('lets anyone use a public image, and the owner a file held only through an object or a version', async () => {
    const published = dataOf(
      await uploadImage(alice, await sampleImage('png', { width: 44, height: 34 }), 'public.png'),
    ) as PublishedImage;
    expect(dataOf(await calls(bob).fileIsExist(published.sha1))).toEqual([{ sha1: published.sha1, isExisting: true }]);
    expect(dataOf(await calls(bob).imageHandle(published.sha1))).toMatchObject({ url: expect.any(String) });

    // An object or a version made before possession was required (a reference client's instant upload
    // of a file someone else had uploaded): the holder never uploaded it, yet holds it.
    const { client: carol, user } = await t.login({ username: 'carol' });
    const held = await uploadAnalysed(carol, await sampleImage('png', { width: 45, height: 35 }), 'held.png');
    const { bucketName } = await createBucket(carol);
    dataOf(await carol.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'held.png', sha1: held }));
    const inVersion = await uploadAnalysed(carol, await sampleImage('png', { width: 46, height: 36 }), 'v.png');
    const resource = await createResource(carol, { resourceTypeCode: 'image' });
    dataOf(await postVersion(carol, resource.resourceId, { version: '1.0.0', fileSha1: inVersion, filename: 'v.png' }));
    await t.db.deleteFrom('file_uploads').where('userId', '=', user.userId).execute();

    for (const sha1 of [held, inVersion]) {
      expect(dataOf(await calls(carol).fileIsExist(sha1))).toEqual([{ sha1, isExisting: true }]);
      expect(dataOf(await calls(carol).info(sha1))).toEqual([expect.objectContaining({ sha1, metaAnalyzeStatus: 2 })]);
      expect(dataOf(await calls(carol).property(sha1))).toMatchObject({ mime: 'image/png' });
      expect(dataOf(await calls(carol).imageHandle(sha1))).toMatchObject({ url: expect.any(String) });
      expect(dataOf(await calls(carol).generateCoverImage(sha1))).toMatchObject({ url: expect.any(String) });
      expect((await calls(carol).download(sha1)).status).toBe(200);
    }
    // Held in a version, it becomes an object; held in an object, a version.
    dataOf(await carol.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'v.png', sha1: inVersion }));
    dataOf(await postVersion(carol, resource.resourceId, { version: '1.0.1', fileSha1: held, filename: 'held.png' }));
    // Nobody else gains anything from it.
    expect(dataOf(await calls(bob).fileIsExist(held))).toEqual([{ sha1: held, isExisting: false }]);
  });

  it('answers files/info as the reference client calls it: resourceTypeCode alone, or with sha1s', async () => {
    expect(dataOf(await alice.get(`${FILES}/info`, { query: { resourceTypeCode: 'image' } }))).toEqual([]);
    expect(
      dataOf(await alice.get(`${FILES}/info`, { query: { resourceTypeCode: 'image', sha1: aliceFiles.private } })),
    ).toEqual([expect.objectContaining({ sha1: aliceFiles.private, metaAnalyzeStatus: 2 })]);
    // list/info still needs the sha1s it is about.
    expect((await alice.get(`${FILES}/list/info`, { query: { resourceTypeCode: 'image' } })).body.errCode).toBe(
      ErrCode.BadParams,
    );
  });
});
