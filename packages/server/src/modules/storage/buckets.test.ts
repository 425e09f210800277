import { ErrCode } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { BucketWire, SpaceStatisticsWire } from '@tessera/contract/storage';
import { badFieldsOf, BUCKETS, createBucket, createObject, errCodeOf, fakeFile, uniqueBucketName } from './testing';

describe('buckets', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ config: { storageQuotaBytes: 10_000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are created, listed by name with their totals, and found', async () => {
    const { client: alice, user } = await t.login();
    const second = uniqueBucketName('zz');
    const first = uniqueBucketName('aa');
    const created = await createBucket(alice, second);
    expect(created).toMatchObject({
      bucketName: second,
      bucketType: 1,
      userId: user.userId,
      totalFileQuantity: 0,
      totalFileSize: 0,
    });
    expect(created.bucketId).toMatch(/^[0-9a-f]{24}$/);
    await createBucket(alice, first);
    await createObject(alice, first, 'one.bin', await fakeFile(t, user.userId, { fileSize: 100 }));
    await createObject(alice, first, 'two.bin', await fakeFile(t, user.userId, { fileSize: 250 }));

    const listed = dataOf(await alice.get<BucketWire[]>(BUCKETS));
    expect(listed.map((bucket) => [bucket.bucketName, bucket.totalFileQuantity, bucket.totalFileSize])).toEqual([
      [first, 2, 350],
      [second, 0, 0],
    ]);
    expect(dataOf(await alice.get<BucketWire[]>(BUCKETS, { query: { bucketType: 2 } }))).toEqual([]);
    expect(dataOf(await alice.get<BucketWire[]>(BUCKETS, { query: { bucketType: 1 } }))).toHaveLength(2);
    expect(badFieldsOf(await alice.get(BUCKETS, { query: { bucketType: 3 } }))).toEqual(['bucketType']);

    expect(dataOf(await alice.get<BucketWire>(`${BUCKETS}/${first}`))).toMatchObject({
      bucketName: first,
      totalFileQuantity: 2,
      totalFileSize: 350,
    });
    expect(dataOf(await alice.get(`${BUCKETS}/no-such-bucket-${process.pid}`))).toBeNull();

    expect(dataOf(await alice.get<SpaceStatisticsWire>(`${BUCKETS}/spaceStatistics`))).toEqual({
      storageLimit: 10_000,
      bucketCount: 2,
      totalFileSize: 350,
    });
  });

  it('need a session', async () => {
    expect(errCodeOf(await t.client().get(BUCKETS))).toBe(ErrCode.NotLoggedIn);
    expect(errCodeOf(await t.client().post(BUCKETS, { bucketName: uniqueBucketName() }))).toBe(ErrCode.NotLoggedIn);
  });

  it('follow the SPEC §5 name rule', async () => {
    const { client } = await t.login();
    const refused = ['', 'Upper', '-start', 'end-', 'a'.repeat(64), 'under_score', 'dot.name', 'has space', '中文'];
    const forbidden = ['\\', '/', ':', '*', '?', '"', '<', '>', '|', '@', '$', '#', '\t'].map(
      (character) => `a${character}b`,
    );
    for (const bucketName of [...refused, ...forbidden]) {
      expect(badFieldsOf(await client.post(BUCKETS, { bucketName })), bucketName).toEqual(['bucketName']);
    }
    for (const bucketName of ['a', '0-b', `x${'1'.repeat(62)}`]) {
      expect(dataOf(await client.post<BucketWire>(BUCKETS, { bucketName })).bucketName).toBe(bucketName);
    }
    expect(dataOf(await client.get<BucketWire[]>(BUCKETS))).toHaveLength(3);
  });

  it('reserve the system bucket name', async () => {
    const { client } = await t.login();
    const response = await client.post(BUCKETS, { bucketName: '.UserNodeData' });
    expect(errCodeOf(response)).toBe(ErrCode.Business);
    expect(dataOf(await client.get<boolean>(`${BUCKETS}/.UserNodeData/isExist`))).toBe(true);
  });

  it('are unique platform-wide and isExist tells whoever asks', async () => {
    const { client: alice } = await t.login();
    const { client: bob } = await t.login();
    const name = uniqueBucketName('shared');
    expect(dataOf(await bob.get<boolean>(`${BUCKETS}/${name}/isExist`))).toBe(false);
    await createBucket(alice, name);
    expect(dataOf(await bob.get<boolean>(`${BUCKETS}/${name}/isExist`))).toBe(true);
    const taken = await bob.post(BUCKETS, { bucketName: name }, { locale: 'en_US' });
    expect(errCodeOf(taken)).toBe(ErrCode.Business);
    expect(taken.body.msg).toBe('This bucket name is already taken');
    // Bob sees nothing of it but its name.
    expect(dataOf(await bob.get(`${BUCKETS}/${name}`))).toBeNull();
  });

  it('are at most 5 per user', async () => {
    const { client } = await t.login();
    for (let index = 0; index < 5; index += 1) await createBucket(client);
    const sixth = await client.post(BUCKETS, { bucketName: uniqueBucketName() }, { locale: 'en_US' });
    expect(errCodeOf(sixth)).toBe(ErrCode.Business);
    expect(sixth.body.msg).toBe('Each user can create at most 5 buckets');
  });

  it('with objects are deleted only when the caller says so', async () => {
    const { client, user } = await t.login();
    const bucket = await createBucket(client);
    await createObject(client, bucket.bucketName, 'a.bin', await fakeFile(t, user.userId));
    await createObject(client, bucket.bucketName, 'b.bin', await fakeFile(t, user.userId));

    const refused = await client.delete(`${BUCKETS}/${bucket.bucketName}`, { locale: 'en_US' });
    expect(errCodeOf(refused)).toBe(ErrCode.Business);
    expect(refused.body.msg).toBe('The bucket still holds 2 objects; confirm to delete them with it');
    expect(refused.body.data).toEqual({ objectCount: 2 });
    expect(dataOf(await client.get(`${BUCKETS}/${bucket.bucketName}`))).not.toBeNull();

    expect(dataOf(await client.delete(`${BUCKETS}/${bucket.bucketName}`, { query: { force: 1 } }))).toBe(true);
    expect(dataOf(await client.get(`${BUCKETS}/${bucket.bucketName}`))).toBeNull();
    const left = await t.db.selectFrom('objects').select('objectId').where('userId', '=', user.userId).execute();
    expect(left).toEqual([]);
  });

  it('are deleted with force in a JSON body, and at once when empty', async () => {
    const { client, user } = await t.login();
    const full = await createBucket(client);
    await createObject(client, full.bucketName, 'a.bin', await fakeFile(t, user.userId));
    expect(dataOf(await client.delete(`${BUCKETS}/${full.bucketName}`, { body: { force: true } }))).toBe(true);
    const empty = await createBucket(client);
    expect(dataOf(await client.delete(`${BUCKETS}/${empty.bucketName}`))).toBe(true);
    // The name is free again.
    expect(dataOf(await client.get<boolean>(`${BUCKETS}/${empty.bucketName}/isExist`))).toBe(false);
  });

  it('of another user cannot be deleted, and nothing changes', async () => {
    const { client: alice } = await t.login();
    const { client: bob } = await t.login();
    const bucket = await createBucket(alice);
    expect(errCodeOf(await bob.delete(`${BUCKETS}/${bucket.bucketName}`, { query: { force: 1 } }))).toBe(
      ErrCode.Forbidden,
    );
    expect(errCodeOf(await bob.delete(`${BUCKETS}/missing-${process.pid}`))).toBe(ErrCode.Business);
    expect(dataOf(await alice.get(`${BUCKETS}/${bucket.bucketName}`))).not.toBeNull();
  });

  it('the system bucket is not deletable and is not counted among the 5', async () => {
    const { client, user } = await t.login();
    const document = { key: 1, name: 'mysite.ncfg', type: 'node-config', bytes: Buffer.from('{"theme":"dark"}') };
    await t.services.storage.putSystemDocument(user.userId, document);
    const system = await client.delete(`${BUCKETS}/.UserNodeData`, { query: { force: 1 } });
    expect(errCodeOf(system)).toBe(ErrCode.Business);
    expect(dataOf(await client.get<BucketWire>(`${BUCKETS}/.UserNodeData`))).toMatchObject({
      bucketType: 2,
      totalFileQuantity: 1,
    });
    for (let index = 0; index < 5; index += 1) await createBucket(client);
    expect(dataOf(await client.get<BucketWire[]>(BUCKETS))).toHaveLength(6);
    expect(
      dataOf(await client.get<BucketWire[]>(BUCKETS, { query: { bucketType: 2 } })).map((bucket) => bucket.bucketName),
    ).toEqual(['.UserNodeData']);
    expect(dataOf(await client.get<SpaceStatisticsWire>(`${BUCKETS}/spaceStatistics`)).bucketCount).toBe(5);
  });
});
