// Exhibit reads (API.md §3.3): what the node owner and others see, the flags, the list filters, lists
// by ids, contractAppliedPresentable and the frozen trees.
import type { AuthTreeItemWire } from '@tessera/contract/auths';
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { ResourceWire } from '@tessera/contract/resources';
import type { Page } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { dataOf, errCodeOf, type TestApp } from '../../testing';

import { aliceAndBobApp, analysedFile, onlineResource, postVersion } from '../versions/testing';
import { createExhibit, createTestNode, nodeWithExhibit, PRESENTABLES, readExhibit } from './testing';

const app = aliceAndBobApp();

/** Puts an exhibit online as the online-status call would once its auth passes. */
async function putOnline(t: TestApp, presentableId: string): Promise<void> {
  await t.db.updateTable('presentables').set({ onlineStatus: 1 }).where('presentableId', '=', presentableId).execute();
}

/** Bob's `upper` 1.0.0 depends on and resolves his `base`; Alice exhibits `upper`. */
async function exhibitOnBase() {
  const { t, alice, aliceId, bob } = app;
  const node = await createTestNode(t, aliceId);
  const base = await onlineResource(t, bob);
  const upper = await onlineResource(
    t,
    bob,
    {},
    {
      dependencies: [{ resourceId: base.resourceId, versionRange: '^1.0.0' }],
      resolveResources: [
        { resourceId: base.resourceId, contracts: base.policies.map((p) => ({ policyId: p.policyId })) },
      ],
    },
  );
  return { base, upper, exhibit: await createExhibit(alice, node.nodeId, upper) };
}

async function setup() {
  const { t, alice, aliceId } = app;
  return nodeWithExhibit(t, { client: alice, userId: aliceId }, { client: app.bob });
}

describe('reading one exhibit', () => {
  it('shows the owner everything and others an online exhibit without the node contracts', async () => {
    const { t, alice, bob } = app;
    const { exhibit } = await setup();
    const visitor = t.client();
    expect(errCodeOf(await bob.get(`${PRESENTABLES}/${exhibit.presentableId}`))).toBe(2);
    expect(errCodeOf(await visitor.get(`${PRESENTABLES}/${exhibit.presentableId}`))).toBe(2);
    const own = await readExhibit(alice, exhibit.presentableId);
    expect(own.resolveResources[0]?.contracts).toHaveLength(1);
    expect(own.presentableRewriteProperty).toEqual([]);
    await putOnline(t, exhibit.presentableId);
    const seen = await readExhibit(visitor, exhibit.presentableId);
    expect(seen.resolveResources[0]?.contracts).toEqual([]);
    expect(seen.presentableRewriteProperty).toBeUndefined();
    expect(seen.authStatus).toEqual(expect.any(Number));
  });

  it('hides a private or frozen node from others', async () => {
    const { t, alice } = app;
    const { node, exhibit } = await setup();
    await putOnline(t, exhibit.presentableId);
    const visitor = t.client();
    const url = `${PRESENTABLES}/${exhibit.presentableId}`;
    expect(errCodeOf(await visitor.get(url))).toBe(0);
    dataOf(await alice.post('/v2/nodes/setNodeInfo', { nodeId: node.nodeId, status: 2 }));
    expect(errCodeOf(await visitor.get(url))).toBe(2);
    expect((await readExhibit(alice, exhibit.presentableId)).presentableId).toBe(exhibit.presentableId);
    dataOf(await alice.post('/v2/nodes/setNodeInfo', { nodeId: node.nodeId, status: 1 }));
    await t.services.nodes.freeze('operator', node.nodeId, { reason: 'test' });
    expect(errCodeOf(await visitor.get(url))).toBe(2);
  });

  it('adds versionProperty, descriptors, policy texts, resource and version info when asked, and projects', async () => {
    const { alice } = app;
    const { exhibit, resource } = await setup();
    const full = await readExhibit(
      alice,
      exhibit.presentableId,
      '?isLoadVersionProperty=1&isLoadPolicyInfo=1&isLoadCustomPropertyDescriptors=1&isLoadResourceDetailInfo=1&isLoadResourceVersionInfo=1',
    );
    expect(full.versionProperty).toEqual(expect.objectContaining({ fileSize: expect.any(Number) }));
    expect(full.customPropertyDescriptors).toEqual([]);
    expect(full.policies[0]?.policyText).toContain('initial');
    expect(full.resourceInfo).toMatchObject({ resourceTitle: resource.resourceTitle, latestVersion: '1.0.0' });
    expect(full.resourceVersionInfo).toMatchObject({ version: '1.0.0' });
    // The resource's title and intro in the reader's language, as the market answers them.
    await app.t.services.resources.translate(resource.resourceId, {
      en_US: { resourceTitle: 'In English', intro: 'An intro in English.' },
    });
    const inEnglish = dataOf(
      await alice.get<PresentableWire>(`${PRESENTABLES}/${exhibit.presentableId}?isLoadResourceDetailInfo=1`, {
        locale: 'en_US',
      }),
    );
    expect(inEnglish.resourceInfo).toMatchObject({ resourceTitle: 'In English', intro: 'An intro in English.' });
    const plain = await readExhibit(alice, exhibit.presentableId);
    expect(plain.versionProperty).toBeUndefined();
    expect(plain.policies[0]?.policyText).toBeUndefined();
    const projected = await readExhibit(alice, exhibit.presentableId, '?projection=presentableId,version');
    expect(projected).toEqual({ presentableId: exhibit.presentableId, version: '1.0.0' });
  });

  it('versionProperty: system > read-only custom > rewrite > editable custom', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(
      t,
      bob,
      {},
      {
        customPropertyDescriptors: [
          { key: 'mode', defaultValue: 'a', type: 'editableText', remark: '' },
          { key: 'fixed', defaultValue: 'f', type: 'readonlyText', remark: '' },
        ],
      },
    );
    const exhibit = await createExhibit(alice, node.nodeId, resource);
    const rewrite = (rewriteProperty: unknown[]) =>
      alice.put(`${PRESENTABLES}/${exhibit.presentableId}/rewriteProperty`, { rewriteProperty });
    dataOf(
      await rewrite([
        { key: 'mode', value: 'b', remark: '' },
        { key: 'extra', value: 'x', remark: 'mine' },
      ]),
    );
    const read = await readExhibit(alice, exhibit.presentableId, '?isLoadVersionProperty=1');
    expect(read.versionProperty).toMatchObject({ mode: 'b', fixed: 'f', extra: 'x' });
    expect(errCodeOf(await rewrite([{ key: 'fixed', value: 'g', remark: '' }]))).toBe(4);
    expect(errCodeOf(await rewrite([{ key: 'fileSize', value: '1', remark: '' }]))).toBe(4);
  });
});

