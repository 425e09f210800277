// Exhibit edits (DOMAIN §3.4): PUT /v2/presentables/{id}, the version switch, rewrite properties and
// updatePresentableBatch; only the node owner, and an online exhibit keeps an enabled policy.
import type { PresentableWire } from '@tessera/contract/exhibits';
import { describe, expect, it } from 'vitest';
import { dataOf, errCodeOf, type TestApp } from '../../testing';
import { FREE_POLICY, policy } from '../resources/testing';
import { aliceAndBobApp, analysedFile, onlineResource, policyIdsOf, postVersion } from '../versions/testing';
import { createExhibit, createTestNode, exhibitRow, nodeWithExhibit, PRESENTABLES, readExhibit } from './testing';

const app = aliceAndBobApp();
const DAY_POLICY =
  'for public\n\ninitial:\n  ~freelog.RelativeTimeEvent("1","day") => open\n\nopen[active]:\n  terminate';

async function setup() {
  return nodeWithExhibit(app.t, { client: app.alice, userId: app.aliceId }, { client: app.bob });
}

function putExhibit(presentableId: string, body: Record<string, unknown>, client = app.alice) {
  return client.put<PresentableWire>(`${PRESENTABLES}/${presentableId}`, body, { locale: 'en_US' });
}

async function putOnline(t: TestApp, presentableId: string): Promise<void> {
  await t.db.updateTable('presentables').set({ onlineStatus: 1 }).where('presentableId', '=', presentableId).execute();
}

describe('PUT /v2/presentables/{id}', () => {
  it('edits title, intro (either name), tags and covers; an empty title falls back to the name', async () => {
    const { exhibit } = await setup();
    const edited = dataOf(
      await putExhibit(exhibit.presentableId, {
        presentableTitle: 'New title',
        presentableIntro: 'About it',
        tags: ['a', 'b'],
        coverImages: ['https://example.com/x.png'],
      }),
    );
    expect(edited).toMatchObject({
      presentableTitle: 'New title',
      intro: 'About it',
      tags: ['a', 'b'],
      coverImages: ['https://example.com/x.png'],
    });
    expect(dataOf(await putExhibit(exhibit.presentableId, { intro: 'Other', presentableTitle: '' }))).toMatchObject({
      intro: 'Other',
      presentableTitle: exhibit.presentableName,
    });
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { intro: '<b>x</b>' }))).toBe(4);
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { coverImages: ['not an address'] }))).toBe(4);
  });

  it('is the node owner only: an offline exhibit looks missing to others (2), an online one is not theirs (3)', async () => {
    const { exhibit } = await setup();
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { presentableTitle: 'x' }, app.bob))).toBe(2);
    await putOnline(app.t, exhibit.presentableId);
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { presentableTitle: 'x' }, app.bob))).toBe(3);
    expect(errCodeOf(await putExhibit('0'.repeat(24), { presentableTitle: 'x' }))).toBe(2);
    expect((await exhibitRow(app.t, exhibit.presentableId)).presentableTitle).toBe(exhibit.presentableTitle);
  });

  it('adds, disables and renames policies; online it keeps one enabled', async () => {
    const { t } = app;
    const { exhibit } = await setup();
    const added = dataOf(await putExhibit(exhibit.presentableId, { addPolicies: [policy('day', DAY_POLICY, 0)] }));
    expect(added.policies.map((item) => [item.policyName, item.status])).toEqual([
      ['free', 1],
      ['day', 0],
    ]);
    const freeId = added.policies[0]?.policyId as string;
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { addPolicies: [policy('FREE', DAY_POLICY)] }))).toBe(2);
    await putOnline(t, exhibit.presentableId);
    const refused = await putExhibit(exhibit.presentableId, { updatePolicies: [{ policyId: freeId, status: 0 }] });
    expect(errCodeOf(refused)).toBe(2);
    const renamed = dataOf(
      await putExhibit(exhibit.presentableId, { updatePolicies: [{ policyId: freeId, policyName: 'open' }] }),
    );
    expect(renamed.policies[0]).toMatchObject({ policyName: 'open', status: 1 });
    expect(errCodeOf(await putExhibit(exhibit.presentableId, { updatePolicies: [{ policyId: 'f'.repeat(32) }] }))).toBe(
      2,
    );
  });

  it('replaces the node contracts of a resolved resource, signing the new policy', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob, {
      policies: [policy('免费', FREE_POLICY), policy('一天', DAY_POLICY)],
    });
    const [first, second] = policyIdsOf(resource) as [string, string];
    const exhibit = await createExhibit(alice, node.nodeId, resource, {
      resolveResources: [{ resourceId: resource.resourceId, contracts: [{ policyId: first }] }],
    });
    const edited = dataOf(
      await putExhibit(exhibit.presentableId, {
        resolveResources: [{ resourceId: resource.resourceId, contracts: [{ policyId: second }] }],
      }),
    );
    expect(edited.resolveResources[0]?.contracts.map((contract) => contract.policyId)).toEqual([second]);
    const other = await onlineResource(t, bob);
    const foreign = await putExhibit(exhibit.presentableId, {
      resolveResources: [{ resourceId: other.resourceId, contracts: [{ policyId: policyIdsOf(other)[0] }] }],
    });
    expect(errCodeOf(foreign)).toBe(2);
  });
});

