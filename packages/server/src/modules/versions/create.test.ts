// The rules of creating a version (DOMAIN §3.2), in their order.
import { ErrCode, md5Hex } from '@tessera/domain';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../testing';
import {
  badFieldsOf,
  createResource,
  errCodeOf,
  FREE_POLICY,
  PAID_POLICY,
  policy,
  resourceRow,
} from '../resources/testing';
import type { ResourceWire } from '@tessera/contract/resources';
import { recordUpload } from '../storage/testing';
import {
  aliceAndBobApp,
  msgOf,
  analysedFile,
  onlineResource,
  policyIdsOf,
  postVersion,
  releasedResource,
  RESOURCES,
} from './testing';

describe('creating versions', () => {
  const app = aliceAndBobApp();

  it('creates the first version: versionId, system property, resource released 0 → 4, draft removed', async () => {
    const resource = await createResource(app.alice, { resourceTypeCode: 'image' });
    dataOf(await app.alice.post(`${RESOURCES}/${resource.resourceId}/versions/drafts`, { draftData: { step: 2 } }));
    const sha1 = await analysedFile(app.t, app.aliceId, { fileSize: 1234 });
    const version = dataOf(
      await postVersion(app.alice, resource.resourceId, {
        version: ' v1.0.0 ',
        fileSha1: sha1.toUpperCase(),
        filename: 'picture.png',
        description: '<p>first</p>',
        customPropertyDescriptors: [
          { key: 'color', name: 'Color', defaultValue: 'red', type: 'radio', candidateItems: ['red', 'blue'] },
        ],
      }),
    );
    expect(version).toMatchObject({
      versionId: md5Hex(`${resource.resourceId}-1.0.0`),
      version: '1.0.0',
      fileSha1: sha1,
      filename: 'picture.png',
      resourceName: resource.resourceName,
      userId: app.aliceId,
      resourceType: ['image'],
      systemProperty: { fileSize: 1234, mime: 'image/png' },
      customPropertyDescriptors: [{ key: 'color', type: 'select', candidateItems: ['red', 'blue'], remark: '' }],
      customProperty: { color: 'red' },
      dependencies: [],
      status: 1,
    });
    const row = await resourceRow(app.t, resource.resourceId);
    expect([row.status, row.latestVersion, JSON.parse(row.resourceVersions)]).toEqual([
      4,
      '1.0.0',
      [{ version: '1.0.0', versionId: version.versionId, createDate: version.createDate }],
    ]);
    expect(dataOf(await app.alice.get(`${RESOURCES}/${resource.resourceId}/versions/drafts`))).toBeNull();
  });

  it('1. the version must be well formed and strictly greater in semver order', async () => {
    const resource = await releasedResource(app.t, app.alice, {}, { version: '1.9.0' });
    const file = await analysedFile(app.t, app.aliceId);
    for (const bad of ['1.0', '01.0.0', '1.0.0-beta', 'x'])
      expect(
        badFieldsOf(
          await postVersion(app.alice, resource.resourceId, { version: bad, fileSha1: file, filename: 'b.png' }),
        ),
      ).toEqual(['version']);
    for (const notAbove of ['1.9.0', '1.8.9', '0.10.0']) {
      const answer = await postVersion(app.alice, resource.resourceId, {
        version: notAbove,
        fileSha1: file,
        filename: 'b.png',
      });
      expect([errCodeOf(answer), msgOf(answer)]).toEqual([
        ErrCode.Business,
        'The version must be greater than the latest version 1.9.0',
      ]);
    }
    dataOf(await postVersion(app.alice, resource.resourceId, { version: '1.10.0', fileSha1: file, filename: 'b.png' }));
    expect((await resourceRow(app.t, resource.resourceId)).latestVersion).toBe('1.10.0');
  });

  it('versions created at the same time never overtake each other', async () => {
    const resource = await releasedResource(app.t, app.alice);
    const files = await Promise.all(
      ['1.0.2', '1.0.1', '1.0.3'].map(async (version) => ({
        version,
        fileSha1: await analysedFile(app.t, app.aliceId),
        filename: 'c.png',
      })),
    );
    const answers = await Promise.all(files.map((body) => postVersion(app.alice, resource.resourceId, body)));
    const created = answers.flatMap((answer, index) =>
      errCodeOf(answer) === ErrCode.Success ? [files[index]?.version] : [],
    );
    const row = await resourceRow(app.t, resource.resourceId);
    const recorded = (JSON.parse(row.resourceVersions) as { version: string }[]).map((entry) => entry.version);
    expect(recorded).toEqual(['1.0.0', ...created.sort()]);
    expect(row.latestVersion).toBe(recorded.at(-1));
    const rows = await app.t.db
      .selectFrom('resource_versions')
      .select('version')
      .where('resourceId', '=', resource.resourceId)
      .execute();
    expect(rows.map((entry) => entry.version).sort()).toEqual(recorded);
  });

  it('2. the file: analysed, within the type’s size and formats, not another user’s; own reuse allowed', async () => {
    const resource = await createResource(app.alice, { resourceTypeCode: 'image' });
    const post = (fileSha1: string, filename = 'a.png') =>
      postVersion(app.alice, resource.resourceId, { version: '1.0.0', fileSha1, filename });
    expect(msgOf(await post(await analysedFile(app.t, app.aliceId, { status: 1 })))).toBe(
      'The file does not exist or has not been analysed yet',
    );
    expect(msgOf(await post('b'.repeat(40)))).toBe('The file does not exist or has not been analysed yet');
    expect(msgOf(await post(await analysedFile(app.t, app.aliceId, { fileSize: 200 * 1024 * 1024 + 1 })))).toBe(
      'The file is larger than this resource type allows (200 MiB)',
    );
    expect(msgOf(await post(await analysedFile(app.t, app.aliceId), 'a.mp3'))).toBe(
      'This resource type only accepts these formats: jpg, jpeg, png, gif, webp, svg',
    );
    expect(badFieldsOf(await post('nope'))).toEqual(['fileSha1']);

    const bobs = await releasedResource(app.t, app.bob);
    const bobFile =
      (await resourceRow(app.t, bobs.resourceId)) &&
      (dataOf(await app.bob.get<{ fileSha1: string }>(`${RESOURCES}/${bobs.resourceId}/versions/1.0.0`))
        .fileSha1 as string);
    // A released version's sha1 is public, but only someone who has the bytes may use it (possession):
    // without them it is as unknown as a file nobody stored …
    const unknownAnswer = await post('c'.repeat(40));
    expect((await post(bobFile)).body).toEqual(unknownAnswer.body);
    // … and with them (Alice uploads the same file) it is still another user's.
    await recordUpload(app.t, bobFile, app.aliceId);
    const refused = await post(bobFile);
    expect([errCodeOf(refused), msgOf(refused)]).toEqual([
      ErrCode.Business,
      "This file is already used by another user's resource",
    ]);
    expect(dataOf(await app.alice.get(`${RESOURCES}/versions/isCanBeCreate`, { query: { fileSha1: bobFile } }))).toBe(
      false,
    );
    expect(dataOf(await app.bob.get(`${RESOURCES}/versions/isCanBeCreate`, { query: { fileSha1: bobFile } }))).toBe(
      true,
    );
    // Bob reuses his own file in another resource.
    const other = await createResource(app.bob, { resourceTypeCode: 'image' });
    dataOf(
      await postVersion(app.bob, other.resourceId, { version: '1.0.0', fileSha1: bobFile, filename: 'again.png' }),
    );
    expect((await resourceRow(app.t, resource.resourceId)).status).toBe(0);
  });

  it('3. dependencies: existing, not itself, not collections, online unless depended on before, range matched, once', async () => {
    const widget = await onlineResource(app.t, app.bob, { resourceTypeCode: 'image' });
    const offline = await releasedResource(app.t, app.bob);
    const unreleased = await createResource(app.bob);
    const collection = await createResource(app.alice, { resourceTypeCode: 'catalog', subjectType: 4 });
    const resource = await releasedResource(app.t, app.alice);
    const file = await analysedFile(app.t, app.aliceId);
    const post = (dependencies: unknown[], version = '2.0.0') =>
      postVersion(app.alice, resource.resourceId, {
        version,
        fileSha1: file,
        filename: 'a.png',
        dependencies,
        resolveResources: [{ resourceId: widget.resourceId, contracts: [{ policyId: policyIdsOf(widget)[0] }] }],
      });
    const failure = async (dependencies: unknown[]) => {
      const answer = await post(dependencies);
      return [errCodeOf(answer), msgOf(answer)];
    };
    expect(await failure([{ resourceId: unreleased.resourceId, versionRange: '*' }])).toEqual([
      ErrCode.Business,
      'The dependency does not exist',
    ]);
    expect(await failure([{ resourceId: 'f'.repeat(24), versionRange: '*' }])).toEqual([
      ErrCode.Business,
      'The dependency does not exist',
    ]);
    expect(await failure([{ resourceId: resource.resourceId, versionRange: '*' }])).toEqual([
      ErrCode.Business,
      'A resource cannot depend on itself',
    ]);
    expect(await failure([{ resourceId: collection.resourceId, versionRange: '*' }])).toEqual([
      ErrCode.Business,
      `The collection ${collection.resourceName} cannot be a dependency`,
    ]);
    expect(await failure([{ resourceId: offline.resourceId, versionRange: '*' }])).toEqual([
      ErrCode.Business,
      `The dependency ${offline.resourceName} is not online`,
    ]);
    expect(await failure([{ resourceId: widget.resourceId, versionRange: '^2.0.0' }])).toEqual([
      ErrCode.Business,
      `${widget.resourceName} has no version in the range ^2.0.0`,
    ]);
    expect(badFieldsOf(await post([{ resourceId: widget.resourceId, versionRange: 'not a range' }]))).toEqual([
      'dependencies.0.versionRange',
    ]);
    expect(badFieldsOf(await post([{ resourceId: 'xyz', versionRange: '*' }]))).toEqual(['dependencies.0.resourceId']);
    expect(
      badFieldsOf(
        await post([
          { resourceId: widget.resourceId, versionRange: '*' },
          { resourceId: widget.resourceId, versionRange: '^1.0.0' },
        ]),
      ),
    ).toEqual(['dependencies.1.resourceId']);
    expect(
      badFieldsOf(
        await post(Array.from({ length: 101 }, () => ({ resourceId: widget.resourceId, versionRange: '*' }))),
      ),
    ).toEqual(['dependencies']);

    const created = dataOf(await post([{ resourceId: widget.resourceId, versionRange: '^1.0.0' }]));
    expect(created.dependencies).toEqual([
      { resourceId: widget.resourceId, resourceName: widget.resourceName, versionRange: '^1.0.0' },
    ]);
    expect(created.resolveResources).toEqual([
      {
        resourceId: widget.resourceId,
        resourceName: widget.resourceName,
        contracts: [{ policyId: policyIdsOf(widget)[0], contractId: expect.any(String) as string }],
      },
    ]);
    // Once depended on, a dependency that went offline may stay (its live contract is reused).
    dataOf(await app.bob.put(`${RESOURCES}/${widget.resourceId}`, { status: 4 }));
    dataOf(await post([{ resourceId: widget.resourceId, versionRange: '^1.0.0' }], '3.0.0'));
  });

  it('4. no cycles through dependencies and base upcasts, and no chains deeper than 20 levels', async () => {
    const a = await onlineResource(app.t, app.alice);
    const b = await onlineResource(app.t, app.alice);
    const depend = async (on: ResourceWire, of: ResourceWire, version: string) => {
      const fileSha1 = await analysedFile(app.t, app.aliceId);
      return postVersion(app.alice, of.resourceId, {
        version,
        fileSha1,
        filename: 'a.png',
        dependencies: [{ resourceId: on.resourceId, versionRange: '*' }],
        resolveResources: [{ resourceId: on.resourceId, contracts: [{ policyId: policyIdsOf(on)[0] }] }],
      });
    };
    dataOf(await depend(a, b, '1.1.0')); // b → a
    const cycle = await depend(b, a, '1.1.0'); // a → b → a
    expect([errCodeOf(cycle), msgOf(cycle)]).toEqual([ErrCode.Business, 'These dependencies make a cycle']);
    const check = (of: ResourceWire, on: ResourceWire) =>
      app.alice.post<boolean>(`${RESOURCES}/${of.resourceId}/versions/cycleDependencyCheck`, {
        dependencies: [{ resourceId: on.resourceId, versionRange: '*' }],
      });
    expect(dataOf(await check(a, b))).toBe(false);
    expect(dataOf(await check(b, a))).toBe(true);
    expect(
      errCodeOf(await app.bob.post(`${RESOURCES}/${a.resourceId}/versions/cycleDependencyCheck`, { dependencies: [] })),
    ).toBe(ErrCode.Forbidden);

    // A chain of 21 resources (chain[20] → … → chain[0]): depending on chain[20] looks 21 levels deep.
    const chain: ResourceWire[] = [await onlineResource(app.t, app.alice)];
    for (let index = 1; index <= 20; index += 1) {
      const next = await createResource(app.alice, { policies: [policy('免费', FREE_POLICY)] });
      const previous = chain[index - 1] as ResourceWire;
      dataOf(
        await postVersion(app.alice, next.resourceId, {
          version: '1.0.0',
          fileSha1: await analysedFile(app.t, app.aliceId),
          filename: 'a.png',
          dependencies: [{ resourceId: previous.resourceId, versionRange: '*' }],
          resolveResources: [{ resourceId: previous.resourceId, contracts: [{ policyId: policyIdsOf(previous)[0] }] }],
        }),
      );
      chain.push(dataOf(await app.alice.put<ResourceWire>(`${RESOURCES}/${next.resourceId}`, { status: 1 })));
    }
    const deep = await depend(chain[20] as ResourceWire, await onlineResource(app.t, app.alice), '1.1.0');
    expect([errCodeOf(deep), msgOf(deep)]).toEqual([ErrCode.Business, 'The dependencies go deeper than 20 levels']);
    dataOf(await depend(chain[19] as ResourceWire, await onlineResource(app.t, app.alice), '1.1.0'));
  });

  it('5–6. base upcasts are fixed by the first version; resolveResources lists exactly the rest with enabled policies', async () => {
    const lib = await onlineResource(app.t, app.bob, {
      policies: [policy('免费', FREE_POLICY), policy('付费', PAID_POLICY, 0)],
    });
    // mid depends on lib and upcasts it: whoever uses mid licenses lib directly.
    const mid = await createResource(app.bob, { policies: [policy('免费', FREE_POLICY)] });
    const libDependency = { resourceId: lib.resourceId, versionRange: '^1.0.0' };
    dataOf(
      await postVersion(app.bob, mid.resourceId, {
        version: '1.0.0',
        fileSha1: await analysedFile(app.t, app.bobId),
        filename: 'm.png',
        dependencies: [libDependency],
        baseUpcastResources: [{ resourceId: lib.resourceId }],
      }),
    );
    expect(JSON.parse((await resourceRow(app.t, mid.resourceId)).baseUpcastResources)).toEqual([
      { resourceId: lib.resourceId, resourceName: lib.resourceName },
    ]);
    const midOnline = dataOf(await app.bob.put<ResourceWire>(`${RESOURCES}/${mid.resourceId}`, { status: 1 }));

    const top = await createResource(app.alice);
    const midDependency = { resourceId: mid.resourceId, versionRange: '*' };
    const post = (body: Record<string, unknown>, version = '1.0.0') =>
      postVersion(app.alice, top.resourceId, {
        version,
        fileSha1: body.fileSha1 ?? 'x',
        filename: 'top.png',
        dependencies: [midDependency],
        ...body,
      });
    const file = await analysedFile(app.t, app.aliceId);
    const resolveMid = { resourceId: mid.resourceId, contracts: [{ policyId: policyIdsOf(midOnline)[0] }] };
    const [freeLib, paidLib] = lib.policies.map((binding) => binding.policyId);

    expect(badFieldsOf(await post({ fileSha1: file, baseUpcastResources: [{ resourceId: top.resourceId }] }))).toEqual([
      'baseUpcastResources.0.resourceId',
    ]);
    // Candidates are mid and mid's upcast lib: both must be resolved when nothing is upcast.
    expect(msgOf(await post({ fileSha1: file, resolveResources: [resolveMid] }))).toBe(
      `Choose policies for ${lib.resourceName}`,
    );
    expect(
      msgOf(
        await post({
          fileSha1: file,
          resolveResources: [resolveMid, { resourceId: lib.resourceId, contracts: [{ policyId: paidLib }] }],
        }),
      ),
    ).toBe(`The chosen policy is not an enabled policy of ${lib.resourceName}`);
    expect(
      badFieldsOf(
        await post({ fileSha1: file, resolveResources: [resolveMid, { resourceId: lib.resourceId, contracts: [] }] }),
      ),
    ).toEqual(['resolveResources.1']);
    expect(
      msgOf(
        await post({
          fileSha1: file,
          baseUpcastResources: [{ resourceId: lib.resourceId }],
          resolveResources: [resolveMid, { resourceId: lib.resourceId, contracts: [{ policyId: freeLib }] }],
        }),
      ),
    ).toBe('Policies can only be chosen for dependencies this version resolves');
    // The first version upcasts lib (batchSignContracts, the newer clients' form) …
    const first = dataOf(
      await post({
        fileSha1: file,
        baseUpcastResources: [{ resourceId: lib.resourceId }],
        batchSignContracts: [{ resourceId: mid.resourceId, policyIds: policyIdsOf(midOnline) }],
      }),
    );
    expect(first.upcastResources).toEqual([{ resourceId: lib.resourceId, resourceName: lib.resourceName }]);
    // … and later versions cannot change that: their base upcasts are ignored.
    const second = dataOf(
      await post(
        { fileSha1: await analysedFile(app.t, app.aliceId), baseUpcastResources: [], resolveResources: [resolveMid] },
        '1.0.1',
      ),
    );
    expect(second.upcastResources).toEqual([{ resourceId: lib.resourceId, resourceName: lib.resourceName }]);
    const third = dataOf(
      await postVersion(app.alice, top.resourceId, {
        version: '1.0.2',
        fileSha1: await analysedFile(app.t, app.aliceId),
        filename: 't.png',
      }),
    );
    expect(third.upcastResources).toEqual([]);
    expect(JSON.parse((await resourceRow(app.t, top.resourceId)).baseUpcastResources)).toEqual([
      { resourceId: lib.resourceId, resourceName: lib.resourceName },
    ]);
  });

  it('writes are the owner’s; frozen resources and collections get no versions', async () => {
    const resource = await releasedResource(app.t, app.alice);
    const body = { version: '2.0.0', fileSha1: await analysedFile(app.t, app.aliceId), filename: 'a.png' };
    expect(errCodeOf(await postVersion(app.bob, resource.resourceId, body))).toBe(ErrCode.Forbidden);
    const unreleased = await createResource(app.alice);
    expect(msgOf(await postVersion(app.bob, unreleased.resourceId, body))).toBe('The resource does not exist');
    const collection = await createResource(app.alice, { resourceTypeCode: 'catalog', subjectType: 4 });
    expect(msgOf(await postVersion(app.alice, collection.resourceId, body))).toBe('Collections have no versions');
    await app.t.services.resources.freeze(resource.resourceId, { reason: 'test' });
    expect(errCodeOf(await postVersion(app.alice, resource.resourceId, body))).toBe(ErrCode.Business);
    expect((await resourceRow(app.t, resource.resourceId)).latestVersion).toBe('1.0.0');
  });

  it('stores the description sanitised, when created and when edited later', async () => {
    const resource = await releasedResource(app.t, app.alice);
    const hostile =
      '<p onclick="steal()">Hi <strong>all</strong><script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">x</a><img src="https://example.com/a.png" onerror="y()"><iframe src="/"></iframe>';
    const created = dataOf(
      await postVersion(app.alice, resource.resourceId, {
        version: '2.0.0',
        fileSha1: await analysedFile(app.t, app.aliceId),
        filename: 'a.png',
        description: hostile,
      }),
    );
    const clean =
      '<p>Hi <strong>all</strong></p><a target="_blank" rel="noopener noreferrer nofollow">x</a>' +
      '<img src="https://example.com/a.png" />';
    expect(created.description).toBe(clean);
    const url = `${RESOURCES}/${resource.resourceId}/versions/2.0.0`;
    expect(dataOf(await app.bob.get<{ description: string }>(url)).description).toBe(clean);
    const edited = dataOf(
      await app.alice.put<{ description: string }>(url, { description: '<h2 style="x">Notes</h2><p></p>' }),
    );
    expect(edited.description).toBe('<h2>Notes</h2>');
    expect(dataOf(await app.alice.put<{ description: string }>(url, { description: '<p><br></p>' })).description).toBe(
      '',
    );
  });
});