describe('detail by node', () => {
  it('finds by resource id, resource name or exhibit name (any case), null otherwise', async () => {
    const { t, alice } = app;
    const { node, exhibit, resource } = await setup();
    const detail = (query: string, client = alice) =>
      client.get<PresentableWire | null>(`${PRESENTABLES}/detail?nodeId=${node.nodeId}&${query}`);
    expect(dataOf(await detail(`resourceId=${resource.resourceId}`))?.presentableId).toBe(exhibit.presentableId);
    expect(dataOf(await detail(`resourceName=${encodeURIComponent(resource.resourceName)}`))?.presentableId).toBe(
      exhibit.presentableId,
    );
    expect(
      dataOf(await detail(`presentableName=${encodeURIComponent(exhibit.presentableName.toUpperCase())}`))
        ?.presentableId,
    ).toBe(exhibit.presentableId);
    expect(dataOf(await detail('presentableName=nothing'))).toBeNull();
    expect(dataOf(await detail(`resourceId=${resource.resourceId}`, t.client()))).toBeNull();
  });
});

describe('the node list', () => {
  it('filters by online status (default online; 2 all, the owner only), type, tags and keywords', async () => {
    const { t, alice, aliceId, bob, bobId } = app;
    const node = await createTestNode(t, aliceId);
    const image = await onlineResource(t, bob, { tags: ['blue'] });
    const zip = await analysedFile(t, bobId, { mime: 'application/zip' });
    const theme = await onlineResource(t, bob, { resourceTypeCode: 'theme' }, { fileSha1: zip, filename: 't.zip' });
    const first = await createExhibit(alice, node.nodeId, image, { presentableName: 'Alpha-one' });
    t.clock.advance(1000); // newest first
    const second = await createExhibit(alice, node.nodeId, theme, { presentableName: 'beta-two' });
    await putOnline(t, first.presentableId);
    const list = async (query: string, client = alice) =>
      dataOf(await client.get<Page<PresentableWire>>(`${PRESENTABLES}?nodeId=${node.nodeId}&${query}`)).dataList.map(
        (item) => item.presentableId,
      );
    expect(await list('')).toEqual([first.presentableId]);
    expect(await list('onlineStatus=0')).toEqual([second.presentableId]);
    expect(await list('onlineStatus=2')).toEqual([second.presentableId, first.presentableId]);
    expect(await list('onlineStatus=2', t.client())).toEqual([first.presentableId]);
    expect(await list('onlineStatus=2&omitResourceType=theme')).toEqual([first.presentableId]);
    expect(await list('onlineStatus=2&resourceType=theme')).toEqual([second.presentableId]);
    expect(await list('onlineStatus=2&resourceTypeCode=theme')).toEqual([second.presentableId]);
    expect(await list('onlineStatus=2&tags=blue')).toEqual([first.presentableId]);
    expect(await list('onlineStatus=2&keywords=BETA')).toEqual([second.presentableId]);
    const page = dataOf(
      await alice.get<Page<PresentableWire>>(`${PRESENTABLES}?nodeId=${node.nodeId}&onlineStatus=2&skip=1&limit=1`),
    );
    expect(page).toMatchObject({ skip: 1, limit: 1, totalItem: 2 });
    expect(page.dataList.map((item) => item.presentableId)).toEqual([first.presentableId]);
  });

  it('shows the update hint until the owner ignores that version', async () => {
    const { t, alice, bob } = app;
    const { node, exhibit, resource } = await setup();
    dataOf(
      await postVersion(bob, resource.resourceId, {
        version: '1.1.0',
        fileSha1: await analysedFile(t, resource.userId),
        filename: 'b.png',
      }),
    );
    const hint = async () =>
      dataOf(
        await alice.get<Page<PresentableWire>>(
          `${PRESENTABLES}?nodeId=${node.nodeId}&onlineStatus=2&isLoadVersionUpdateTip=1`,
        ),
      ).dataList[0];
    expect(await hint()).toMatchObject({ latestVersion: '1.1.0', isShowVersionUpdateTip: true });
    const ignore = (ignoreVersion: string, client = alice) =>
      client.post(`${PRESENTABLES}/${exhibit.presentableId}/ignorePresentableVersionUpdateTip`, { ignoreVersion });
    expect(errCodeOf(await ignore('1.1.0', bob))).toBe(2);
    expect(errCodeOf(await ignore('7.0.0'))).toBe(2);
    dataOf(await ignore('1.1.0'));
    expect(await hint()).toMatchObject({ isShowVersionUpdateTip: false, ignoredUpdateVersion: '1.1.0' });
  });
});

