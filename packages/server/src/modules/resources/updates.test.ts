import { ErrCode, policyIdOf } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp } from '../../testing';
import type { ResourceWire } from '@tessera/contract/resources';
import {
  badFieldsOf,
  createResource,
  errCodeOf,
  FREE_POLICY,
  onlineResource,
  PAID_POLICY,
  policy,
  releaseVersion,
  resourceRow,
  RESOURCES,
  TRIAL_POLICY,
} from './testing';

describe('changing a resource', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('changes title, intro, tags and covers; an empty title is the name again', async () => {
    const { client } = await t.login();
    const created = await createResource(client, { name: 'old-name', tags: ['a'] });
    t.clock.advance({ minutes: 1 });
    const changed = dataOf(
      await client.put<ResourceWire>(`${RESOURCES}/${created.resourceId}`, {
        resourceId: created.resourceId,
        resourceTitle: '新标题',
        intro: 'Changed',
        tags: ['b', 'c'],
        coverImages: ['https://example.com/new.png'],
      }),
    );
    expect(changed).toMatchObject({
      resourceTitle: '新标题',
      intro: 'Changed',
      tags: ['b', 'c'],
      coverImages: ['https://example.com/new.png'],
      updateDate: t.clock.now().toISOString(),
    });
    expect(changed.createDate).toBe(created.createDate);
    // The market's search text and tag rows follow the change.
    const mine = (query: Record<string, string>) =>
      client
        .get<{ totalItem: number }>(RESOURCES, { query: { isSelf: '1', ...query } })
        .then((response) => dataOf(response).totalItem);
    expect(await mine({ keywords: '新标题 changed', tags: 'b' })).toBe(1);
    expect(await mine({ tags: 'a' })).toBe(0);
    expect(
      dataOf(await client.put<ResourceWire>(`${RESOURCES}/${created.resourceId}`, { resourceTitle: '  ' }))
        .resourceTitle,
    ).toBe('old-name');
    expect(
      badFieldsOf(
        await client.put(`${RESOURCES}/${created.resourceId}`, { intro: '<img src=x>', tags: ['x'.repeat(21)] }),
      ),
    ).toEqual(['intro', 'tags.0']);
    expect(badFieldsOf(await client.put(`${RESOURCES}/nope`, {}))).toEqual(['resourceId']);
  });

  it('is for the owner only: another user gets errCode 3 (released) or "not found" (unreleased), and nothing changes', async () => {
    const { client: owner } = await t.login();
    const { client: other } = await t.login();
    const draft = await createResource(owner, { policies: [policy('免费', FREE_POLICY)] });
    const released = await createResource(owner, { policies: [policy('免费', FREE_POLICY)] });
    await releaseVersion(t, released.resourceId);
    const before = [await resourceRow(t, draft.resourceId), await resourceRow(t, released.resourceId)];
    const attempts = {
      resourceTitle: 'mine now',
      status: 1,
      addPolicies: [policy('付费', PAID_POLICY)],
      updatePolicies: [{ policyId: policyIdOf(FREE_POLICY, 1), status: 0 }],
    };
    expect(errCodeOf(await other.put(`${RESOURCES}/${released.resourceId}`, attempts))).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await other.put(`${RESOURCES}/${draft.resourceId}`, attempts))).toBe(ErrCode.Business);
    expect(
      errCodeOf(await other.put(`${RESOURCES}/updateBatch`, { resourceIds: [released.resourceId], status: 4 })),
    ).toBe(ErrCode.Forbidden);
    expect(errCodeOf(await t.client().put(`${RESOURCES}/${released.resourceId}`, attempts))).toBe(ErrCode.NotLoggedIn);
    expect([await resourceRow(t, draft.resourceId), await resourceRow(t, released.resourceId)]).toEqual(before);
    const bindings = await t.db
      .selectFrom('resource_policies')
      .select(['policyId', 'status'])
      .where('resourceId', 'in', [draft.resourceId, released.resourceId])
      .execute();
    expect(bindings).toEqual([
      { policyId: policyIdOf(FREE_POLICY, 1), status: 1 },
      { policyId: policyIdOf(FREE_POLICY, 1), status: 1 },
    ]);
  });
});

