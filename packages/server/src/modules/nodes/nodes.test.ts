// The node calls (DOMAIN §2.16, §3.7, SPEC §5): creation rules and limit, lists, look-ups, the public
// search, the owner's edits and deletion, freezing by administrators.
import type { NodeFreezeInfoWire, NodeView, NodeWire } from '@tessera/contract/nodes';
import { ErrCode, type Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_USER_ID } from '../../platform/db/migrations/0001_foundation';
import {
  badFieldsOf,
  createTestApp,
  dataOf,
  errCodeOf,
  type ApiResponse,
  type TestApp,
  type TestClient,
} from '../../testing';
import { createNode, freshNodeNames, NODES } from './testing';

const MAX_NODES = 3;

describe('nodes', () => {
  let t: TestApp;
  let admin: TestClient;

  beforeAll(async () => {
    t = await createTestApp({
      config: {
        maxNodesPerUser: MAX_NODES,
        adminUserIds: [FIRST_USER_ID],
        baseDomain: 'nodes.example',
        publicPort: 8443,
        reservedNodeDomains: ['admin', 'shop-front'],
      },
    });
    const first = await t.login();
    expect(first.user.userId).toBe(FIRST_USER_ID);
    admin = first.client;
  });
  afterAll(() => t.close());

  const own = async (client: TestClient, query: Record<string, string | number> = {}) =>
    dataOf(await client.get<Page<NodeView>>(NODES, { query }));
  const byId = async (client: TestClient, nodeId: number) =>
    dataOf(await client.get<NodeWire | null>(`${NODES}/${nodeId}`));
  const search = async (client: TestClient, query: Record<string, string | number> = {}) =>
    dataOf(await client.get<Page<NodeView>>(`${NODES}/searchForClient`, { query: { limit: 100, ...query } }));
  const freeze = (client: TestClient, nodeId: number, reason = 'Infringing exhibits', remark = 'ticket 42') =>
    client.put(`${NODES}/${nodeId}/freeze`, { reason, remark });
  const unfreeze = (client: TestClient, nodeId: number) => client.put(`${NODES}/${nodeId}/deArchive`);

  describe('creating', () => {
    it('makes a normal public node with the name as title and its site addresses', async () => {
      const { client, user } = await t.login();
      const { nodeName, nodeDomain } = freshNodeNames('Mist');
      const node = await createNode(client, { nodeName, nodeDomain });
      expect(node).toMatchObject({
        nodeName,
        nodeDomain,
        nodeTitle: nodeName,
        nodeShortDescription: '',
        nodeLogo: '',
        nodeThemeId: '',
        ownerUserId: user.userId,
        ownerUserName: user.username,
        visibility: 1,
        status: 2,
        tags: [],
        nodeUrl: `http://${nodeDomain}.nodes.example:8443`,
        nodeTestUrl: `http://${nodeDomain}.t.nodes.example:8443`,
        createDate: t.clock.now().toISOString(),
      });
      expect(node.nodeId).toBeGreaterThanOrEqual(80_000_000);
      expect(node).not.toHaveProperty('freezeReason');
      const titled = await createNode(client, { nodeTitle: '  雾之画廊 · Mist  ' });
      expect(titled.nodeTitle).toBe('雾之画廊 · Mist');
    });

    it('refuses names and domains outside SPEC §5, naming the fields', async () => {
      const { client } = await t.login();
      const refused = async (body: Record<string, string>) =>
        badFieldsOf(await client.post(NODES, { ...freshNodeNames(), ...body }));
      for (const nodeName of ['a', 'x'.repeat(25), 'with space', 'pipe|name', 'dash-name', 'émile'])
        expect(await refused({ nodeName })).toEqual(['nodeName']);
      for (const nodeDomain of ['abc', 'Upper-case', '-lead', 'trail-', 'dot.ted', 'x'.repeat(25), 'under_score'])
        expect(await refused({ nodeDomain })).toEqual(['nodeDomain']);
      expect(await refused({ nodeName: '?', nodeDomain: '?' })).toEqual(['nodeName', 'nodeDomain']);
      expect(await refused({ nodeTitle: '<b>bold</b>' })).toEqual(['nodeTitle']);
      expect(await own(client)).toMatchObject({ totalItem: 0 });
      // Chinese names, digits and the longest domain are fine.
      await createNode(client, { nodeName: `节点${process.pid}`, nodeDomain: `a${'0'.repeat(22)}z` });
    });

    it('refuses reserved domains (the setting) and visitors', async () => {
      const { client } = await t.login();
      for (const nodeDomain of ['admin', 'shop-front']) {
        const answer = await client.post(NODES, { ...freshNodeNames(), nodeDomain }, { locale: 'en_US' });
        expect(errCodeOf(answer)).toBe(ErrCode.Business);
        expect(answer.body.msg).toBe('This domain is reserved by the platform');
      }
      // The default list is not in force once the setting names another.
      await createNode(client, { nodeDomain: `www-${process.pid}`.slice(0, 24) });
      expect(errCodeOf(await t.client().post(NODES, freshNodeNames()))).toBe(ErrCode.NotLoggedIn);
    });

    it('keeps names unique case-insensitively and domains unique, deleted nodes included', async () => {
      const { client } = await t.login();
      const { client: other } = await t.login();
      const node = await createNode(client, { nodeName: `CaseName${process.pid}` });
      const taken = async (body: Record<string, string>, message: string) => {
        const answer = await other.post(NODES, { ...freshNodeNames(), ...body }, { locale: 'en_US' });
        expect([errCodeOf(answer), answer.body.msg]).toEqual([ErrCode.Business, message]);
      };
      await taken({ nodeName: node.nodeName.toLowerCase() }, 'This node name is already taken');
      await taken({ nodeName: node.nodeName.toUpperCase() }, 'This node name is already taken');
      await taken({ nodeDomain: node.nodeDomain }, 'This node domain is already taken');
      expect(dataOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(true);
      await taken({ nodeName: node.nodeName }, 'This node name is already taken');
      await taken({ nodeDomain: node.nodeDomain }, 'This node domain is already taken');
    });

    it(`stops at ${MAX_NODES} living nodes per user; a deleted node frees its place`, async () => {
      const { client } = await t.login();
      const nodes: NodeWire[] = [];
      for (let index = 0; index < MAX_NODES; index += 1) nodes.push(await createNode(client));
      const over = await client.post(NODES, freshNodeNames(), { locale: 'en_US' });
      expect([errCodeOf(over), over.body.msg, over.body.data]).toEqual([
        ErrCode.Business,
        `Each user can create at most ${MAX_NODES} nodes`,
        { limit: MAX_NODES },
      ]);
      // Another user's count is their own.
      await createNode((await t.login()).client);
      dataOf(await client.delete(`${NODES}/${nodes[0]?.nodeId}`));
      await createNode(client);
      expect(errCodeOf(await client.post(NODES, freshNodeNames()))).toBe(ErrCode.Business);
    });

    it(`lets exactly ${MAX_NODES} of 12 parallel creations through (the limit lock)`, async () => {
      const { client } = await t.login();
      const answers = await Promise.all(Array.from({ length: 12 }, () => client.post(NODES, freshNodeNames())));
      const codes = answers.map((answer) => errCodeOf(answer));
      expect(codes.filter((code) => code === ErrCode.Success)).toHaveLength(MAX_NODES);
      expect(codes.filter((code) => code === ErrCode.Business)).toHaveLength(12 - MAX_NODES);
      expect((await own(client)).totalItem).toBe(MAX_NODES);
    });

    it('lets one of parallel creations of the same name or domain by different users through', async () => {
      const names = freshNodeNames();
      const clients = await Promise.all(Array.from({ length: 6 }, async () => (await t.login()).client));
      const answers = await Promise.all(
        clients.map((client, index) =>
          client.post(NODES, index % 2 === 0 ? names : { ...freshNodeNames(), nodeDomain: names.nodeDomain }),
        ),
      );
      expect(answers.filter((answer) => errCodeOf(answer) === ErrCode.Success)).toHaveLength(1);
      expect(answers.map((answer) => errCodeOf(answer)).every((code) => code <= ErrCode.Business)).toBe(true);
    });
  });

  describe('reading', () => {
    let owner: TestClient;
    let other: TestClient;
    let ownerId: number;
    let nodes: NodeWire[];

    beforeAll(async () => {
      const logged = await t.login();
      owner = logged.client;
      ownerId = logged.user.userId;
      other = (await t.login()).client;
      nodes = [];
      for (let index = 0; index < MAX_NODES; index += 1) {
        nodes.push(await createNode(owner));
        t.clock.advance({ minutes: 1 });
      }
      await createNode(other);
    });

    it("lists the caller's living nodes, newest first, with paging, the status filter and projection", async () => {
      const [first, second, third] = nodes as [NodeWire, NodeWire, NodeWire];
      const all = await own(owner);
      expect(all.totalItem).toBe(3);
      expect(all.dataList.map((node) => node.nodeId)).toEqual([third.nodeId, second.nodeId, first.nodeId]);
      expect(await own(owner, { skip: 1, limit: 1 })).toMatchObject({
        skip: 1,
        limit: 1,
        totalItem: 3,
        dataList: [{ nodeId: second.nodeId }],
      });
      dataOf(await freeze(admin, first.nodeId));
      const ids = async (status: number) => (await own(owner, { status })).dataList.map((node) => node.nodeId);
      expect(await ids(2)).toEqual([third.nodeId, second.nodeId]);
      expect(await ids(1)).toEqual([third.nodeId, second.nodeId]);
      expect(await ids(6)).toEqual([first.nodeId]);
      expect(await ids(4)).toEqual([first.nodeId]);
      expect(await ids(0)).toHaveLength(3);
      const frozen = (await own(owner, { status: 6 })).dataList[0];
      expect(frozen).toMatchObject({ status: 6, freezeReason: 'Infringing exhibits' });
      dataOf(await unfreeze(admin, first.nodeId));
      const projectedList = await own(owner, { projection: 'nodeId,nodeDomain, status,unknownField' });
      expect(projectedList.dataList[0]).toEqual({ nodeId: third.nodeId, nodeDomain: third.nodeDomain, status: 2 });
      expect(errCodeOf(await owner.get(NODES, { query: { status: 8 } }))).toBe(ErrCode.BadParams);
      expect(errCodeOf(await owner.get(NODES, { query: { limit: 101 } }))).toBe(ErrCode.BadParams);
      expect(errCodeOf(await t.client().get(NODES))).toBe(ErrCode.NotLoggedIn);
    });

    it('answers a node by id, domain or name (case-insensitively) to anyone; null when none', async () => {
      const node = nodes[1] as NodeWire;
      const visitor = t.client();
      expect(await byId(visitor, node.nodeId)).toEqual(node);
      const detail = async (query: Record<string, string>) =>
        dataOf(await visitor.get<NodeWire | null>(`${NODES}/detail`, { query }));
      expect(await detail({ nodeDomain: node.nodeDomain })).toEqual(node);
      expect(await detail({ nodeName: node.nodeName.toUpperCase() })).toEqual(node);
      expect(await detail({ nodeName: node.nodeName, nodeDomain: node.nodeDomain })).toEqual(node);
      expect(await detail({ nodeName: (nodes[0] as NodeWire).nodeName, nodeDomain: node.nodeDomain })).toBeNull();
      expect(await detail({ nodeDomain: 'no-such-node' })).toBeNull();
      expect(await detail({ nodeName: 'NoSuchNode' })).toBeNull();
      expect(badFieldsOf(await visitor.get(`${NODES}/detail`))).toEqual(['nodeName']);
      expect(await byId(visitor, 79_999_999)).toBeNull();
      expect(errCodeOf(await visitor.get(`${NODES}/abc`))).toBe(ErrCode.BadParams);
      expect(ownerId).toBe(node.ownerUserId);
    });

    it('shows the freeze reason to the owner only; everyone reads it on the freeze page', async () => {
      const node = nodes[2] as NodeWire;
      dataOf(await freeze(admin, node.nodeId, 'Copied works', 'internal note'));
      expect(await byId(owner, node.nodeId)).toMatchObject({ status: 6, freezeReason: 'Copied works' });
      for (const client of [other, t.client(), admin]) {
        expect(await byId(client, node.nodeId)).not.toHaveProperty('freezeReason');
        expect(
          dataOf(await client.get<NodeWire>(`${NODES}/detail`, { query: { nodeDomain: node.nodeDomain } })),
        ).not.toHaveProperty('freezeReason');
        expect(dataOf(await client.get<NodeFreezeInfoWire>(`${NODES}/${node.nodeId}/freezeInfo`))).toEqual({
          nodeId: node.nodeId,
          nodeName: node.nodeName,
          isFrozen: true,
          reason: 'Copied works',
          remark: '',
        });
      }
      expect(dataOf(await owner.get<NodeFreezeInfoWire>(`${NODES}/${node.nodeId}/freezeInfo`)).remark).toBe(
        'internal note',
      );
      dataOf(await unfreeze(admin, node.nodeId));
      expect(dataOf(await t.client().get(`${NODES}/${node.nodeId}/freezeInfo`))).toEqual({
        nodeId: node.nodeId,
        nodeName: node.nodeName,
        isFrozen: false,
        reason: '',
        remark: '',
      });
      expect(await byId(owner, node.nodeId)).not.toHaveProperty('freezeReason');
    });
  });

  describe('searchForClient', () => {
    it('finds living, unfrozen public nodes by every keyword in name, title or domain', async () => {
      const { client } = await t.login();
      const { client: second } = await t.login();
      const word = `zephyr${process.pid}`;
      const publicNode = await createNode(client, { nodeTitle: `The ${word.toUpperCase()} gallery` });
      const byDomain = await createNode(client, { nodeDomain: `${word}-dom` });
      const hidden = await createNode(client, { nodeTitle: `${word} private` });
      dataOf(await client.post(`${NODES}/setNodeInfo`, { nodeId: hidden.nodeId, status: 2 }));
      const paused = await createNode(second, { nodeTitle: `${word} paused` });
      dataOf(await second.post(`${NODES}/setNodeInfo`, { nodeId: paused.nodeId, status: 8 }));
      const frozen = await createNode(second, { nodeTitle: `${word} frozen` });
      dataOf(await freeze(admin, frozen.nodeId));
      const deleted = await createNode(second, { nodeTitle: `${word} deleted` });
      dataOf(await second.delete(`${NODES}/${deleted.nodeId}`));

      const found = await search(t.client(), { keywords: word });
      expect(found.totalItem).toBe(2);
      expect(found.dataList.map((node) => node.nodeId).sort()).toEqual([publicNode.nodeId, byDomain.nodeId].sort());
      expect((await search(client, { keywords: `gallery ${word}` })).dataList).toEqual([publicNode]);
      expect((await search(client, { keywords: `${word} nothing` })).totalItem).toBe(0);
      // LIKE wildcards are plain characters.
      expect((await search(client, { keywords: '%' })).totalItem).toBe(0);
      const all = await search(t.client());
      const allIds = all.dataList.map((node) => node.nodeId);
      expect(allIds).toContain(publicNode.nodeId);
      for (const node of [hidden, paused, frozen, deleted]) expect(allIds).not.toContain(node.nodeId);
      expect((await search(t.client(), { keywords: word, projection: 'nodeId' })).dataList[0]).toEqual({
        nodeId: expect.any(Number),
      });
    });
  });

  describe('setNodeInfo', () => {
    it('changes only the given fields of the caller’s node', async () => {
      const { client } = await t.login();
      const node = await createNode(client);
      t.clock.advance({ minutes: 5 });
      const logo = `/images/${'a'.repeat(40)}.png`;
      const edit = {
        nodeId: node.nodeId,
        nodeTitle: ' 新标题 New title ',
        nodeShortDescription: '简介 · A short description',
        nodeLogo: logo,
        status: 8,
        nodeSuspendInfo: 'Back in May',
      };
      expect(dataOf(await client.post(`${NODES}/setNodeInfo`, edit))).toBe(true);
      expect(await byId(client, node.nodeId)).toEqual({
        ...node,
        nodeTitle: '新标题 New title',
        nodeShortDescription: '简介 · A short description',
        nodeLogo: logo,
        visibility: 8,
        nodeSuspendInfo: 'Back in May',
        updateDate: t.clock.now().toISOString(),
      });
      dataOf(await client.post(`${NODES}/setNodeInfo`, { nodeId: node.nodeId, status: 1, nodeTitle: '' }));
      expect(await byId(client, node.nodeId)).toMatchObject({
        nodeTitle: node.nodeName,
        visibility: 1,
        nodeLogo: logo,
        nodeSuspendInfo: 'Back in May',
      });
      dataOf(await client.post(`${NODES}/setNodeInfo`, { nodeId: node.nodeId, nodeLogo: 'https://cdn.example/l.png' }));
      dataOf(await client.post(`${NODES}/setNodeInfo`, { nodeId: node.nodeId, nodeLogo: '' }));
      expect((await byId(client, node.nodeId))?.nodeLogo).toBe('');
    });

    it('refuses bad values, naming the fields, and changes nothing', async () => {
      const { client } = await t.login();
      const node = await createNode(client);
      const refused = async (body: Record<string, unknown>) =>
        badFieldsOf(await client.post(`${NODES}/setNodeInfo`, { nodeId: node.nodeId, ...body }));
      expect(await refused({ nodeLogo: 'javascript:alert(1)' })).toEqual(['nodeLogo']);
      expect(await refused({ nodeLogo: 'not an address' })).toEqual(['nodeLogo']);
      expect(await refused({ nodeTitle: 'x'.repeat(101) })).toEqual(['nodeTitle']);
      expect(await refused({ nodeShortDescription: 'x'.repeat(201) })).toEqual(['nodeShortDescription']);
      expect(await refused({ nodeSuspendInfo: 'x'.repeat(501) })).toEqual(['nodeSuspendInfo']);
      expect(await refused({ nodeShortDescription: '<script>x</script>' })).toEqual(['nodeShortDescription']);
      expect(await refused({ status: 4 })).toEqual(['status']);
      expect(await refused({ nodeTitle: '<i>t</i>', nodeLogo: 'ftp://x' })).toEqual(['nodeTitle', 'nodeLogo']);
      expect(await byId(client, node.nodeId)).toEqual(node);
    });

    it("refuses another user's node (3), an unknown, deleted or frozen one (2)", async () => {
      const { client } = await t.login();
      const { client: other } = await t.login();
      const node = await createNode(client);
      const edit = (caller: TestClient, nodeId: number) =>
        caller.post(`${NODES}/setNodeInfo`, { nodeId, nodeTitle: 'taken over' });
      expect(errCodeOf(await edit(other, node.nodeId))).toBe(ErrCode.Forbidden);
      expect(errCodeOf(await edit(client, 79_999_999))).toBe(ErrCode.Business);
      expect(errCodeOf(await edit(t.client(), node.nodeId))).toBe(ErrCode.NotLoggedIn);
      dataOf(await freeze(admin, node.nodeId));
      const frozen = await edit(client, node.nodeId);
      expect([errCodeOf(frozen), frozen.body.data]).toEqual([ErrCode.Business, { nodeId: node.nodeId }]);
      dataOf(await unfreeze(admin, node.nodeId));
      dataOf(await client.delete(`${NODES}/${node.nodeId}`));
      expect(errCodeOf(await edit(client, node.nodeId))).toBe(ErrCode.Business);
      expect((await t.services.nodeQueries.findNode(node.nodeId)) ?? null).toBeNull();
      const row = await t.db.selectFrom('nodes').selectAll().where('nodeId', '=', node.nodeId).executeTakeFirst();
      expect(row?.nodeTitle).toBe(node.nodeTitle);
    });
  });

  describe('deleting', () => {
    it('lets the owner delete a node: gone from look-ups, lists and the freeze page', async () => {
      const { client } = await t.login();
      const { client: other } = await t.login();
      const node = await createNode(client);
      expect(errCodeOf(await other.delete(`${NODES}/${node.nodeId}`))).toBe(ErrCode.Forbidden);
      expect(errCodeOf(await t.client().delete(`${NODES}/${node.nodeId}`))).toBe(ErrCode.NotLoggedIn);
      expect(await byId(client, node.nodeId)).toEqual(node);
      expect(dataOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(true);
      expect(await byId(client, node.nodeId)).toBeNull();
      expect(dataOf(await client.get(`${NODES}/detail`, { query: { nodeDomain: node.nodeDomain } }))).toBeNull();
      expect(dataOf(await client.get(`${NODES}/detail`, { query: { nodeName: node.nodeName } }))).toBeNull();
      expect((await own(client)).totalItem).toBe(0);
      expect(errCodeOf(await client.get(`${NODES}/${node.nodeId}/freezeInfo`))).toBe(ErrCode.Business);
      expect(errCodeOf(await client.delete(`${NODES}/${node.nodeId}`))).toBe(ErrCode.Business);
    });
  });

  describe('freezing', () => {
    it('is for administrators only (ADMIN_USER_IDS): errCode 3 for the owner and others', async () => {
      const { client } = await t.login();
      const node = await createNode(client);
      for (const caller of [client, (await t.login()).client]) {
        expect(errCodeOf(await freeze(caller, node.nodeId))).toBe(ErrCode.Forbidden);
        expect(errCodeOf(await unfreeze(caller, node.nodeId))).toBe(ErrCode.Forbidden);
      }
      expect(errCodeOf(await freeze(t.client(), node.nodeId))).toBe(ErrCode.NotLoggedIn);
      expect((await byId(client, node.nodeId))?.status).toBe(2);
    });

    it('freezes and unfreezes, refusing a second freeze and an unfreeze of a normal node (2)', async () => {
      const { client } = await t.login();
      const node = await createNode(client);
      const refusal = async (answer: Promise<ApiResponse>) => {
        const settled = await answer;
        return [errCodeOf(settled), settled.body.msg];
      };
      expect(await refusal(admin.put(`${NODES}/${node.nodeId}/deArchive`, undefined, { locale: 'en_US' }))).toEqual([
        ErrCode.Business,
        'The node is not frozen',
      ]);
      expect(dataOf(await freeze(admin, node.nodeId))).toBe(true);
      expect((await byId(client, node.nodeId))?.status).toBe(6);
      expect(
        await refusal(admin.put(`${NODES}/${node.nodeId}/freeze`, { reason: 'again' }, { locale: 'en_US' })),
      ).toEqual([ErrCode.Business, 'The node is already frozen']);
      expect(badFieldsOf(await admin.put(`${NODES}/${node.nodeId}/freeze`, { reason: '' }))).toEqual(['reason']);
      expect(dataOf(await unfreeze(admin, node.nodeId))).toBe(true);
      expect(await byId(client, node.nodeId)).toMatchObject({ status: 2 });
      const row = await t.db
        .selectFrom('nodes')
        .selectAll()
        .where('nodeId', '=', node.nodeId)
        .executeTakeFirstOrThrow();
      expect([row.freezeReason, row.freezeRemark]).toEqual(['', '']);
      expect(errCodeOf(await freeze(admin, 79_999_999))).toBe(ErrCode.Business);
      dataOf(await client.delete(`${NODES}/${node.nodeId}`));
      expect(errCodeOf(await freeze(admin, node.nodeId))).toBe(ErrCode.Business);
    });
  });
});