describe('switching the version', () => {
  it('freezes the new version, carries the rewrite list and keeps the old version row', async () => {
    const { t, alice, bob } = app;
    const { exhibit, resource } = await setup();
    dataOf(
      await alice.put(`${PRESENTABLES}/${exhibit.presentableId}/rewriteProperty`, {
        rewriteProperty: [{ key: 'note', value: 'kept', remark: '' }],
      }),
    );
    dataOf(
      await postVersion(bob, resource.resourceId, {
        version: '1.1.0',
        fileSha1: await analysedFile(t, resource.userId),
        filename: 'b.png',
      }),
    );
    const url = `${PRESENTABLES}/${exhibit.presentableId}/version`;
    expect(errCodeOf(await bob.put(url, { version: '1.1.0' }))).toBe(2);
    expect(errCodeOf(await alice.put(url, { version: '3.0.0' }))).toBe(2);
    expect(dataOf(await alice.put(url, { version: '1.1.0' }))).toBe(true);
    const read = await readExhibit(alice, exhibit.presentableId, '?isLoadVersionProperty=1');
    expect(read.version).toBe('1.1.0');
    expect(read.versionProperty).toMatchObject({ note: 'kept' });
    const versions = await t.db
      .selectFrom('presentable_versions')
      .selectAll()
      .where('presentableId', '=', exhibit.presentableId)
      .orderBy('version')
      .execute();
    expect(versions.map((row) => row.version)).toEqual(['1.0.0', '1.1.0']);
    expect(JSON.parse(versions[1]?.dependencyTree ?? '[]')).toEqual([
      expect.objectContaining({ resourceId: resource.resourceId, version: '1.1.0' }),
    ]);
    const oldTree = dataOf(
      await alice.get<{ version: string }[]>(`${PRESENTABLES}/${exhibit.presentableId}/dependencyTree?version=1.0.0`),
    );
    expect(oldTree[0]?.version).toBe('1.0.0');
  });

  it('refuses to switch an online exhibit that the auth chain does not clear', async () => {
    const { t, alice, bob } = app;
    const { exhibit, resource } = await setup();
    dataOf(
      await postVersion(bob, resource.resourceId, {
        version: '1.2.0',
        fileSha1: await analysedFile(t, resource.userId),
        filename: 'c.png',
      }),
    );
    await putOnline(t, exhibit.presentableId);
    const answer = await alice.put(`${PRESENTABLES}/${exhibit.presentableId}/version`, { version: '1.2.0' });
    expect([0, 2]).toContain(errCodeOf(answer));
    if (errCodeOf(answer) === 2) expect((await exhibitRow(t, exhibit.presentableId)).version).toBe('1.0.0');
  });
});

describe('rewrite properties', () => {
  it('replaces the list: custom keys, each once, at most 30, value ≤ 140, remark ≤ 50', async () => {
    const { alice, bob } = app;
    const { exhibit } = await setup();
    const url = `${PRESENTABLES}/${exhibit.presentableId}/rewriteProperty`;
    const put = (rewriteProperty: unknown[], client = alice) => client.put(url, { rewriteProperty });
    const item = (key: string, value = 'v', remark = '') => ({ key, value, remark });
    dataOf(await put([item('one'), item('two')]));
    dataOf(await put([item('three')]));
    expect((await readExhibit(alice, exhibit.presentableId)).presentableRewriteProperty).toEqual([item('three')]);
    expect(errCodeOf(await put([item('1bad')]))).toBe(4);
    expect(errCodeOf(await put([item('same'), item('same')]))).toBe(4);
    expect(errCodeOf(await put([item('long', 'x'.repeat(141))]))).toBe(4);
    expect(errCodeOf(await put([item('long', 'x', 'r'.repeat(51))]))).toBe(4);
    expect(errCodeOf(await put(Array.from({ length: 31 }, (_, index) => item(`k${index}`))))).toBe(4);
    expect(errCodeOf(await put([item('mine')], bob))).toBe(2);
    dataOf(await put(Array.from({ length: 30 }, (_, index) => item(`k${index}`))));
  });
});

describe('updatePresentableBatch', () => {
  it('adds the policies to each exhibit in its own transaction and answers per item', async () => {
    const { alice } = app;
    const { exhibit } = await setup();
    const { exhibit: other } = await setup();
    dataOf(await putExhibit(other.presentableId, { addPolicies: [policy('day', DAY_POLICY)] }));
    const answer = dataOf(
      await alice.put<{ id: string; success: boolean; errCode: number }[]>(
        `${PRESENTABLES}/updatePresentableBatch`,
        {
          presentableIds: [exhibit.presentableId, other.presentableId, '0'.repeat(24)],
          addPolicies: [policy('day', DAY_POLICY)],
        },
        { locale: 'en_US' },
      ),
    );
    expect(answer.map((item) => [item.id, item.success, item.errCode])).toEqual([
      [exhibit.presentableId, true, 0],
      [other.presentableId, false, 2],
      ['0'.repeat(24), false, 2],
    ]);
    expect((await readExhibit(alice, exhibit.presentableId)).policies.map((item) => item.policyName)).toEqual([
      'free',
      'day',
    ]);
  });
});