describe('resource status (DOMAIN §3.1)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const put = (
    client: Awaited<ReturnType<TestApp['login']>>['client'],
    resourceId: string,
    body: Record<string, unknown>,
  ) => client.put<ResourceWire>(`${RESOURCES}/${resourceId}`, body, { locale: 'en_US' });

  it('goes online only with a version and an enabled policy, saying what is missing', async () => {
    const { client } = await t.login();
    const created = await createResource(client, { policies: [policy('免费', FREE_POLICY, 0)] });
    const noVersion = await put(client, created.resourceId, { status: 1 });
    expect([noVersion.body.errCode, noVersion.body.msg]).toEqual([
      ErrCode.Business,
      'A resource goes online only after its first version is released',
    ]);
    // Taking an unreleased resource offline leaves it unreleased.
    expect(dataOf(await put(client, created.resourceId, { status: 4 })).status).toBe(0);

    await releaseVersion(t, created.resourceId);
    expect((await resourceRow(t, created.resourceId)).status).toBe(4);
    const noPolicy = await put(client, created.resourceId, { status: 1 });
    expect([noPolicy.body.errCode, noPolicy.body.msg]).toEqual([
      ErrCode.Business,
      'A resource goes online only with at least one enabled policy',
    ]);
    expect((await resourceRow(t, created.resourceId)).status).toBe(4);

    const online = dataOf(
      await put(client, created.resourceId, {
        status: 1,
        updatePolicies: [{ policyId: policyIdOf(FREE_POLICY, 1), status: 1 }],
      }),
    );
    expect([online.status, online.policies]).toEqual([
      1,
      [{ policyId: policyIdOf(FREE_POLICY, 1), policyName: '免费', status: 1 }],
    ]);
    expect(dataOf(await put(client, created.resourceId, { status: 4 })).status).toBe(4);
    expect(dataOf(await put(client, created.resourceId, { status: 1 })).status).toBe(1);
    expect(dataOf(await put(client, created.resourceId, { status: 0 })).status).toBe(4);
    expect(badFieldsOf(await put(client, created.resourceId, { status: 2 }))).toEqual(['status']);
  });

  it('keeps an online resource with an enabled policy: the last one is disabled only after going offline', async () => {
    const { client } = await t.login();
    const resource = await onlineResource(t, client);
    const freeId = policyIdOf(FREE_POLICY, 1);
    const refused = await put(client, resource.resourceId, { updatePolicies: [{ policyId: freeId, status: 0 }] });
    expect([refused.body.errCode, refused.body.msg]).toEqual([
      ErrCode.Business,
      'The last enabled policy cannot be disabled while the resource is online; take it offline first',
    ]);
    const both = dataOf(
      await put(client, resource.resourceId, { status: 4, updatePolicies: [{ policyId: freeId, status: 0 }] }),
    );
    expect([both.status, both.policies[0]?.status]).toEqual([4, 0]);
  });

  it('lets a frozen resource change no more', async () => {
    const { client } = await t.login();
    const resource = await onlineResource(t, client);
    await t.services.resources.freeze(resource.resourceId, { reason: 'infringing' });
    const before = await resourceRow(t, resource.resourceId);
    for (const body of [{ status: 4 }, { resourceTitle: 'x' }, { addPolicies: [policy('付费', PAID_POLICY)] }]) {
      const answer = await put(client, resource.resourceId, body);
      expect([answer.body.errCode, answer.body.msg]).toEqual([
        ErrCode.Business,
        'This resource has been frozen and cannot be changed',
      ]);
    }
    expect(await resourceRow(t, resource.resourceId)).toEqual(before);
    expect(
      dataOf(
        await client.get<ResourceWire>(`${RESOURCES}/${resource.resourceId}`, { query: { isLoadFreezeReason: 1 } }),
      ),
    ).toMatchObject({
      status: 2,
      isFrozen: 1,
      freezeReason: 'infringing',
    });
  });
});

