import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { ObjectWire } from '@tessera/contract/storage';
import {
  badFieldsOf,
  BUCKETS,
  createBucket,
  createObject,
  errCodeOf,
  fakeFile,
  listObjects,
  OBJECTS,
  objectRowsOf,
  storeFile,
} from './testing';
import { sampleImage, sampleJson, sampleMarkdown, sampleText, sampleWav } from '../../platform/files/samples';

describe('objects', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { storageQuotaBytes: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are created from an analysed file and read by id, by full name and in their bucket', async () => {
    const { client, user } = await t.login();
    const bucket = await createBucket(client);
    const sha1 = await fakeFile(t, user.userId, { fileSize: 123, mime: 'image/png' });
    const object = await createObject(client, bucket.bucketName, 'photo.png', sha1, 'image');
    expect(object).toMatchObject({
      objectName: 'photo.png',
      bucketId: bucket.bucketId,
      bucketName: bucket.bucketName,
      userId: user.userId,
      sha1,
      fileSize: 123,
      resourceType: ['image'],
      resourceTypeCode: 'image',
      systemProperty: { fileSize: 123, mime: 'image/png' },
      customPropertyDescriptors: [],
      customProperty: {},
      dependencies: [],
      createDate: t.clock.now().toISOString(),
    });

    expect(dataOf(await client.get(`${OBJECTS}/${object.objectId}`))).toEqual(object);
    // Full names arrive encoded twice (API.md §1.6), or once.
    const twice = encodeURIComponent(encodeURIComponent(`${bucket.bucketName}/photo.png`));
    expect(dataOf(await client.get(`${OBJECTS}/${twice}`, { query: { objectIdOrName: 'ignored' } }))).toEqual(object);
    expect(dataOf(await client.get(`${OBJECTS}/${encodeURIComponent(`${bucket.bucketName}/photo.png`)}`))).toEqual(
      object,
    );
    expect(dataOf(await client.get(`${BUCKETS}/${bucket.bucketName}/objects/${object.objectId}`))).toEqual(object);
    expect(dataOf(await client.get(`${BUCKETS}/${bucket.bucketName}/objects/${'0'.repeat(24)}`))).toBeNull();
    expect(errCodeOf(await client.get(`${OBJECTS}/${'0'.repeat(24)}`))).toBe(ErrCode.Business);
    expect(badFieldsOf(await client.get(`${OBJECTS}/not-an-id`))).toEqual(['objectIdOrName']);
  });

  it('without a type named are typed from their content, as the demo files are; a named type wins', async () => {
    const { client, user } = await t.login();
    const bucket = await createBucket(client);
    let made = 0;
    const typeOf = async (filename: string, bytes: Buffer, named?: string) => {
      const { sha1 } = await storeFile(t, user.userId, filename, bytes);
      made += 1;
      const object = await createObject(client, bucket.bucketName, `${made}-${filename}`, sha1, named);
      return [object.resourceType, object.resourceTypeCode];
    };
    const png = await sampleImage('png', { width: 8, height: 8 });
    expect(await typeOf('cover.png', png)).toEqual([['image'], 'image']);
    // Content wins over the name, as in the analysis.
    expect(await typeOf('cover.txt', png)).toEqual([['image'], 'image']);
    expect(await typeOf('tone.wav', sampleWav({ seconds: 0.05 }))).toEqual([['audio'], 'audio']);
    expect(await typeOf('data.json', sampleJson())).toEqual([['json'], 'json']);
    expect(await typeOf('notes.md', sampleMarkdown())).toEqual([['markdown'], 'markdown']);
    expect(await typeOf('notes.txt', sampleText())).toEqual([[], '']);
    expect(await typeOf('theme.json', sampleJson(), 'theme')).toEqual([['theme'], 'theme']);
    expect(await typeOf('again.png', png, '')).toEqual([['image'], 'image']);
  });

  it('of bytes of no known kind stay untyped', async () => {
    const { client, user } = await t.login();
    const bucket = await createBucket(client);
    const { sha1 } = await storeFile(t, user.userId, 'blob.bin', Buffer.from([0, 159, 146, 150, 1, 2, 3, 255, 0, 7]));
    expect(await createObject(client, bucket.bucketName, 'blob.bin', sha1)).toMatchObject({
      resourceType: [],
      resourceTypeCode: '',
    });
  });

  it('with a derived type are re-typed by a replacing file; a type their user chose stays', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const sha1Of = async (filename: string, bytes: Buffer) => (await storeFile(t, user.userId, filename, bytes)).sha1;
    const png = await sha1Of('cover.png', await sampleImage('png', { width: 8, height: 8 }));
    const json = await sha1Of('data.json', sampleJson());
    const text = await sha1Of('notes.txt', sampleText());
    const typeAfter = async (name: string, sha1: string, named?: string) => {
      const object = await createObject(client, bucketName, name, sha1, named);
      return object.resourceTypeCode;
    };
    // Derived: it follows the file, to untyped and back.
    expect(await typeAfter('derived', png)).toBe('image');
    expect(await typeAfter('derived', json)).toBe('json');
    expect(await typeAfter('derived', text)).toBe('');
    expect(await typeAfter('derived', png)).toBe('image');
    // A derived type gives way to a named one, which then stays.
    expect(await typeAfter('derived', json, 'theme')).toBe('theme');
    expect(await typeAfter('derived', png)).toBe('theme');
    // Named at creation: the file changes, the type does not.
    expect(await typeAfter('named', png, 'json')).toBe('json');
    expect(await typeAfter('named', text)).toBe('json');
    // Chosen later in the details: it stays too.
    const edited = await createObject(client, bucketName, 'edited', png);
    dataOf(await client.put(`${OBJECTS}/${edited.objectId}`, { resourceTypeCode: 'markdown' }));
    expect(await typeAfter('edited', json)).toBe('markdown');
    const batched = await createObject(client, bucketName, 'batched', png);
    dataOf(await client.put(`${OBJECTS}/updateBatch`, { objectIds: [batched.objectId], resourceTypeCode: 'audio' }));
    expect(await typeAfter('batched', json)).toBe('audio');
  });

  it('need a file whose analysis succeeded', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const create = (sha1: string) =>
      client.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'x.bin', sha1 }, { locale: 'en_US' });
    const analysing = await create(await fakeFile(t, user.userId, { status: 1 }));
    expect([analysing.body.errCode, analysing.body.msg]).toEqual([
      ErrCode.Business,
      'The file is still being analysed; try again shortly',
    ]);
    const failed = await create(await fakeFile(t, user.userId, { status: 3 }));
    expect([failed.body.errCode, failed.body.msg, failed.body.data]).toEqual([
      ErrCode.Business,
      'The file could not be analysed, so no object can use it',
      { analyseError: 'files.analysis.damaged' },
    ]);
    const missing = await create('a'.repeat(40));
    expect([missing.body.errCode, missing.body.msg]).toEqual([
      ErrCode.Business,
      'The file does not exist; upload it first',
    ]);
    expect(badFieldsOf(await create('not-a-sha1'))).toEqual(['sha1']);
    expect(await listObjects(client, bucketName)).toMatchObject({ totalItem: 0 });
  });

  it('with an existing name get the new file and keep type, properties and dependencies', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const base = await createObject(client, bucketName, 'base.json', await fakeFile(t, user.userId));
    const first = await createObject(
      client,
      bucketName,
      'doc.md',
      await fakeFile(t, user.userId, { fileSize: 10, mime: 'text/markdown' }),
      'markdown',
    );
    dataOf(
      await client.put(`${OBJECTS}/${first.objectId}`, {
        customPropertyDescriptors: [{ key: 'lang', defaultValue: 'en', type: 'editableText' }],
        dependencies: [{ name: `${bucketName}/base.json`, type: 'object' }],
      }),
    );
    t.clock.advance({ minutes: 5 });
    const newSha1 = await fakeFile(t, user.userId, { fileSize: 20, mime: 'text/plain' });
    const replaced = await createObject(client, bucketName, 'doc.md', newSha1, 'image');
    expect(replaced).toMatchObject({
      objectId: first.objectId,
      sha1: newSha1,
      fileSize: 20,
      systemProperty: { fileSize: 20, mime: 'text/plain' },
      resourceType: ['markdown'],
      customProperty: { lang: 'en' },
      dependencies: [{ name: `${bucketName}/base.json`, type: 'object' }],
      createDate: first.createDate,
      updateDate: t.clock.now().toISOString(),
    });
    expect((await listObjects(client, bucketName)).totalItem).toBe(2);
    expect(base.objectId).not.toBe(first.objectId);
  });

  it('names lose the forbidden characters of the resource-name rule', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const sha1 = await fakeFile(t, user.userId);
    const cases: [string, string][] = [
      ['a\\b/c:d*e?f"g<h>i|j k@l$m#n', 'a_b_c_d_e_f_g_h_i_j_k_l_m_n'],
      ['../../etc/passwd', '.._.._etc_passwd'],
      ['..\\..\\windows\\system32', '.._.._windows_system32'],
      ['  spaced name.txt  ', 'spaced_name.txt'],
      ['tab\tnew\nline\u0001ctl\u202Eevil', 'tab_new_line_ctl_evil'],
      ['照片 2025.png', '照片_2025.png'],
      ['%2e%2e%2fsecret', '%2e%2e%2fsecret'],
    ];
    for (const [requested, stored] of cases) {
      expect((await createObject(client, bucketName, requested, sha1)).objectName, requested).toBe(stored);
    }
    // Each became a plain name inside the bucket, reachable as bucket/name and nothing else.
    const named = dataOf(
      await client.get<ObjectWire>(`${OBJECTS}/${encodeURIComponent(`${bucketName}/.._.._etc_passwd`)}`),
    );
    expect(named.bucketName).toBe(bucketName);
    expect((await listObjects(client, bucketName)).totalItem).toBe(cases.length);
    // A NUL is refused at the edge, like in any text (PostgreSQL refuses it), and nothing is stored.
    expect(
      badFieldsOf(await client.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'a\u0000b', sha1 })),
    ).toEqual(['objectName']);
    expect((await listObjects(client, bucketName)).totalItem).toBe(cases.length);
  });

  it('names are 1–60 characters and not only dots', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const sha1 = await fakeFile(t, user.userId);
    const create = (objectName: string) => client.post(`${BUCKETS}/${bucketName}/objects`, { objectName, sha1 });
    for (const objectName of ['', '   ', '.', '..', '...', '/'.repeat(0) + 'x'.repeat(61), '照'.repeat(61)]) {
      expect(badFieldsOf(await create(objectName)), objectName).toEqual(['objectName']);
    }
    expect(dataOf(await create('照'.repeat(60)))).toMatchObject({ objectName: '照'.repeat(60) });
    // `//` becomes `__`, a name like any other.
    expect(dataOf(await create('//'))).toMatchObject({ objectName: '__' });
    expect(
      badFieldsOf(
        await client.post(`${BUCKETS}/${bucketName}/objects`, { objectName: 'x', sha1, resourceType: 'comic' }),
      ),
    ).toEqual(['resourceType']);
  });

  it('are listed in pages, found by keywords in any case, and sorted', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const names = ['Alpha.PNG', 'beta.png', 'Gamma.txt', 'delta_100%.md', 'epsilon.json'];
    for (const [index, name] of names.entries()) {
      await createObject(client, bucketName, name, await fakeFile(t, user.userId, { fileSize: 100 * (index + 1) }));
      t.clock.advance({ seconds: 1 });
    }
    const page = await listObjects(client, bucketName, { skip: 1, limit: 2 });
    expect([page.skip, page.limit, page.totalItem]).toEqual([1, 2, 5]);
    expect(page.dataList.map((object) => object.objectName)).toEqual(['delta_100%.md', 'Gamma.txt']);
    expect((await listObjects(client, bucketName, { skip: 5 })).dataList).toEqual([]);

    const byKeywords = async (keywords: string) =>
      (await listObjects(client, bucketName, { keywords })).dataList.map((object) => object.objectName).sort();
    expect(await byKeywords('ALPHA')).toEqual(['Alpha.PNG']);
    expect(await byKeywords('.png')).toEqual(['Alpha.PNG', 'beta.png']);
    expect(await byKeywords('%')).toEqual(['delta_100%.md']);
    expect(await byKeywords('_')).toEqual(['delta_100%.md']);
    expect(await byKeywords('zeta')).toEqual([]);

    const sorted = async (sort: string) =>
      (await listObjects(client, bucketName, { sort })).dataList.map((object) => object.objectName);
    expect(await sorted('createDate:1')).toEqual(names);
    expect(await sorted('fileSize:-1')).toEqual([...names].reverse());
    expect(await sorted('objectName:1')).toEqual([...names].sort());
    expect(await sorted('updateDate:-1')).toEqual([...names].reverse());

    expect(badFieldsOf(await client.get(`${BUCKETS}/${bucketName}/objects`, { query: { sort: 'sha1:1' } }))).toEqual([
      'sort',
    ]);
    expect(badFieldsOf(await client.get(`${BUCKETS}/${bucketName}/objects`, { query: { limit: 101 } }))).toEqual([
      'limit',
    ]);
    expect(badFieldsOf(await client.get(`${BUCKETS}/${bucketName}/objects`, { query: { skip: -1 } }))).toEqual([
      'skip',
    ]);
    expect(
      badFieldsOf(await client.get(`${BUCKETS}/${bucketName}/objects`, { query: { keywords: 'k'.repeat(101) } })),
    ).toEqual(['keywords']);

    const trimmed = await listObjects(client, bucketName, { projection: 'objectId,objectName,unknownField', limit: 1 });
    expect(Object.keys(trimmed.dataList[0] ?? {}).sort()).toEqual(['objectId', 'objectName']);
  });

  it('are filtered by type, MIME type and extension', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const create = async (name: string, mime?: string, resourceType?: string) =>
      createObject(client, bucketName, name, await fakeFile(t, user.userId, { mime }), resourceType);
    const png = await create('a.png', 'image/png', 'image');
    const jpg = await create('b.JPG', 'image/jpeg');
    const md = await create('c.md', 'text/markdown', 'markdown');
    dataOf(await client.put(`${OBJECTS}/${jpg.objectId}`, { resourceTypeCode: 'image', resourceTypeName: '照片' }));
    const untyped = await create('d.bin');

    const ids = async (query: Record<string, string>) =>
      (await listObjects(client, bucketName, query)).dataList.map((object) => object.objectId).sort();
    const sortedIds = (...objects: ObjectWire[]) => objects.map((object) => object.objectId).sort();
    expect(await ids({ resourceTypeCode: 'image' })).toEqual(sortedIds(png, jpg));
    expect(await ids({ resourceType: '照片' })).toEqual(sortedIds(jpg));
    expect(await ids({ resourceType: 'image', isLoadingTypeless: '1' })).toEqual(sortedIds(png, jpg, untyped));
    expect(await ids({ resourceTypeCode: 'markdown', isLoadingTypeless: 'true' })).toEqual(sortedIds(md, untyped));
    expect(await ids({ omitResourceType: 'image' })).toEqual(sortedIds(md, untyped));
    expect(await ids({ mime: 'image' })).toEqual(sortedIds(png, jpg));
    expect(await ids({ mime: 'image/jpeg,text/markdown' })).toEqual(sortedIds(jpg, md));
    expect(await ids({ extNames: 'jpg,.md' })).toEqual(sortedIds(jpg, md));
    expect(await ids({ resourceTypeCode: '' })).toHaveLength(4);
  });

  it('are listed by ids and full names, in the order given, the caller’s only', async () => {
    const { client, user } = await t.login();
    const { client: other, user: otherUser } = await t.login();
    const { bucketName } = await createBucket(client);
    const a = await createObject(client, bucketName, 'a.txt', await fakeFile(t, user.userId));
    const b = await createObject(client, bucketName, 'b.txt', await fakeFile(t, user.userId));
    const foreign = await createObject(
      other,
      (await createBucket(other)).bucketName,
      'x.txt',
      await fakeFile(t, otherUser.userId),
    );

    const listed = dataOf(
      await client.get<ObjectWire[]>(`${OBJECTS}/list`, {
        query: {
          objectIds: `${b.objectId},${foreign.objectId},${'0'.repeat(24)}`,
          fullObjectNames: `${bucketName}/a.txt,${foreign.bucketName}/x.txt,${bucketName}/b.txt`,
        },
      }),
    );
    expect(listed.map((object) => object.objectId)).toEqual([b.objectId, a.objectId]);
    const trimmed = dataOf(
      await client.get<ObjectWire[]>(`${OBJECTS}/list`, { query: { objectIds: a.objectId, projection: 'objectName' } }),
    );
    expect(trimmed).toEqual([{ objectName: 'a.txt' }]);
    expect(dataOf(await client.get(`${OBJECTS}/list`))).toEqual([]);
    expect(badFieldsOf(await client.get(`${OBJECTS}/list`, { query: { objectIds: 'nope' } }))).toEqual(['objectIds']);
  });

  it('are deleted all together, or not at all when one id is not the caller’s object in that bucket', async () => {
    const { client, user } = await t.login();
    const { client: other, user: otherUser } = await t.login();
    const { bucketName } = await createBucket(client);
    const second = await createBucket(client);
    const a = await createObject(client, bucketName, 'a.txt', await fakeFile(t, user.userId));
    const b = await createObject(client, bucketName, 'b.txt', await fakeFile(t, user.userId));
    const elsewhere = await createObject(client, second.bucketName, 'c.txt', await fakeFile(t, user.userId));
    const foreign = await createObject(
      other,
      (await createBucket(other)).bucketName,
      'x.txt',
      await fakeFile(t, otherUser.userId),
    );
    const before = await objectRowsOf(t, user.userId);

    for (const ids of [
      `${a.objectId},${foreign.objectId}`,
      `${a.objectId},${elsewhere.objectId}`,
      `${a.objectId},${'0'.repeat(24)}`,
    ]) {
      const refused = await client.delete(`${BUCKETS}/${bucketName}/objects/${ids}`, { locale: 'en_US' });
      expect([refused.body.errCode, refused.body.msg]).toEqual([
        ErrCode.Business,
        '1 of the objects do not exist or are not yours; nothing was changed',
      ]);
    }
    expect(badFieldsOf(await client.delete(`${BUCKETS}/${bucketName}/objects/${a.objectId},bad`))).toEqual([
      'objectIds',
    ]);
    const unknownIds = Array.from({ length: 101 }, (_, index) => (index + 1).toString(16).padStart(24, '0'));
    expect(badFieldsOf(await client.delete(`${BUCKETS}/${bucketName}/objects/${unknownIds.join(',')}`))).toEqual([
      'objectIds',
    ]);
    // A full list of 100 ids fits in the path.
    const hundred = await client.delete(
      `${BUCKETS}/${bucketName}/objects/${[a.objectId, ...unknownIds.slice(0, 99)].join(',')}`,
      { locale: 'en_US' },
    );
    expect([hundred.body.errCode, hundred.body.msg]).toEqual([
      ErrCode.Business,
      '99 of the objects do not exist or are not yours; nothing was changed',
    ]);
    expect(await objectRowsOf(t, user.userId)).toEqual(before);

    expect(dataOf(await client.delete(`${BUCKETS}/${bucketName}/objects/${a.objectId},${b.objectId}`))).toBe(true);
    expect((await objectRowsOf(t, user.userId)).map((row) => row.objectId)).toEqual([elsewhere.objectId]);
  });

  it('of another user are out of reach of every object call, and nothing changes', async () => {
    const { client: owner, user: ownerUser } = await t.login();
    const { client: intruder, user: intruderUser } = await t.login();
    const { bucketName } = await createBucket(owner);
    const object = await createObject(owner, bucketName, 'secret.txt', await fakeFile(t, ownerUser.userId));
    await createObject(owner, bucketName, 'other.txt', await fakeFile(t, ownerUser.userId));
    const before = await objectRowsOf(t, ownerUser.userId);
    const fullName = encodeURIComponent(`${bucketName}/secret.txt`);

    expect(errCodeOf(await intruder.get(`${OBJECTS}/${object.objectId}`))).toBe(ErrCode.Business);
    expect(errCodeOf(await intruder.get(`${OBJECTS}/${fullName}`))).toBe(ErrCode.Business);
    expect(dataOf(await intruder.get(`${BUCKETS}/${bucketName}/objects/${object.objectId}`))).toBeNull();
    expect(errCodeOf(await intruder.get(`${BUCKETS}/${bucketName}/objects`))).toBe(ErrCode.Forbidden);
    expect(
      errCodeOf(
        await intruder.post(`${BUCKETS}/${bucketName}/objects`, {
          objectName: 'secret.txt',
          sha1: await fakeFile(t, intruderUser.userId),
        }),
      ),
    ).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await intruder.delete(`${BUCKETS}/${bucketName}/objects/${object.objectId}`))).toBe(
      ErrCode.Forbidden,
    );
    const intruderBucket = await createBucket(intruder);
    expect(errCodeOf(await intruder.delete(`${BUCKETS}/${intruderBucket.bucketName}/objects/${object.objectId}`))).toBe(
      ErrCode.Business,
    );
    expect(errCodeOf(await intruder.put(`${OBJECTS}/${object.objectId}`, { resourceTypeCode: 'image' }))).toBe(
      ErrCode.Business,
    );
    expect(errCodeOf(await intruder.put(`${OBJECTS}/${fullName}`, { objectName: 'mine.txt' }))).toBe(ErrCode.Business);
    expect(
      errCodeOf(
        await intruder.put(`${OBJECTS}/updateBatch`, { objectIds: [object.objectId], resourceTypeCode: 'image' }),
      ),
    ).toBe(ErrCode.Business);
    expect(
      errCodeOf(await intruder.post(`${OBJECTS}/${object.objectId}/cycleDependencyCheck`, { dependencies: [] })),
    ).toBe(ErrCode.Business);
    expect(
      dataOf(
        await intruder.get(`${OBJECTS}/list`, {
          query: { objectIds: object.objectId, fullObjectNames: `${bucketName}/secret.txt` },
        }),
      ),
    ).toEqual([]);
    // Nor can the intruder depend on it.
    const own = await createObject(
      intruder,
      intruderBucket.bucketName,
      'mine.txt',
      await fakeFile(t, intruderUser.userId),
    );
    expect(
      errCodeOf(
        await intruder.put(`${OBJECTS}/${own.objectId}`, {
          dependencies: [{ name: `${bucketName}/secret.txt`, type: 'object' }],
        }),
      ),
    ).toBe(ErrCode.Business);

    expect(await objectRowsOf(t, ownerUser.userId)).toEqual(before);
  });

  it('stay within the quota, a replaced file counting only its difference', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    await createObject(client, bucketName, 'big.bin', await fakeFile(t, user.userId, { fileSize: 6000 }));
    const over = await client.post(
      `${BUCKETS}/${bucketName}/objects`,
      { objectName: 'more.bin', sha1: await fakeFile(t, user.userId, { fileSize: 4001 }) },
      { locale: 'en_US' },
    );
    expect([over.body.errCode, over.body.msg]).toEqual([
      ErrCode.Business,
      'This would exceed your storage quota of 9.77 KB',
    ]);
    await createObject(client, bucketName, 'more.bin', await fakeFile(t, user.userId, { fileSize: 4000 }));
    // Replacing big.bin (6000) with 6000 bytes more than fits would not; with an equal size it does.
    expect(
      errCodeOf(
        await client.post(`${BUCKETS}/${bucketName}/objects`, {
          objectName: 'big.bin',
          sha1: await fakeFile(t, user.userId, { fileSize: 6001 }),
        }),
      ),
    ).toBe(ErrCode.Business);
    await createObject(client, bucketName, 'big.bin', await fakeFile(t, user.userId, { fileSize: 6000 }));
    expect(
      await t.services.storage.usedBytes(
        (
          await t.db
            .selectFrom('buckets')
            .select('userId')
            .where('bucketName', '=', bucketName)
            .executeTakeFirstOrThrow()
        ).userId,
      ),
    ).toBe(10_000);
  });

  it('tell the files module which files they use', async () => {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const used = await fakeFile(t, user.userId);
    const unused = await fakeFile(t, user.userId);
    const object = await createObject(client, bucketName, 'a.bin', used);
    expect(await t.services.storage.referencedAmong([used, unused])).toEqual(new Set([used]));
    dataOf(await client.delete(`${BUCKETS}/${bucketName}/objects/${object.objectId}`));
    expect(await t.services.storage.referencedAmong([used, unused])).toEqual(new Set());
  });
});
