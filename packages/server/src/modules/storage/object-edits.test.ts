import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { ObjectWire } from '@tessera/contract/storage';
import {
  badFieldsOf,
  BUCKETS,
  createBucket,
  createObject,
  errCodeOf,
  fakeFile,
  OBJECTS,
  objectRowsOf,
} from './testing';

describe('object edits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function setUp(): Promise<{ client: TestClient; userId: number; bucketName: string; object: ObjectWire }> {
    const { client, user } = await t.login();
    const { bucketName } = await createBucket(client);
    const object = await createObject(client, bucketName, 'main.json', await fakeFile(t, user.userId));
    return { client, userId: user.userId, bucketName, object };
  }

  const put = (client: TestClient, idOrName: string, body: unknown) =>
    client.put<ObjectWire>(`${OBJECTS}/${idOrName}`, body);

  it('change the type, properties and dependencies given, and nothing else', async () => {
    const { client, bucketName, object, userId } = await setUp();
    const helper = await createObject(client, bucketName, 'helper.js', await fakeFile(t, userId));
    t.clock.advance({ minutes: 1 });
    const updated = dataOf(
      await put(client, object.objectId, {
        objectId: object.objectId,
        resourceTypeCode: 'json',
        resourceTypeName: '配置',
        customPropertyDescriptors: [
          { key: 'title', name: 'Title', defaultValue: 'Hello', type: 'readonlyText', remark: 'shown' },
          { key: 'mode', defaultValue: 'dark', type: 'radio', candidateItems: ['light', 'dark'] },
          { key: 'note', type: 'editableText', candidateItems: ['ignored'] },
        ],
        dependencies: [
          { name: `${bucketName}/helper.js`, type: 'object' },
          { name: 'alice/some-lib', type: 'resource', versionRange: '^1.2.0' },
          { name: 'bob/base', type: 'resource' },
        ],
      }),
    );
    expect(updated).toMatchObject({
      objectId: object.objectId,
      objectName: 'main.json',
      resourceType: ['json', '配置'],
      resourceTypeCode: 'json',
      customPropertyDescriptors: [
        {
          key: 'title',
          name: 'Title',
          defaultValue: 'Hello',
          type: 'readonlyText',
          candidateItems: [],
          remark: 'shown',
        },
        { key: 'mode', name: '', defaultValue: 'dark', type: 'select', candidateItems: ['light', 'dark'], remark: '' },
        { key: 'note', name: '', defaultValue: '', type: 'editableText', candidateItems: [], remark: '' },
      ],
      customProperty: { title: 'Hello', mode: 'dark', note: '' },
      dependencies: [
        { name: `${bucketName}/helper.js`, type: 'object' },
        { name: 'alice/some-lib', type: 'resource', versionRange: '^1.2.0' },
        { name: 'bob/base', type: 'resource', versionRange: '*' },
      ],
      updateDate: t.clock.now().toISOString(),
    });
    expect(dataOf(await client.get(`${OBJECTS}/${object.objectId}`))).toEqual(updated);

    // Only the type this time: the rest stays.
    const retyped = dataOf(await put(client, object.objectId, { resourceType: ['json'] }));
    expect(retyped).toMatchObject({
      resourceType: ['json'],
      customProperty: updated.customProperty,
      dependencies: updated.dependencies,
    });
    expect(dataOf(await put(client, object.objectId, { resourceTypeCode: '' }))).toMatchObject({
      resourceType: [],
      resourceTypeCode: '',
    });
    expect(dataOf(await put(client, object.objectId, { resourceType: ['audio', 'podcast', 'talk'] }))).toMatchObject({
      resourceType: ['audio', 'podcast', 'talk'],
      resourceTypeCode: 'audio',
    });

    // A renamed dependency keeps being the same object, under its new name.
    dataOf(await put(client, helper.objectId, { objectName: 'helper v2.js' }));
    expect(dataOf(await client.get<ObjectWire>(`${OBJECTS}/${object.objectId}`)).dependencies[0]).toEqual({
      name: `${bucketName}/helper_v2.js`,
      type: 'object',
    });
  });

  it('rename by id or full name (encoded once by the screens), within the name rule and uniquely', async () => {
    const { client, bucketName, object, userId } = await setUp();
    await createObject(client, bucketName, 'taken.json', await fakeFile(t, userId));
    const renamed = dataOf(
      await put(client, encodeURIComponent(`${bucketName}/main.json`), { objectName: '../renamed.json' }),
    );
    expect(renamed.objectName).toBe('.._renamed.json');
    const taken = await client.put(`${OBJECTS}/${object.objectId}`, { objectName: 'taken.json' }, { locale: 'en_US' });
    expect([taken.body.errCode, taken.body.msg]).toEqual([
      ErrCode.Business,
      'The bucket already holds an object with this name',
    ]);
    expect(badFieldsOf(await put(client, object.objectId, { objectName: '..' }))).toEqual(['objectName']);
    expect(dataOf(await put(client, object.objectId, { objectName: '.._renamed.json' })).objectName).toBe(
      '.._renamed.json',
    );
  });

  it('refuse bad custom property descriptors, naming each field, and change nothing', async () => {
    const { client, userId, object } = await setUp();
    const before = await objectRowsOf(t, userId);
    const descriptors = (list: unknown[]) => put(client, object.objectId, { customPropertyDescriptors: list });
    const text = (key: string) => ({ key, defaultValue: '', type: 'editableText' });

    expect(badFieldsOf(await descriptors([text('1abc')]))).toEqual(['customPropertyDescriptors.0.key']);
    expect(badFieldsOf(await descriptors([text('ok'), text('has-dash')]))).toEqual(['customPropertyDescriptors.1.key']);
    expect(badFieldsOf(await descriptors([text('a'.repeat(31))]))).toEqual(['customPropertyDescriptors.0.key']);
    expect(badFieldsOf(await descriptors([text('same'), text('same')]))).toEqual(['customPropertyDescriptors.1.key']);
    expect(badFieldsOf(await descriptors([{ key: 'k', type: 'color' }]))).toEqual(['customPropertyDescriptors.0.type']);
    expect(badFieldsOf(await descriptors([{ ...text('k'), defaultValue: 'x'.repeat(141) }]))).toEqual([
      'customPropertyDescriptors.0.defaultValue',
    ]);
    expect(badFieldsOf(await descriptors([{ ...text('k'), remark: 'x'.repeat(51) }]))).toEqual([
      'customPropertyDescriptors.0.remark',
    ]);
    expect(badFieldsOf(await descriptors([{ key: 'k', type: 'select', defaultValue: 'a' }]))).toEqual([
      'customPropertyDescriptors.0.candidateItems',
    ]);
    expect(
      badFieldsOf(await descriptors([{ key: 'k', type: 'checkbox', defaultValue: 'c', candidateItems: ['a', 'b'] }])),
    ).toEqual(['customPropertyDescriptors.0.defaultValue']);
    expect(
      badFieldsOf(await descriptors([{ key: 'k', type: 'select', defaultValue: 'a', candidateItems: ['a', 'a'] }])),
    ).toEqual(['customPropertyDescriptors.0.candidateItems']);
    const thirtyOne = Array.from({ length: 31 }, (_, index) => ({
      key: `k${index}`,
      defaultValue: String(index),
      type: 'select',
      candidateItems: [String(index)],
    }));
    expect(
      badFieldsOf(
        await descriptors([
          { key: 'k', type: 'select', defaultValue: '0', candidateItems: thirtyOne.map((item) => item.defaultValue) },
        ]),
      ),
    ).toEqual(['customPropertyDescriptors.0.candidateItems']);
    expect(badFieldsOf(await descriptors(thirtyOne))).toEqual(['customPropertyDescriptors']);
    expect(await objectRowsOf(t, userId)).toEqual(before);

    // The limits themselves are fine.
    const thirty = thirtyOne
      .slice(0, 30)
      .map((item, index) =>
        index === 0 ? { ...item, candidateItems: Array.from({ length: 30 }, (_, n) => String(n)) } : item,
      );
    expect(dataOf(await descriptors(thirty)).customPropertyDescriptors).toHaveLength(30);
  });

  it('refuse bad dependencies, naming each field, and change nothing', async () => {
    const { client, userId, bucketName, object } = await setUp();
    await createObject(client, bucketName, 'other.json', await fakeFile(t, userId));
    const before = await objectRowsOf(t, userId);
    const dependencies = (list: unknown[]) => put(client, object.objectId, { dependencies: list });

    expect(badFieldsOf(await dependencies([{ name: 'no-slash', type: 'resource', versionRange: '^1.0.0' }]))).toEqual([
      'dependencies.0.name',
    ]);
    expect(badFieldsOf(await dependencies([{ name: 'alice/has space', type: 'resource' }]))).toEqual([
      'dependencies.0.name',
    ]);
    expect(badFieldsOf(await dependencies([{ name: 'alice/lib', type: 'resource', versionRange: 'latest' }]))).toEqual([
      'dependencies.0.versionRange',
    ]);
    expect(badFieldsOf(await dependencies([{ name: 'not a full name', type: 'object' }]))).toEqual([
      'dependencies.0.name',
    ]);
    expect(badFieldsOf(await dependencies([{ name: 'alice/lib', type: 'widget' }]))).toEqual(['dependencies.0.type']);
    expect(
      badFieldsOf(
        await dependencies([
          { name: 'alice/Lib', type: 'resource' },
          { name: 'ALICE/lib', type: 'resource', versionRange: '1.x' },
        ]),
      ),
    ).toEqual(['dependencies.1.name']);
    expect(
      badFieldsOf(
        await dependencies([
          { name: `${bucketName}/other.json`, type: 'object' },
          { name: `${bucketName}/other.json`, type: 'object' },
        ]),
      ),
    ).toEqual(['dependencies.1.name']);
    const hundredOne = Array.from({ length: 101 }, (_, index) => ({ name: `alice/lib${index}`, type: 'resource' }));
    expect(badFieldsOf(await dependencies(hundredOne))).toEqual(['dependencies']);
    const missing = await client.put(
      `${OBJECTS}/${object.objectId}`,
      { dependencies: [{ name: `${bucketName}/nope.json`, type: 'object' }] },
      { locale: 'en_US' },
    );
    expect([missing.body.errCode, missing.body.msg]).toEqual([
      ErrCode.Business,
      `The object ${bucketName}/nope.json to depend on does not exist`,
    ]);
    expect(await objectRowsOf(t, userId)).toEqual(before);

    expect(dataOf(await dependencies(hundredOne.slice(0, 100))).dependencies).toHaveLength(100);
    expect(dataOf(await dependencies([])).dependencies).toEqual([]);
  });

  it('refuse type codes and paths outside the catalogue', async () => {
    const { client, object } = await setUp();
    expect(badFieldsOf(await put(client, object.objectId, { resourceTypeCode: 'comic' }))).toEqual([
      'resourceTypeCode',
    ]);
    expect(
      badFieldsOf(await put(client, object.objectId, { resourceTypeCode: 'image', resourceTypeName: 'has space' })),
    ).toEqual(['resourceTypeName']);
    expect(badFieldsOf(await put(client, object.objectId, { resourceType: ['comic'] }))).toEqual(['resourceType']);
    expect(badFieldsOf(await put(client, object.objectId, { resourceType: ['image', 'a', 'b', 'c'] }))).toEqual([
      'resourceType',
    ]);
  });

  it('refuse dependency cycles, directly and through other objects', async () => {
    const { client, bucketName, object: a, userId } = await setUp();
    const b = await createObject(client, bucketName, 'b.json', await fakeFile(t, userId));
    const c = await createObject(client, bucketName, 'c.json', await fakeFile(t, userId));
    const on = (name: string) => [{ name: `${bucketName}/${name}`, type: 'object' }];

    expect(
      dataOf(
        await client.post<boolean>(`${OBJECTS}/${a.objectId}/cycleDependencyCheck`, { dependencies: on('b.json') }),
      ),
    ).toBe(true);
    dataOf(await put(client, a.objectId, { dependencies: on('b.json') }));
    // b → a would close a → b → a.
    expect(
      dataOf(
        await client.post<boolean>(`${OBJECTS}/${b.objectId}/cycleDependencyCheck`, { dependencies: on('main.json') }),
      ),
    ).toBe(false);
    const refused = await client.put(
      `${OBJECTS}/${b.objectId}`,
      { dependencies: on('main.json') },
      { locale: 'en_US' },
    );
    expect([refused.body.errCode, refused.body.msg]).toEqual([
      ErrCode.Business,
      'These dependencies would form a cycle',
    ]);
    // Through a third object, and on itself.
    dataOf(await put(client, b.objectId, { dependencies: on('c.json') }));
    expect(errCodeOf(await put(client, c.objectId, { dependencies: on('main.json') }))).toBe(ErrCode.Business);
    expect(errCodeOf(await put(client, c.objectId, { dependencies: on('c.json') }))).toBe(ErrCode.Business);
    expect(
      dataOf(
        await client.post<boolean>(`${OBJECTS}/${encodeURIComponent(`${bucketName}/c.json`)}/cycleDependencyCheck`, {
          dependencies: on('c.json'),
        }),
      ),
    ).toBe(false);
    // Resources and unknown names lead nowhere.
    expect(
      dataOf(
        await client.post<boolean>(`${OBJECTS}/${c.objectId}/cycleDependencyCheck`, {
          dependencies: [...on('nope.json'), { name: 'alice/lib', type: 'resource' }],
        }),
      ),
    ).toBe(true);
    expect(dataOf(await client.get<ObjectWire>(`${OBJECTS}/${c.objectId}`)).dependencies).toEqual([]);
    expect(
      badFieldsOf(
        await client.post(`${OBJECTS}/${c.objectId}/cycleDependencyCheck`, {
          dependencies: [{ name: 'x', type: 'object' }],
        }),
      ),
    ).toEqual(['dependencies.0.name']);
  });

  it('refuse a dependency chain deeper than 20 levels', async () => {
    const { client, bucketName, object: top, userId } = await setUp();
    // chain[0] → chain[1] → … → chain[20]: 21 objects below `top`.
    const chain: ObjectWire[] = [];
    for (let index = 0; index <= 20; index += 1)
      chain.push(await createObject(client, bucketName, `level${index}.json`, await fakeFile(t, userId)));
    for (let index = 19; index >= 0; index -= 1) {
      dataOf(
        await put(client, chain[index]?.objectId ?? '', {
          dependencies: [{ name: `${bucketName}/level${index + 1}.json`, type: 'object' }],
        }),
      );
    }
    const onFirst = [{ name: `${bucketName}/level0.json`, type: 'object' }];
    expect(
      dataOf(await client.post<boolean>(`${OBJECTS}/${top.objectId}/cycleDependencyCheck`, { dependencies: onFirst })),
    ).toBe(false);
    const refused = await client.put(`${OBJECTS}/${top.objectId}`, { dependencies: onFirst }, { locale: 'en_US' });
    expect([refused.body.errCode, refused.body.msg]).toEqual([
      ErrCode.Business,
      'The dependency chain is deeper than 20 levels',
    ]);
    // 20 levels are fine: level1 … level20.
    expect(
      dataOf(
        await client.post<boolean>(`${OBJECTS}/${top.objectId}/cycleDependencyCheck`, {
          dependencies: [{ name: `${bucketName}/level1.json`, type: 'object' }],
        }),
      ),
    ).toBe(true);
  });

  it('give several objects one type in a batch, all or none', async () => {
    const { client, userId, bucketName, object: a } = await setUp();
    const b = await createObject(client, bucketName, 'b.json', await fakeFile(t, userId));
    const { client: other, user: otherUser } = await t.login();
    const foreign = await createObject(
      other,
      (await createBucket(other)).bucketName,
      'x.json',
      await fakeFile(t, otherUser.userId),
    );
    const before = await objectRowsOf(t, userId);

    expect(
      errCodeOf(
        await client.put(`${OBJECTS}/updateBatch`, {
          objectIds: [a.objectId, foreign.objectId],
          resourceTypeCode: 'json',
        }),
      ),
    ).toBe(ErrCode.Business);
    expect(
      badFieldsOf(await client.put(`${OBJECTS}/updateBatch`, { objectIds: [a.objectId], resourceTypeCode: 'comic' })),
    ).toEqual(['resourceTypeCode']);
    expect(
      badFieldsOf(await client.put(`${OBJECTS}/updateBatch`, { objectIds: [], resourceTypeCode: 'json' })),
    ).toEqual(['objectIds']);
    expect(await objectRowsOf(t, userId)).toEqual(before);

    expect(
      dataOf(
        await client.put(`${OBJECTS}/updateBatch`, {
          objectIds: [a.objectId, b.objectId],
          resourceTypeCode: 'json',
          resourceTypeName: '数据',
        }),
      ),
    ).toBe(true);
    // A comma-joined string is the same list.
    expect(
      dataOf(await client.put(`${OBJECTS}/updateBatch`, { objectIds: `${b.objectId}`, resourceTypeCode: 'widget' })),
    ).toBe(true);
    const [first, second] = dataOf(
      await client.get<ObjectWire[]>(`${OBJECTS}/list`, { query: { objectIds: `${a.objectId},${b.objectId}` } }),
    );
    expect(first?.resourceType).toEqual(['json', '数据']);
    expect(second?.resourceType).toEqual(['widget']);
  });

  it('of a bucket name not the caller’s are refused in the object calls of that bucket', async () => {
    const { client, userId } = await setUp();
    expect(errCodeOf(await client.get(`${BUCKETS}/no-such-${process.pid}/objects`))).toBe(ErrCode.Business);
    expect(
      errCodeOf(
        await client.post(`${BUCKETS}/no-such-${process.pid}/objects`, {
          objectName: 'x',
          sha1: await fakeFile(t, userId),
        }),
      ),
    ).toBe(ErrCode.Business);
  });
});
