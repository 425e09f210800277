import { ErrCode, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { AppError } from '../../platform/errors';
import type { ObjectWire } from '@tessera/contract/storage';
import { badFieldsOf, BUCKETS, createBucket, createObject, fakeFile } from './testing';

const NODE_DATA = `${BUCKETS}/.UserNodeData/objects`;

describe('.UserNodeData', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is empty and bucketless until a node stores data, then holds one object per node', async () => {
    const { client, user } = await t.login();
    expect(dataOf(await client.get(NODE_DATA))).toEqual({ skip: 0, limit: 100, totalItem: 0, dataList: [] });
    expect(dataOf(await client.get(`${BUCKETS}/.UserNodeData`))).toBeNull();

    const written = await t.services.storage.writeNodeData(user.userId, 80000001, 'my-site', {
      theme: 'dark',
      list: [1, 2],
    });
    expect(written).toMatchObject({
      objectName: 'my-site.ncfg',
      bucketName: '.UserNodeData',
      resourceType: ['node-config'],
      userId: user.userId,
    });
    expect(await t.services.storage.readNodeData(user.userId, 80000001)).toEqual({ theme: 'dark', list: [1, 2] });

    // Writing again replaces the file of the same object.
    const rewritten = await t.services.storage.writeNodeData(user.userId, 80000001, 'my-site', { theme: 'light' });
    expect(rewritten.objectId).toBe(written.objectId);
    expect(rewritten.sha1).not.toBe(written.sha1);
    expect(await t.services.storage.readNodeData(user.userId, 80000001)).toEqual({ theme: 'light' });
    await t.services.storage.writeNodeData(user.userId, 80000002, 'other-site', [true]);

    const page = dataOf(await client.get<Page<ObjectWire>>(NODE_DATA, { query: { limit: 1 } }));
    expect([page.totalItem, page.dataList.length]).toEqual([2, 1]);
    expect(dataOf(await client.get(`${BUCKETS}/.UserNodeData`))).toMatchObject({ bucketType: 2, totalFileQuantity: 2 });
    // The data counts towards the quota.
    expect(await t.services.storage.usedBytes(user.userId)).toBe(
      JSON.stringify({ theme: 'light' }).length + JSON.stringify([true]).length,
    );

    // Another user's node data is theirs alone.
    const { client: other } = await t.login();
    expect(dataOf(await other.get<Page<ObjectWire>>(NODE_DATA)).totalItem).toBe(0);
    expect(await t.services.storage.readNodeData(user.userId + 1000, 80000001)).toBeNull();
  });

  it('is at most 10 MiB per node', async () => {
    const { user } = await t.login();
    const tooLarge = t.services.storage.writeNodeData(user.userId, 80000003, 'big-site', {
      text: 'x'.repeat(10 * 1024 * 1024),
    });
    await expect(tooLarge).rejects.toBeInstanceOf(AppError);
    await expect(tooLarge).rejects.toMatchObject({ errCode: ErrCode.BadParams });
    expect(await t.services.storage.readNodeData(user.userId, 80000003)).toBeNull();
  });

  it('is cleared by node ids or node domains, the caller’s only', async () => {
    const { client, user } = await t.login();
    const { user: otherUser } = await t.login();
    for (const [nodeId, domain] of [
      [80000011, 'site-one'],
      [80000012, 'site-two'],
      [80000013, 'site-three'],
    ] as const) {
      await t.services.storage.writeNodeData(user.userId, nodeId, domain, { nodeId });
    }
    await t.services.storage.writeNodeData(otherUser.userId, 80000011, 'site-one', { mine: true });
    // A user bucket of the same user is not touched by clearing.
    const { bucketName } = await createBucket(client);
    await createObject(client, bucketName, 'site-one.ncfg', await fakeFile(t, user.userId));

    expect(dataOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeIds: [80000011] } }))).toBe(true);
    expect(dataOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeDomains: ['site-three'] } }))).toBe(true);
    const left = dataOf(await client.get<Page<ObjectWire>>(NODE_DATA)).dataList.map((object) => object.objectName);
    expect(left).toEqual(['site-two.ncfg']);
    expect(await t.services.storage.readNodeData(otherUser.userId, 80000011)).toEqual({ mine: true });
    expect(dataOf(await client.get<Page<ObjectWire>>(`${BUCKETS}/${bucketName}/objects`)).totalItem).toBe(1);

    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: {} }))).toEqual(['nodeIds']);
    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeDomains: ['Bad Domain'] } }))).toEqual([
      'nodeDomains.0',
    ]);
    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeIds: ['x'] } }))).toEqual(['nodeIds.0']);
    // Clearing what was never stored is fine.
    const { client: fresh } = await t.login();
    expect(dataOf(await fresh.delete(`${NODE_DATA}/clear`, { body: { nodeIds: [80000011] } }))).toBe(true);
  });
});
