// Reading versions, later edits, the flat property, drafts, trees, createBatch's first versions
// and the files a version keeps.
import { ErrCode, md5Hex } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { BatchItemResultWire, ResourceView, ResourceWire } from '@tessera/contract/resources';
import { badFieldsOf, createResource, errCodeOf, FREE_POLICY, policy, uniqueName } from '../resources/testing';
import { storeFile } from '../storage/testing';
import type { DraftWire, VersionWire } from '@tessera/contract/versions';
import {
  aliceAndBob,
  analysedFile,
  onlineResource,
  policyIdsOf,
  postVersion,
  releasedResource,
  RESOURCES,
  versionsOf,
} from './testing';

describe('reading and editing versions', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: number;
  let bobId: number;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    ({ alice, aliceId, bob, bobId } = await aliceAndBob(t));
    visitor = t.client();
  });
  afterAll(() => t.close());

  it('lists, reads by version, by id and by ids; unreleased resources stay hidden from others', async () => {
    const resource = await releasedResource(t, alice);
    const file = await analysedFile(t, aliceId);
    dataOf(await postVersion(alice, resource.resourceId, { version: '1.1.0', fileSha1: file, filename: 'b.png' }));
    const listed = dataOf(await visitor.get<VersionWire[]>(versionsOf(resource.resourceId)));
    expect(listed.map((version) => version.version)).toEqual(['1.0.0', '1.1.0']);
    expect(
      dataOf(
        await visitor.get<VersionWire[]>(versionsOf(resource.resourceId), {
          query: { sort: 'createDate:-1', projection: 'version' },
        }),
      ),
    ).toEqual([{ version: '1.1.0' }, { version: '1.0.0' }]);
    const one = dataOf(await visitor.get<VersionWire>(`${versionsOf(resource.resourceId)}/v1.1.0`));
    expect(one).toMatchObject({ version: '1.1.0', fileSha1: file, versionId: md5Hex(`${resource.resourceId}-1.1.0`) });
    expect(
      dataOf(
        await visitor.get(`${RESOURCES}/versions/detail`, {
          query: { versionId: one.versionId, projection: 'version,filename' },
        }),
      ),
    ).toEqual({ version: '1.1.0', filename: 'b.png' });
    const both = dataOf(
      await visitor.get<VersionWire[]>(`${RESOURCES}/versions/list`, {
        query: { versionIds: `${one.versionId},${listed[0]?.versionId ?? ''},${'0'.repeat(32)}` },
      }),
    );
    expect(both.map((version) => version.version)).toEqual(['1.1.0', '1.0.0']);
    expect(badFieldsOf(await visitor.get(`${RESOURCES}/versions/list`, { query: { versionIds: 'nope' } }))).toEqual([
      'versionIds',
    ]);
    expect(errCodeOf(await visitor.get(`${versionsOf(resource.resourceId)}/2.0.0`))).toBe(ErrCode.Business);
    expect(errCodeOf(await visitor.get(`${RESOURCES}/versions/detail`, { query: { versionId: '0'.repeat(32) } }))).toBe(
      ErrCode.Business,
    );
    // The files a version holds.
    expect(
      dataOf(await visitor.get<VersionWire[]>(`${RESOURCES}/files/${file}/versions`)).map(
        (version) => version.versionId,
      ),
    ).toEqual([one.versionId]);
    expect(
      dataOf(await visitor.get<ResourceView[]>(`${RESOURCES}/files/${file}`)).map((entry) => entry.resourceId),
    ).toEqual([resource.resourceId]);
    const hidden = await createResource(alice);
    expect(errCodeOf(await bob.get(versionsOf(hidden.resourceId)))).toBe(ErrCode.Business);
    expect(dataOf(await alice.get(versionsOf(hidden.resourceId)))).toEqual([]);
  });

  it('latestVersionInfo with isLoadLatestVersionInfo=1', async () => {
    const resource = await releasedResource(t, alice);
    const detail = dataOf(
      await visitor.get<ResourceView>(`${RESOURCES}/${resource.resourceId}`, { query: { isLoadLatestVersionInfo: 1 } }),
    );
    expect(detail.latestVersionInfo).toMatchObject({
      version: '1.0.0',
      resourceId: resource.resourceId,
      filename: 'a.png',
    });
  });

  it('changes description and descriptors (owner only); the property merges system over read-only over editable', async () => {
    const resource = await releasedResource(
      t,
      alice,
      {},
      { customPropertyDescriptors: [{ key: 'a', defaultValue: '1', type: 'editableText' }] },
    );
    const url = `${versionsOf(resource.resourceId)}/1.0.0`;
    const descriptors = [
      { key: 'mime', defaultValue: 'mine', type: 'readonlyText' },
      { key: 'shared', defaultValue: 'editable', type: 'editableText' },
      { key: 'author', defaultValue: 'alice', type: 'readonlyText' },
      { key: 'mode', defaultValue: 'dark', type: 'select', candidateItems: ['dark', 'light'] },
    ];
    expect(errCodeOf(await bob.put(url, { description: 'mine now' }))).toBe(ErrCode.Forbidden);
    expect(
      badFieldsOf(await alice.put(url, { customPropertyDescriptors: [{ key: '1bad', type: 'editableText' }] })),
    ).toEqual(['customPropertyDescriptors.0.key']);
    expect(
      badFieldsOf(
        await alice.put(url, {
          customPropertyDescriptors: [{ key: 'm', defaultValue: 'x', type: 'select', candidateItems: ['a'] }],
        }),
      ),
    ).toEqual(['customPropertyDescriptors.0.defaultValue']);
    const changed = dataOf(
      await alice.put<VersionWire>(url, {
        resourceId: resource.resourceId,
        version: '1.0.0',
        description: '<p>new</p>',
        customPropertyDescriptors: descriptors,
      }),
    );
    expect(changed).toMatchObject({
      description: '<p>new</p>',
      customProperty: { mime: 'mine', shared: 'editable', author: 'alice', mode: 'dark' },
    });
    const property = dataOf(await visitor.get<Record<string, unknown>>(`${url}/property`));
    expect(property).toEqual({ fileSize: 1000, mime: 'image/png', shared: 'editable', author: 'alice', mode: 'dark' });
  });

  it('drafts: one per resource, owner only, ≤ 1 MiB, removed by DELETE', async () => {
    const resource = await createResource(alice);
    const url = `${versionsOf(resource.resourceId)}/drafts`;
    expect(dataOf(await alice.get(url, { query: { resourceId: resource.resourceId } }))).toBeNull();
    const saved = dataOf(
      await alice.post<DraftWire>(url, {
        resourceId: resource.resourceId,
        draftData: { version: '1.0.0', text: '草稿' },
      }),
    );
    expect(saved).toMatchObject({
      resourceId: resource.resourceId,
      resourceType: ['image'],
      draftData: { version: '1.0.0', text: '草稿' },
    });
    t.clock.advance({ minutes: 5 });
    const replaced = dataOf(await alice.post<DraftWire>(url, { draftData: { version: '1.0.1' } }));
    expect([
      replaced.draftData,
      replaced.createDate === saved.createDate,
      replaced.updateDate > saved.updateDate,
    ]).toEqual([{ version: '1.0.1' }, true, true]);
    expect(badFieldsOf(await alice.post(url, { draftData: { text: 'x'.repeat(1024 * 1024) } }))).toEqual(['draftData']);
    expect(errCodeOf(await bob.get(url))).toBe(ErrCode.Business);
    const released = await releasedResource(t, alice);
    const releasedDrafts = `${versionsOf(released.resourceId)}/drafts`;
    dataOf(await alice.post(releasedDrafts, { draftData: {} }));
    expect(errCodeOf(await bob.post(releasedDrafts, { draftData: {} }))).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await bob.delete(releasedDrafts))).toBe(ErrCode.Forbidden);
    dataOf(await alice.delete(url));
    expect(dataOf(await alice.get(url))).toBeNull();
    expect(errCodeOf(await visitor.get(url))).toBe(ErrCode.NotLoggedIn);
  });

  it('dependency tree, relation tree and resolveResources', async () => {
    const lib = await onlineResource(t, bob);
    dataOf(
      await postVersion(bob, lib.resourceId, {
        version: '1.2.0',
        fileSha1: await analysedFile(t, bobId),
        filename: 'l.png',
      }),
    );
    dataOf(
      await postVersion(bob, lib.resourceId, {
        version: '2.0.0',
        fileSha1: await analysedFile(t, bobId),
        filename: 'l.png',
      }),
    );
    const theme = await createResource(alice, { policies: [policy('免费', FREE_POLICY)] });
    const dependencies = [{ resourceId: lib.resourceId, versionRange: '^1.0.0' }];
    const resolveResources = [{ resourceId: lib.resourceId, contracts: [{ policyId: policyIdsOf(lib)[0] }] }];
    const first = dataOf(
      await postVersion(alice, theme.resourceId, {
        version: '1.0.0',
        fileSha1: await analysedFile(t, aliceId),
        filename: 't.png',
        dependencies,
        resolveResources,
      }),
    );

    const signed = first.resolveResources[0]?.contracts;
    expect(signed).toEqual([{ policyId: policyIdsOf(lib)[0], contractId: expect.any(String) as string }]);
    const tree = dataOf(
      await visitor.get<Record<string, unknown>[]>(`${RESOURCES}/${theme.resourceId}/dependencyTree`, {
        query: { isContainRootNode: 'true' },
      }),
    );
    const rootNid = md5Hex(`-${theme.resourceId}-1.0.0`).slice(0, 12);
    expect(tree).toEqual([
      expect.objectContaining({
        nid: rootNid,
        version: '1.0.0',
        versionId: first.versionId,
        resolveResources: [{ resourceId: lib.resourceId, resourceName: lib.resourceName, contracts: signed }],
        dependencies: [
          expect.objectContaining({
            nid: md5Hex(`${rootNid}-${lib.resourceId}-1.2.0`).slice(0, 12),
            resourceId: lib.resourceId,
            version: '1.2.0',
            versions: ['1.0.0', '1.2.0', '2.0.0'],
            versionRange: '^1.0.0',
            dependencies: [],
          }),
        ],
      }),
    ]);
    const withoutRoot = dataOf(
      await visitor.get<Record<string, unknown>[]>(`${RESOURCES}/${theme.resourceId}/dependencyTree`, {
        query: { omitFields: 'versions,fileSha1' },
      }),
    );
    expect(withoutRoot.map((node) => [node.resourceId, 'versions' in node, 'fileSha1' in node])).toEqual([
      [lib.resourceId, false, false],
    ]);

    const relation = dataOf(
      await visitor.get<Record<string, unknown>[]>(`${RESOURCES}/${theme.resourceId}/relationTree`),
    );
    expect(relation).toEqual([
      expect.objectContaining({
        resourceId: theme.resourceId,
        versions: ['1.0.0'],
        children: [
          expect.objectContaining({
            resourceId: lib.resourceId,
            versionRanges: ['^1.0.0'],
            versions: ['1.0.0', '1.2.0'],
            children: [],
          }),
        ],
      }),
    ]);
    expect(dataOf(await visitor.get(`${RESOURCES}/${theme.resourceId}/resolveResources`))).toEqual([
      {
        resourceId: lib.resourceId,
        resourceName: lib.resourceName,
        versions: [{ version: '1.0.0', versionId: first.versionId, contracts: signed }],
      },
    ]);
  });

  it('relation tree: an upcast shows the ranges and versions found for it below the dependency', async () => {
    const lib = await onlineResource(t, bob);
    const fileSha1 = await analysedFile(t, bobId);
    dataOf(await postVersion(bob, lib.resourceId, { version: '1.2.0', fileSha1, filename: 'l.png' }));
    const resolving = (resource: ResourceWire) => ({
      resourceId: resource.resourceId,
      contracts: [{ policyId: policyIdsOf(resource)[0] }],
    });
    // x resolves lib@~1.0.0 itself; mid upcasts lib@^1.0.0 to whoever depends on it.
    const x = await onlineResource(
      t,
      bob,
      {},
      {
        dependencies: [{ resourceId: lib.resourceId, versionRange: '~1.0.0' }],
        resolveResources: [resolving(lib)],
      },
    );
    const mid = await onlineResource(
      t,
      bob,
      {},
      {
        dependencies: [
          { resourceId: x.resourceId, versionRange: '*' },
          { resourceId: lib.resourceId, versionRange: '^1.0.0' },
        ],
        baseUpcastResources: [{ resourceId: lib.resourceId }],
        resolveResources: [resolving(x)],
      },
    );
    const root = await releasedResource(
      t,
      alice,
      {},
      {
        version: '3.0.0',
        dependencies: [{ resourceId: mid.resourceId, versionRange: '*' }],
        resolveResources: [resolving(mid), resolving(lib)],
      },
    );
    const relation = dataOf(await visitor.get(`${RESOURCES}/${root.resourceId}/relationTree`));
    // lib@1.0.0 below x is x's to license: only the version mid upcasts reaches the root.
    expect(relation).toEqual([
      expect.objectContaining({
        resourceId: root.resourceId,
        versionRanges: [],
        versions: ['3.0.0'],
        children: [
          expect.objectContaining({
            resourceId: mid.resourceId,
            versionRanges: ['*'],
            versions: ['1.0.0'],
            children: [
              expect.objectContaining({
                resourceId: lib.resourceId,
                resourceStatus: 1,
                versionRanges: ['^1.0.0'],
                versions: ['1.2.0'],
                children: [],
              }),
            ],
          }),
        ],
      }),
    ]);
  });

  it('createBatch creates each resource’s first version and reports per item', async () => {
    const { client, user } = await t.login();
    const goodFile = await analysedFile(t, user.userId);
    const answer = dataOf(
      await client.post<BatchItemResultWire[]>(
        `${RESOURCES}/createBatch`,
        {
          resourceTypeCode: 'image',
          createResourceObjects: [
            {
              name: uniqueName(),
              policies: [policy('免费', FREE_POLICY)],
              version: '1.0.0',
              fileSha1: goodFile,
              filename: 'good.png',
              description: 'd',
            },
            {
              name: uniqueName(),
              version: '1.0.0',
              fileSha1: await analysedFile(t, user.userId, { status: 1 }),
              filename: 'waiting.png',
            },
            {
              name: uniqueName(),
              version: '1.0.0',
              fileSha1: goodFile,
              filename: 'x.png',
              dependencies: [{ resourceId: 5 }],
            },
          ],
        },
        { locale: 'en_US' },
      ),
    );
    expect(answer.map((item) => [item.errCode, item.version?.errCode, item.resource !== null])).toEqual([
      [0, 0, true],
      [ErrCode.Business, ErrCode.Business, false],
      [ErrCode.BadParams, ErrCode.BadParams, false],
    ]);
    expect(answer[1]?.version?.msg).toBe('The file does not exist or has not been analysed yet');
    expect((answer[2]?.version?.data as { field: string }[]).map((issue) => issue.field).sort()).toEqual([
      'dependencies.0.resourceId',
      'dependencies.0.versionRange',
    ]);
    const [made] = dataOf(
      await client.get<ResourceWire[]>(`${RESOURCES}/list`, {
        query: { resourceIds: answer[0]?.resource?.resourceId ?? '', isLoadLatestVersionInfo: 1 },
      }),
    );
    expect(made).toMatchObject({
      status: 4,
      latestVersion: '1.0.0',
      userId: user.userId,
      latestVersionInfo: { version: '1.0.0', filename: 'good.png', description: 'd' },
    });
  });

  it('a version’s file is never swept', async () => {
    const { client, user } = await t.login();
    const stored = await storeFile(
      t,
      user.userId,
      'kept.png',
      await (await import('../../platform/files/samples')).sampleImage('png'),
    );
    const resource = await createResource(client);
    dataOf(
      await postVersion(client, resource.resourceId, { version: '1.0.0', fileSha1: stored.sha1, filename: 'kept.png' }),
    );
    t.clock.advance({ days: 2 });
    await t.services.files.sweep();
    expect(await t.services.files.find(stored.sha1)).toBeDefined();
  });
});
