// The demo exhibits: alice's demo node shows a free exhibit, a paid one and bob's resources through
// node contracts, all online, and a visitor is let into the free one but not the paid one.
import { AuthCode, type Page } from '@tessera/domain';
import type { ExhibitAuthResultWire, ExhibitViewWire } from '@tessera/contract/exhibit-auths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import { DEMO_NODE } from '../nodes';
import { DEMO_POLICIES } from '../versions';
import { loadDemoExhibits } from './demo';

describe('demo exhibits', () => {
  let t: TestApp;
  let nodeId: number;

  beforeAll(async () => {
    t = await createTestApp({ demoData: true });
    const node = await t.services.nodeQueries.findNodeByDomain(DEMO_NODE.nodeDomain);
    nodeId = node?.nodeId ?? 0;
  });
  afterAll(() => t.close());

  const exhibitsByName = async () => {
    const rows = await t.db.selectFrom('presentables').selectAll().where('nodeId', '=', nodeId).execute();
    return new Map(rows.map((row) => [row.resourceName, row]));
  };
  const visitorResult = async (exhibitId: string) =>
    t.client().get<ExhibitAuthResultWire>(`/v2/auths/exhibits/${nodeId}/${exhibitId}/result`, { locale: 'en_US' });

  it("puts alice's and bob's resources online in the demo node, bob's theme as its theme", async () => {
    const byName = await exhibitsByName();
    expect([...byName.keys()].sort()).toEqual([
      'alice/morning-mist',
      'alice/space-notes',
      'bob/intro-slides',
      'bob/paper-theme',
    ]);
    const listed = dataOf(
      await t.client().get<Page<ExhibitViewWire>>(`/v2/exhibits/${nodeId}`, { query: { limit: 100 } }),
    );
    expect(listed.dataList.map((exhibit) => exhibit.exhibitName).sort()).toEqual([
      'intro-slides',
      'morning-mist',
      'paper-theme',
      'space-notes',
    ]);
    const node = await t.services.nodeQueries.findNodeByDomain(DEMO_NODE.nodeDomain);
    expect(node?.nodeThemeId).toBe(byName.get('bob/paper-theme')?.presentableId);
  });

  it("exhibits bob's slides through a node contract under bob's free policy", async () => {
    const slides = (await exhibitsByName()).get('bob/intro-slides');
    const alice = await t.services.identity.resolveUser('alice');
    const bob = await t.services.identity.resolveUser('bob');
    expect(slides).toMatchObject({ userId: alice.userId, resourceOwnerId: bob.userId, onlineStatus: 1 });
    const contracts = await t.db
      .selectFrom('contracts')
      .select(['licenseeIdentityType', 'licensorId', 'policyId'])
      .where('licenseeId', '=', String(nodeId))
      .where('subjectId', '=', slides?.resourceId ?? '')
      .execute();
    const freePolicy = await t.db
      .selectFrom('resource_policies')
      .select('policyId')
      .where('resourceId', '=', slides?.resourceId ?? '')
      .where('policyName', '=', DEMO_POLICIES.free.policyName)
      .executeTakeFirstOrThrow();
    expect(contracts).toEqual([expect.objectContaining({ licenseeIdentityType: 2, policyId: freePolicy.policyId })]);
  });

  it('lets a visitor into the free exhibit (201) but not the paid one (502)', async () => {
    const byName = await exhibitsByName();
    const free = dataOf(await visitorResult(byName.get('alice/space-notes')?.presentableId ?? ''));
    expect(free).toMatchObject({ authCode: AuthCode.FreePolicyAuthorized, isAuth: true });
    const paid = dataOf(await visitorResult(byName.get('alice/morning-mist')?.presentableId ?? ''));
    expect(paid).toMatchObject({ authCode: AuthCode.UserNotLoggedIn, isAuth: false });
    expect(paid.data?.policies).toEqual([expect.objectContaining({ policyName: '一次付费 Pay once' })]);
  });

  it('adds nothing when loaded again after a load that stopped part-way', async () => {
    const before = await exhibitsByName();
    await loadDemoExhibits(t.services);
    const after = await exhibitsByName();
    expect([...after.values()].map((row) => row.presentableId).sort()).toEqual(
      [...before.values()].map((row) => row.presentableId).sort(),
    );
  });
});
