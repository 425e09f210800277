// Per-visitor node data (DOMAIN §3.10, API.md §3.4 `.UserNodeData`, §5.2): one JSON document per node and
// user in the user's system bucket; written whole, changed field by field, picked, listed and cleared.
import { ErrCode, type Page } from '@tessera/domain';
import type { NodeWire } from '@tessera/contract/nodes';
import type { ObjectWire } from '@tessera/contract/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { badFieldsOf, createTestApp, dataOf, errCodeOf, type TestApp, type TestClient } from '../../testing';
import { createNode } from '../nodes/testing';
import { BUCKETS, createBucket, createObject, fakeFile } from '../storage/testing';

const NODE_DATA = `${BUCKETS}/.UserNodeData/objects`;

describe('.UserNodeData', () => {
  let t: TestApp;
  /** The nodes' owner; the data belongs to whoever visits them. */
  let owner: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ client: owner } = await t.login());
  });
  afterAll(async () => {
    await t.close();
  });

  const node = (): Promise<NodeWire> => createNode(owner);

  it('is empty and bucketless until a node stores data, then holds one object per node', async () => {
    const { client, user } = await t.login();
    const [mySite, otherSite] = [await node(), await node()];
    expect(dataOf(await client.get(NODE_DATA))).toEqual({ skip: 0, limit: 100, totalItem: 0, dataList: [] });
    expect(dataOf(await client.get(`${BUCKETS}/.UserNodeData`))).toBeNull();

    const body = { nodeId: mySite.nodeId, userNodeData: { theme: 'dark', list: [1, 2] } };
    const written = dataOf(await client.post<ObjectWire>(NODE_DATA, body));
    expect(written).toMatchObject({
      objectName: `${mySite.nodeDomain}.ncfg`,
      bucketName: '.UserNodeData',
      resourceType: ['node-config'],
      userId: user.userId,
    });
    expect(await t.services.nodeData.read(user.userId, mySite.nodeId)).toEqual({ theme: 'dark', list: [1, 2] });

    // Writing again (here by domain) replaces the file of the same object.
    const again = { nodeDomain: mySite.nodeDomain, userNodeData: { theme: 'light' } };
    const rewritten = dataOf(await client.post<ObjectWire>(NODE_DATA, again));
    expect(rewritten.objectId).toBe(written.objectId);
    expect(rewritten.sha1).not.toBe(written.sha1);
    expect(await t.services.nodeData.read(user.userId, mySite.nodeId)).toEqual({ theme: 'light' });
    dataOf(await client.post(NODE_DATA, { nodeId: otherSite.nodeId, userNodeData: { on: true } }));

    const page = dataOf(await client.get<Page<ObjectWire>>(NODE_DATA, { query: { limit: 1 } }));
    expect([page.totalItem, page.dataList.length]).toEqual([2, 1]);
    expect(dataOf(await client.get(`${BUCKETS}/.UserNodeData`))).toMatchObject({ bucketType: 2, totalFileQuantity: 2 });
    // The data counts towards the quota.
    expect(await t.services.storage.usedBytes(user.userId)).toBe(
      JSON.stringify({ theme: 'light' }).length + JSON.stringify({ on: true }).length,
    );

    // Another user's node data is theirs alone.
    const { client: other, user: otherUser } = await t.login();
    expect(dataOf(await other.get<Page<ObjectWire>>(NODE_DATA)).totalItem).toBe(0);
    expect(await t.services.nodeData.read(otherUser.userId, mySite.nodeId)).toBeNull();
    expect(dataOf(await other.get(`${NODE_DATA}/${written.objectId}/customPick`))).toEqual({});
  });

  it('changes fields (removeFields, then appendOrReplaceObject) and picks them by node id or object id', async () => {
    const { client, user } = await t.login();
    const site = await node();
    const changed = dataOf(
      await client.put<ObjectWire>(`${NODE_DATA}/${site.nodeId}`, { appendOrReplaceObject: { a: 1, b: { c: 2 } } }),
    );
    expect(changed.objectName).toBe(`${site.nodeDomain}.ncfg`);
    dataOf(
      await client.put(`${NODE_DATA}/${site.nodeId}`, {
        removeFields: ['a', 'missing'],
        appendOrReplaceObject: { d: 'x' },
      }),
    );
    expect(await t.services.nodeData.read(user.userId, site.nodeId)).toEqual({ b: { c: 2 }, d: 'x' });

    const pick = (idOrNode: string | number, fields?: string) =>
      client.get(`${NODE_DATA}/${idOrNode}/customPick`, { query: fields === undefined ? {} : { fields } });
    expect(dataOf(await pick(site.nodeId, 'd,nothing'))).toEqual({ d: 'x' });
    expect(dataOf(await pick(changed.objectId))).toEqual({ b: { c: 2 }, d: 'x' });
    expect(dataOf(await pick(site.nodeId + 1))).toEqual({});
    expect(badFieldsOf(await pick('not-an-id'))).toEqual(['objectIdOrNodeId']);
  });

  it('refuses a missing node, no node at all, and more than 10 MiB', async () => {
    const { client, user } = await t.login();
    expect(errCodeOf(await client.post(NODE_DATA, { nodeId: 99_999_999, userNodeData: {} }))).toBe(ErrCode.Business);
    expect(errCodeOf(await client.put(`${NODE_DATA}/99999999`, { appendOrReplaceObject: {} }))).toBe(ErrCode.Business);
    expect(badFieldsOf(await client.post(NODE_DATA, { userNodeData: {} }))).toEqual(['nodeId']);
    const site = await node();
    const tooLarge = t.services.nodeData.write(user.userId, {
      nodeId: site.nodeId,
      userNodeData: { text: 'x'.repeat(10 * 1024 * 1024) },
    });
    await expect(tooLarge).rejects.toBeInstanceOf(AppError);
    await expect(tooLarge).rejects.toMatchObject({ errCode: ErrCode.BadParams });
    expect(await t.services.nodeData.read(user.userId, site.nodeId)).toBeNull();
    expect(errCodeOf(await t.client().get(NODE_DATA))).toBe(ErrCode.NotLoggedIn);
  });

  it('is cleared by node ids or node domains, the caller’s only', async () => {
    const { client, user } = await t.login();
    const { user: otherUser } = await t.login();
    const [one, two, three] = [await node(), await node(), await node()];
    for (const site of [one, two, three])
      await t.services.nodeData.write(user.userId, { nodeId: site.nodeId, userNodeData: { nodeId: site.nodeId } });
    await t.services.nodeData.write(otherUser.userId, { nodeId: one.nodeId, userNodeData: { mine: true } });
    // A user bucket of the same user is not touched by clearing.
    const { bucketName } = await createBucket(client);
    await createObject(client, bucketName, `${one.nodeDomain}.ncfg`, await fakeFile(t, user.userId));

    expect(dataOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeIds: [one.nodeId] } }))).toBe(true);
    expect(dataOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeDomains: [three.nodeDomain] } }))).toBe(true);
    const left = dataOf(await client.get<Page<ObjectWire>>(NODE_DATA)).dataList.map((object) => object.objectName);
    expect(left).toEqual([`${two.nodeDomain}.ncfg`]);
    expect(await t.services.nodeData.read(otherUser.userId, one.nodeId)).toEqual({ mine: true });
    expect(dataOf(await client.get<Page<ObjectWire>>(`${BUCKETS}/${bucketName}/objects`)).totalItem).toBe(1);

    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: {} }))).toEqual(['nodeIds']);
    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeDomains: ['Bad Domain'] } }))).toEqual([
      'nodeDomains.0',
    ]);
    expect(badFieldsOf(await client.delete(`${NODE_DATA}/clear`, { body: { nodeIds: ['x'] } }))).toEqual(['nodeIds.0']);
    // Clearing what was never stored is fine.
    const { client: fresh } = await t.login();
    expect(dataOf(await fresh.delete(`${NODE_DATA}/clear`, { body: { nodeIds: [one.nodeId] } }))).toBe(true);
  });
});