describe('lists by ids and contracts', () => {
  it('answers the visible exhibits among the ids, names or resolved resources', async () => {
    const { t, alice, aliceId } = app;
    const { node, exhibit, resource } = await setup();
    const listed = async (query: string, client = alice) =>
      dataOf(await client.get<PresentableWire[]>(`${PRESENTABLES}/list?${query}`)).map((item) => item.presentableId);
    expect(await listed(`presentableIds=${exhibit.presentableId}`)).toEqual([exhibit.presentableId]);
    expect(await listed(`presentableIds=${exhibit.presentableId}`, t.client())).toEqual([]);
    expect(await listed(`nodeId=${node.nodeId}&resourceIds=${resource.resourceId}`)).toEqual([exhibit.presentableId]);
    expect(await listed(`userId=${aliceId}&resourceNames=${encodeURIComponent(resource.resourceName)}`)).toEqual([
      exhibit.presentableId,
    ]);
    expect(await listed(`nodeId=${node.nodeId}&resolveResourceIds=${resource.resourceId}`)).toEqual([
      exhibit.presentableId,
    ]);
    expect(await listed(`resourceIds=${resource.resourceId}`)).toEqual([exhibit.presentableId]);
    expect(await listed(`resourceIds=${resource.resourceId}`, t.client())).toEqual([]);
    expect(await listed('')).toEqual([]);
  });

  it('contractAppliedPresentable: the exhibits each node contract serves, for the node owner only', async () => {
    const { alice, bob } = app;
    const { node, exhibit } = await setup();
    const contractId = exhibit.resolveResources[0]?.contracts[0]?.contractId as string;
    const url = `${PRESENTABLES}/${node.nodeId}/contractAppliedPresentable?contractIds=${contractId},${'0'.repeat(24)}`;
    expect(dataOf(await alice.get(url))).toEqual([
      {
        contractId,
        presentables: [
          {
            presentableId: exhibit.presentableId,
            presentableName: exhibit.presentableName,
            presentableTitle: exhibit.presentableTitle,
          },
        ],
      },
      { contractId: '0'.repeat(24), presentables: [] },
    ]);
    expect(errCodeOf(await bob.get(url))).toBe(3);
  });
});