describe('policies on a resource', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are added, renamed, enabled and disabled, never edited or removed', async () => {
    const { client } = await t.login();
    const created = await createResource(client, { policies: [policy('Free', FREE_POLICY)] });
    const added = dataOf(
      await client.put<ResourceWire>(`${RESOURCES}/${created.resourceId}`, {
        addPolicies: [policy('Paid', PAID_POLICY, 0), policy('Trial', TRIAL_POLICY)],
      }),
    );
    expect(added.policies.map((binding) => [binding.policyName, binding.status])).toEqual([
      ['Free', 1],
      ['Paid', 0],
      ['Trial', 1],
    ]);
    const changed = dataOf(
      await client.put<ResourceWire>(`${RESOURCES}/${created.resourceId}`, {
        updatePolicies: [
          { policyId: policyIdOf(PAID_POLICY, 1), status: 1, policyName: 'Pay once' },
          { policyId: policyIdOf(FREE_POLICY, 1), status: 0 },
          { policyId: policyIdOf(TRIAL_POLICY, 1), policyName: 'Try first' },
        ],
      }),
    );
    expect(changed.policies).toEqual([
      { policyId: policyIdOf(FREE_POLICY, 1), policyName: 'Free', status: 0 },
      { policyId: policyIdOf(PAID_POLICY, 1), policyName: 'Pay once', status: 1 },
      { policyId: policyIdOf(TRIAL_POLICY, 1), policyName: 'Try first', status: 1 },
    ]);
  });

  it('refuse a name or a text already on the resource, unknown policies, and texts that do not compile', async () => {
    const { client } = await t.login();
    const created = await createResource(client, {
      policies: [policy('Free', FREE_POLICY), policy('Paid', PAID_POLICY)],
    });
    const put = (body: Record<string, unknown>) =>
      client.put(`${RESOURCES}/${created.resourceId}`, body, { locale: 'en_US' });
    const sameName = await put({ addPolicies: [policy('FREE', TRIAL_POLICY)] });
    expect([sameName.body.errCode, sameName.body.msg]).toEqual([
      ErrCode.Business,
      "The resource already has a policy named 'FREE'",
    ]);
    const sameText = await put({ addPolicies: [policy('Again', `${FREE_POLICY}\n`)] });
    expect([sameText.body.errCode, sameText.body.msg]).toEqual([
      ErrCode.Business,
      "This policy is already on the resource as 'Free'",
    ]);
    const rename = await put({ updatePolicies: [{ policyId: policyIdOf(PAID_POLICY, 1), policyName: 'free' }] });
    expect(rename.body.errCode).toBe(ErrCode.Business);
    expect(errCodeOf(await put({ updatePolicies: [{ policyId: 'f'.repeat(32), status: 0 }] }))).toBe(ErrCode.Business);
    expect(badFieldsOf(await put({ updatePolicies: [{ policyId: 'nope', status: 0 }] }))).toEqual([
      'updatePolicies.0.policyId',
    ]);
    const broken = await put({ addPolicies: [policy('Broken', 'for public\ninitial:\n  terminate')] });
    expect(broken.body.data).toEqual([
      {
        field: 'addPolicies.0.policyText',
        index: 0,
        line: 2,
        column: 1,
        code: 'P032',
        message: 'The policy never grants authorization',
      },
    ]);
    expect((await resourceRow(t, created.resourceId)).updateDate).toBe(created.updateDate);
    const count = await t.db
      .selectFrom('resource_policies')
      .select('policyId')
      .where('resourceId', '=', created.resourceId)
      .execute();
    expect(count).toHaveLength(2);
  });
});

describe('changing several resources at once', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('applies to all of them, or to none when one breaks a rule', async () => {
    const { client } = await t.login();
    const first = await createResource(client);
    const second = await createResource(client);
    await releaseVersion(t, first.resourceId);
    await releaseVersion(t, second.resourceId);
    const batch = (body: Record<string, unknown>) => client.put(`${RESOURCES}/updateBatch`, body, { locale: 'en_US' });

    const withoutPolicy = await batch({ resourceIds: [first.resourceId, second.resourceId], status: 1 });
    expect([withoutPolicy.body.errCode, withoutPolicy.body.data]).toEqual([
      ErrCode.Business,
      { resourceId: first.resourceId },
    ]);

    expect(
      dataOf(
        await batch({
          resourceIds: `${first.resourceId},${second.resourceId}`,
          status: 1,
          addPolicies: [policy('免费', FREE_POLICY)],
        }),
      ),
    ).toBe(true);
    for (const id of [first.resourceId, second.resourceId]) expect((await resourceRow(t, id)).status).toBe(1);

    const third = await createResource(client);
    const mixed = await batch({
      resourceIds: [first.resourceId, third.resourceId],
      status: 4,
      addPolicies: [policy('付费', PAID_POLICY)],
    });
    expect(mixed.body.errCode).toBe(ErrCode.Success);
    expect((await resourceRow(t, first.resourceId)).status).toBe(4);
    expect((await resourceRow(t, third.resourceId)).status).toBe(0);

    const failing = await batch({
      resourceIds: [second.resourceId, first.resourceId],
      addPolicies: [policy('付费', PAID_POLICY)],
    });
    expect([failing.body.errCode, failing.body.data]).toEqual([
      ErrCode.Business,
      { resourceId: first.resourceId, policyId: policyIdOf(PAID_POLICY, 1) },
    ]);
    const secondBindings = await t.db
      .selectFrom('resource_policies')
      .select('policyName')
      .where('resourceId', '=', second.resourceId)
      .execute();
    expect(secondBindings.map((row) => row.policyName)).toEqual(['免费']);
    expect(badFieldsOf(await batch({ resourceIds: ['bad'] }))).toEqual(['resourceIds']);
    expect(badFieldsOf(await batch({ resourceIds: [] }))).toEqual(['resourceIds']);
  });
});
