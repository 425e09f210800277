// Deleting a node tells the nodeDeleted port inside the deletion's transaction (the exhibits module
// takes the node's exhibits offline there): a listener's writes commit with the deletion, and a
// listener that fails undoes it.
import { ErrCode } from '@tessera/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db/database';
import { createTestApp, dataOf, defineModule, errCodeOf, MODULES, type TestApp } from '../../testing';
import { createNode, NODES } from './testing';

const told: number[] = [];
let failNext = false;

const listener = {
  async nodeDeleted(nodeId: number, db: Db): Promise<void> {
    if (!db.isTransaction) throw new Error('nodeDeleted must run inside the deletion transaction');
    // What the listener sees through the transaction it is given: the node already deleted.
    const row = await db.selectFrom('nodes').select('isDeleted').where('nodeId', '=', nodeId).executeTakeFirst();
    if (row?.isDeleted !== 1) throw new Error('the node is not deleted yet in the transaction');
    await sql`update nodes set "nodeThemeId" = 'offline-by-listener' where "nodeId" = ${nodeId}`.execute(db);
    if (failNext) {
      failNext = false;
      throw new Error('listener failed');
    }
    told.push(nodeId);
  },
};

describe('the nodeDeleted port', () => {
  let t: TestApp;
  beforeAll(async () => {
    const exhibitsStandIn = defineModule({
      name: 'test-node-deletions',
      services: () => ({}),
      ports: () => ({ nodeDeleted: listener }),
    });
    t = await createTestApp({ modules: [...MODULES, exhibitsStandIn] });
  });
  afterAll(() => t.close());

  const rowOf = (nodeId: number) =>
    t.db.selectFrom('nodes').selectAll().where('nodeId', '=', nodeId).executeTakeFirstOrThrow();

  it('tells each listener of the deleted node, in the same transaction', async () => {
    const { client } = await t.login();
    const node = await createNode(client);
    expect(dataOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(true);
    expect(told).toEqual([node.nodeId]);
    expect(await rowOf(node.nodeId)).toMatchObject({ isDeleted: 1, nodeThemeId: 'offline-by-listener' });
  });

  it('keeps the node when a listener fails, and tells nobody of a refused deletion', async () => {
    const { client } = await t.login();
    const { client: other } = await t.login();
    const node = await createNode(client);
    told.length = 0;
    expect(errCodeOf(await other.delete(`${NODES}/${node.nodeId}`))).toBe(ErrCode.Forbidden);
    expect(told).toEqual([]);
    failNext = true;
    expect(errCodeOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(ErrCode.Unhandled);
    expect(await rowOf(node.nodeId)).toMatchObject({ isDeleted: 0, nodeThemeId: '' });
    expect(told).toEqual([]);
    expect(dataOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(true);
    expect(told).toEqual([node.nodeId]);
  });
});
