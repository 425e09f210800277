// What reading many exhibits costs: the node's list with each exhibit's authStatus, and the exhibits
// as contract subjects (the contracts module's consumer signing), take as many statements for 20
// exhibits as for one.
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { Page } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, QueryCounter, type TestApp, type TestClient } from '../../testing';
import { aliceAndBob, onlineResource } from '../versions/testing';
import { createExhibit, createTestNode, PRESENTABLES } from './testing';

describe('reading many exhibits', { timeout: 120_000 }, () => {
  const counter = new QueryCounter();
  let t: TestApp;
  let alice: TestClient;
  let one: { nodeId: number; ids: string[] };
  let twenty: { nodeId: number; ids: string[] };

  beforeAll(async () => {
    t = await createTestApp({ plugins: [counter] });
    const people = await aliceAndBob(t);
    alice = people.alice;
    const exhibitsIn = async (count: number) => {
      const node = await createTestNode(t, people.aliceId, 'batch');
      const ids: string[] = [];
      for (let made = 0; made < count; made += 1) {
        const resource = await onlineResource(t, people.bob);
        ids.push((await createExhibit(alice, node.nodeId, resource)).presentableId);
      }
      return { nodeId: node.nodeId, ids };
    };
    one = await exhibitsIn(1);
    twenty = await exhibitsIn(20);
  });
  afterAll(() => t.close());

  it("lists a node's exhibits with their authStatus in the same number of statements for 1 and 20", async () => {
    const list = (nodeId: number) =>
      alice.get<Page<PresentableWire>>(PRESENTABLES, { query: { nodeId, onlineStatus: 2 } });
    let page: Page<PresentableWire> | undefined;
    const forOne = await counter.during(async () => (page = dataOf(await list(one.nodeId))));
    expect(page?.dataList.map((exhibit) => exhibit.authStatus)).toEqual([4 | 8]);
    const forTwenty = await counter.during(async () => (page = dataOf(await list(twenty.nodeId))));
    expect(page?.dataList).toHaveLength(20);
    // Every exhibit's node contract is authorised (a free policy) and nothing upstream needs one.
    expect(new Set(page?.dataList.map((exhibit) => exhibit.authStatus))).toEqual(new Set([4 | 8]));
    expect(forTwenty).toBe(forOne);
    // The request's own statements were counted: the session, the node, the exhibits and their chain.
    expect(forOne).toBeGreaterThanOrEqual(5);
  });

  it('describes 1 and 20 exhibits as contract subjects in three statements', async () => {
    const port = t.services.exhibitSubjectSource;
    let found = new Map<string, unknown>();
    expect(await counter.during(async () => (found = await port.exhibitSubjects(one.ids)))).toBe(3);
    expect([...found.keys()]).toEqual(one.ids);
    expect(await counter.during(async () => (found = await port.exhibitSubjects(twenty.ids)))).toBe(3);
    expect(new Set(found.keys())).toEqual(new Set(twenty.ids));
    expect(await counter.during(async () => (found = await port.exhibitSubjects(['0'.repeat(24)])))).toBe(1);
    expect(found.size).toBe(0);
  });
});
