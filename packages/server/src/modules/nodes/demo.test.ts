// The demo node: alice runs a living public node with a bilingual title.
import type { NodeWire } from '@tessera/contract/nodes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, MODULES, type TestApp } from '../../testing';
import { DEMO_NODE } from './demo';
import { NODES } from './testing';

describe('demo node', () => {
  let t: TestApp;
  beforeAll(async () => {
    const needed = new Set(['i18n', 'messages', 'identity', 'nodes']);
    t = await createTestApp({ demoData: true, modules: MODULES.filter((module) => needed.has(module.name)) });
  });
  afterAll(() => t.close());

  it('gives alice a public node that visitors find by its domain and in the public search', async () => {
    const alice = await t.services.identity.resolveUser('alice');
    const visitor = t.client();
    const node = dataOf(await visitor.get<NodeWire>(`${NODES}/detail`, { query: { nodeDomain: 'mist-gallery' } }));
    expect(node).toMatchObject({
      nodeName: DEMO_NODE.nodeName,
      nodeTitle: '雾之画廊 · Mist Gallery',
      nodeShortDescription: DEMO_NODE.nodeShortDescription,
      ownerUserId: alice.userId,
      visibility: 1,
      status: 2,
      nodeUrl: 'http://mist-gallery.localhost:8080',
    });
    const found = dataOf(
      await visitor.get<{ dataList: NodeWire[] }>(`${NODES}/searchForClient`, { query: { keywords: '画廊' } }),
    );
    expect(found.dataList.map((item) => item.nodeDomain)).toEqual(['mist-gallery']);
  });
});