describe('trees', () => {
  it('answers the frozen dependency and auth trees and the relation tree', async () => {
    const { alice } = app;
    const { exhibit, resource } = await setup();
    const dependencies = dataOf(
      await alice.get<{ resourceId: string }[]>(`${PRESENTABLES}/${exhibit.presentableId}/dependencyTree`),
    );
    expect(dependencies.map((node) => node.resourceId)).toEqual([resource.resourceId]);
    expect(
      dataOf(
        await alice.get<unknown[]>(`${PRESENTABLES}/${exhibit.presentableId}/dependencyTree?isContainRootNode=false`),
      ),
    ).toEqual([]);
    expect(dataOf(await alice.get<unknown[]>(`${PRESENTABLES}/${exhibit.presentableId}/authTree`))).toEqual(
      expect.any(Array),
    );
    const relation = dataOf(
      await alice.get<{ resourceId: string }[]>(`${PRESENTABLES}/${exhibit.presentableId}/relationTree`),
    );
    expect(relation[0]?.resourceId).toBe(resource.resourceId);
    expect(errCodeOf(await app.t.client().get(`${PRESENTABLES}/${exhibit.presentableId}/authTree`))).toBe(2);
  });

  it('answers the auth tree as DOMAIN §3.3 has it: per resolved resource, with the contracts of its resolver', async () => {
    const { t, alice } = app;
    const { base, upper, exhibit } = await exhibitOnBase();
    const upperVersion = await t.services.versions.detail(null, upper.resourceId, '1.0.0');
    const upstreamContracts = upperVersion.resolveResources?.find((entry) => entry.resourceId === base.resourceId)
      ?.contracts as { policyId: string; contractId: string }[];
    expect(upstreamContracts).toHaveLength(1);
    const nodeContracts = exhibit.resolveResources[0]?.contracts;
    expect(nodeContracts?.[0]?.contractId).toMatch(/^[0-9a-f]{24}$/);

    const url = `${PRESENTABLES}/${exhibit.presentableId}/authTree`;
    const item = (resource: ResourceWire, contracts: unknown, children: unknown[]) => ({
      nid: expect.any(String),
      resourceId: resource.resourceId,
      resourceName: resource.resourceName,
      resourceType: resource.resourceType,
      version: '1.0.0',
      versionId: expect.any(String),
      versionRange: expect.any(String),
      fileSha1: expect.stringMatching(/^[0-9a-f]{40}$/),
      contracts,
      children,
    });
    const tree = dataOf(await alice.get<AuthTreeItemWire[][]>(url));
    expect(tree).toEqual([[item(upper, nodeContracts, [[item(base, upstreamContracts, [])]])]]);
    // The nids are the dependency tree's, so a client can put the two side by side.
    const dependencies = dataOf(
      await alice.get<{ nid: string }[]>(`${PRESENTABLES}/${exhibit.presentableId}/dependencyTree`),
    );
    expect([tree[0]?.[0]?.nid, tree[0]?.[0]?.children[0]?.[0]?.nid]).toEqual(dependencies.map((entry) => entry.nid));

    // Others see the node's contracts no more than in the exhibit itself.
    await putOnline(t, exhibit.presentableId);
    const seen = dataOf(await t.client().get<AuthTreeItemWire[][]>(url));
    expect(seen).toEqual([[item(upper, [], [[item(base, upstreamContracts, [])]])]]);
    expect(errCodeOf(await alice.get(url, { query: { version: '9.9.9' } }))).toBe(2);
  });

  it('keeps the tree frozen when the dependency releases a new version', async () => {
    const { t, alice, bob } = app;
    const { base, exhibit } = await exhibitOnBase();
    dataOf(
      await postVersion(bob, base.resourceId, {
        version: '1.5.0',
        fileSha1: await analysedFile(t, base.userId),
        filename: 'c.png',
      }),
    );
    const tree = dataOf(
      await alice.get<{ resourceId: string; version: string }[]>(
        `${PRESENTABLES}/${exhibit.presentableId}/dependencyTree`,
      ),
    );
    expect(tree.find((node) => node.resourceId === base.resourceId)?.version).toBe('1.0.0');
  });
});
