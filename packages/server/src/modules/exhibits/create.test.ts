// POST /v2/presentables and createPresentableBatchEasy (DOMAIN §3.4): who may exhibit what, the node
// contracts, the version row, the name and resource rules, races on the unique indexes.
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { ResourceWire } from '@tessera/contract/resources';
import { describe, expect, it } from 'vitest';
import { dataOf, errCodeOf } from '../../testing';
import { createResource, FREE_POLICY, policy, RESOURCES } from '../resources/testing';
import { aliceAndBobApp, onlineResource, policyIdsOf, postVersion, analysedFile } from '../versions/testing';
import {
  createExhibit,
  createTestNode,
  exhibitBody,
  exhibitRow,
  FREE_EXHIBIT_POLICY,
  PRESENTABLES,
  postExhibit,
} from './testing';

const app = aliceAndBobApp();
const DAY_POLICY =
  'for public\n\ninitial:\n  ~freelog.RelativeTimeEvent("1","day") => open\n\nopen[active]:\n  terminate';

function contractsOf(exhibit: PresentableWire): string[] {
  return exhibit.resolveResources.flatMap((item) => item.contracts.map((contract) => contract.contractId));
}

describe('creating an exhibit', () => {
  it('signs node contracts, writes the version row, starts offline with the resource tags and covers', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob, { tags: ['sky'], coverImages: ['https://example.com/c.png'] });
    const exhibit = await createExhibit(alice, node.nodeId, resource, {
      presentableTitle: 'My sky',
      policies: [{ policyName: 'free', policyText: encodeURIComponent(FREE_EXHIBIT_POLICY) }],
    });
    expect(exhibit).toMatchObject({
      nodeId: node.nodeId,
      userId: aliceId,
      version: '1.0.0',
      onlineStatus: 0,
      presentableTitle: 'My sky',
      tags: ['sky'],
      coverImages: ['https://example.com/c.png'],
      resourceInfo: { resourceId: resource.resourceId, resourceName: resource.resourceName },
    });
    expect(exhibit.policies).toEqual([expect.objectContaining({ policyName: 'free', status: 1 })]);
    expect(exhibit.resolveResources).toHaveLength(1);
    expect(contractsOf(exhibit)).toHaveLength(1);
    const contract = await t.db
      .selectFrom('contracts')
      .selectAll()
      .where('contractId', '=', contractsOf(exhibit)[0] as string)
      .executeTakeFirstOrThrow();
    expect(contract).toMatchObject({ licenseeId: String(node.nodeId), licenseeIdentityType: 2 });
    const version = await t.db
      .selectFrom('presentable_versions')
      .selectAll()
      .where('presentableId', '=', exhibit.presentableId)
      .executeTakeFirstOrThrow();
    expect(version).toMatchObject({ version: '1.0.0', presentableRewriteProperty: '[]' });
    expect(JSON.parse(version.dependencyTree)).toEqual([
      expect.objectContaining({ resourceId: resource.resourceId, version: '1.0.0' }),
    ]);
  });

  it('reuses the live node contract for a second exhibit of the same policy', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    const first = await createExhibit(alice, node.nodeId, resource);
    // A second node signs its own contract; the same node reuses after a failed duplicate.
    const again = await postExhibit(alice, exhibitBody(node.nodeId, resource));
    expect(errCodeOf(again)).toBe(2);
    const other = await createTestNode(t, aliceId);
    const second = await createExhibit(alice, other.nodeId, resource);
    expect(contractsOf(second)).not.toEqual(contractsOf(first));
    const count = await t.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('licenseeId', '=', String(node.nodeId))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('accepts the batchSignContracts form', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    const exhibit = dataOf(
      await postExhibit(
        alice,
        exhibitBody(node.nodeId, resource, {
          resolveResources: undefined,
          batchSignContracts: [{ resourceId: resource.resourceId, subjectType: 1, policyIds: policyIdsOf(resource) }],
        }),
      ),
    );
    expect(contractsOf(exhibit)).toHaveLength(1);
  });

  it('is the node owner only (errCode 3), and needs a node (errCode 2)', async () => {
    const { t, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    expect(errCodeOf(await postExhibit(bob, exhibitBody(node.nodeId, resource)))).toBe(3);
    expect(errCodeOf(await postExhibit(bob, exhibitBody(79_999_999, resource)))).toBe(2);
  });

  it('refuses a frozen node', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    await t.services.nodes.freeze('operator', node.nodeId, { reason: 'test' });
    const resource = await onlineResource(t, bob);
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, resource)))).toBe(2);
  });

  it('refuses a resource that is offline, frozen or unknown, and a version it does not have', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const offline = await onlineResource(t, bob);
    dataOf(await bob.put(`${RESOURCES}/${offline.resourceId}`, { status: 0 }));
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, offline)))).toBe(2);
    const frozen = await onlineResource(t, bob);
    await t.services.resources.freeze(frozen.resourceId, { reason: 'test freeze' });
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, frozen)))).toBe(2);
    const fine = await onlineResource(t, bob);
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, fine, { resourceId: 'f'.repeat(24) })))).toBe(2);
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, fine, { version: '9.9.9' })))).toBe(2);
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, fine, { version: 'nine' })))).toBe(4);
    // Another user's unreleased resource answers as a missing one.
    const unreleased = await createResource(bob, { policies: [policy('免费', FREE_POLICY)] });
    const hidden = await postExhibit(alice, exhibitBody(node.nodeId, fine, { resourceId: unreleased.resourceId }));
    expect((hidden.body as { msg: string }).msg).toBe('The resource does not exist');
  });

  it('refuses contracts that miss the resource, add another, or name a disabled or foreign policy', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob, {
      policies: [policy('免费', FREE_POLICY), policy('停用', DAY_POLICY, 0)],
    });
    // Policies are shared by text: the other resource's own policy is one this resource does not bind.
    const other = await onlineResource(t, bob, { policies: [policy('两天', DAY_POLICY.replace('"1"', '"2"'))] });
    const enabled = policyIdsOf(resource);
    const disabled = resource.policies.filter((binding) => binding.status === 0).map((binding) => binding.policyId);
    const choose = (items: { resourceId: string; policyIds: string[] }[]) =>
      postExhibit(
        alice,
        exhibitBody(node.nodeId, resource, {
          resolveResources: items.map((item) => ({
            resourceId: item.resourceId,
            contracts: item.policyIds.map((policyId) => ({ policyId })),
          })),
        }),
      );
    expect(errCodeOf(await choose([]))).toBe(2);
    expect(
      errCodeOf(
        await choose([
          { resourceId: resource.resourceId, policyIds: enabled },
          { resourceId: other.resourceId, policyIds: policyIdsOf(other) },
        ]),
      ),
    ).toBe(2);
    expect(errCodeOf(await choose([{ resourceId: resource.resourceId, policyIds: disabled }]))).toBe(2);
    expect(errCodeOf(await choose([{ resourceId: resource.resourceId, policyIds: policyIdsOf(other) }]))).toBe(2);
    expect(errCodeOf(await choose([{ resourceId: resource.resourceId, policyIds: [...enabled, ...enabled] }]))).toBe(4);
    const count = await t.db
      .selectFrom('presentables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('nodeId', '=', node.nodeId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('needs the resource and each base upcast chosen', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const base = await onlineResource(t, bob);
    const upper = await createResource(bob, { resourceTypeCode: 'image', policies: [policy('免费', FREE_POLICY)] });
    dataOf(
      await postVersion(bob, upper.resourceId, {
        version: '1.0.0',
        fileSha1: await analysedFile(t, upper.userId),
        filename: 'b.png',
        dependencies: [{ resourceId: base.resourceId, versionRange: '^1.0.0' }],
        baseUpcastResources: [{ resourceId: base.resourceId }],
      }),
    );
    const online = dataOf(await bob.put<ResourceWire>(`${RESOURCES}/${upper.resourceId}`, { status: 1 }));
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, online)))).toBe(2);
    const exhibit = dataOf(
      await postExhibit(
        alice,
        exhibitBody(node.nodeId, online, {
          resolveResources: [online, base].map((item) => ({
            resourceId: item.resourceId,
            contracts: policyIdsOf(item).map((policyId) => ({ policyId })),
          })),
        }),
      ),
    );
    expect(exhibit.resolveResources.map((item) => item.resourceId)).toEqual([online.resourceId, base.resourceId]);
    expect(contractsOf(exhibit)).toHaveLength(2);
  });

  it('keeps names unique in the node in any case, and checks the name rule', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const first = await onlineResource(t, bob);
    const second = await onlineResource(t, bob);
    await createExhibit(alice, node.nodeId, first, { presentableName: 'Sky-Name' });
    const taken = await postExhibit(alice, exhibitBody(node.nodeId, second, { presentableName: 'sky-name' }));
    expect(errCodeOf(taken)).toBe(2);
    expect(errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, second, { presentableName: 'a/b' })))).toBe(4);
    expect(
      errCodeOf(await postExhibit(alice, exhibitBody(node.nodeId, second, { presentableName: 'x'.repeat(61) }))),
    ).toBe(4);
  });

  it('refuses an exhibit policy that does not compile (errCode 4) and writes nothing', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    const refused = await postExhibit(
      alice,
      exhibitBody(node.nodeId, resource, { policies: [{ policyName: 'bad', policyText: 'nonsense' }] }),
    );
    expect(errCodeOf(refused)).toBe(4);
    expect(await t.db.selectFrom('presentables').selectAll().where('nodeId', '=', node.nodeId).execute()).toHaveLength(
      0,
    );
  });

  it('gives one exhibit when the same resource is exhibited in parallel', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => postExhibit(alice, exhibitBody(node.nodeId, resource))),
    );
    const codes = answers.map((answer) => errCodeOf(answer)).sort();
    expect(codes).toEqual([0, 2, 2, 2]);
    const rows = await t.db.selectFrom('presentables').selectAll().where('nodeId', '=', node.nodeId).execute();
    expect(rows).toHaveLength(1);
    const created = answers.find((answer) => errCodeOf(answer) === 0)?.body.data as PresentableWire;
    expect((await exhibitRow(t, created.presentableId)).resourceId).toBe(resource.resourceId);
  });
  it('signs one node contract when two exhibits of one node need it at the same moment', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const base = await onlineResource(t, bob);
    const upcasting = async (filename: string) => {
      const upper = await createResource(bob, { resourceTypeCode: 'image', policies: [policy('免费', FREE_POLICY)] });
      dataOf(
        await postVersion(bob, upper.resourceId, {
          version: '1.0.0',
          fileSha1: await analysedFile(t, upper.userId),
          filename,
          dependencies: [{ resourceId: base.resourceId, versionRange: '^1.0.0' }],
          baseUpcastResources: [{ resourceId: base.resourceId }],
        }),
      );
      return dataOf(await bob.put<ResourceWire>(`${RESOURCES}/${upper.resourceId}`, { status: 1 }));
    };
    const uppers = [await upcasting('one.png'), await upcasting('two.png')];
    // Both exhibits resolve the shared base upcast under the same policy: the node's contract on it is one.
    const answers = await Promise.all(
      uppers.map((upper) =>
        postExhibit(
          alice,
          exhibitBody(node.nodeId, upper, {
            resolveResources: [upper, base].map((item) => ({
              resourceId: item.resourceId,
              contracts: policyIdsOf(item).map((policyId) => ({ policyId })),
            })),
          }),
        ),
      ),
    );
    const exhibits = answers.map((answer) => dataOf(answer));
    const onBase = exhibits.map(
      (exhibit) => exhibit.resolveResources.find((item) => item.resourceId === base.resourceId)?.contracts,
    );
    expect(onBase[0]).toHaveLength(1);
    expect(onBase[1]).toEqual(onBase[0]);
    const live = await t.db
      .selectFrom('contracts')
      .select('contractId')
      .where('subjectId', '=', base.resourceId)
      .where('licenseeId', '=', String(node.nodeId))
      .where('status', '<>', 1)
      .execute();
    expect(live).toHaveLength(1);
  });
});

describe('createPresentableBatchEasy', () => {
  it('answers per item: a name from the resource, its first enabled policy, each in its own transaction', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const first = await onlineResource(t, bob);
    const second = await onlineResource(t, bob);
    const offline = await onlineResource(t, bob);
    dataOf(await bob.put(`${RESOURCES}/${offline.resourceId}`, { status: 0 }));
    const answer = dataOf(
      await alice.post<{ id: string; success: boolean; errCode: number; msg: string }[]>(
        `${PRESENTABLES}/createPresentableBatchEasy`,
        {
          nodeId: node.nodeId,
          resources: [
            { resourceId: first.resourceId },
            { resourceId: offline.resourceId },
            { resourceId: second.resourceId, policyId: policyIdsOf(second)[0] },
          ],
        },
        { locale: 'en_US' },
      ),
    );
    expect(answer.map((item) => [item.success, item.errCode])).toEqual([
      [true, 0],
      [false, 2],
      [true, 0],
    ]);
    expect(answer[1]).toMatchObject({ id: offline.resourceId, msg: expect.stringMatching(/not online/) });
    const created = await exhibitRow(t, answer[0]?.id as string);
    expect(created.presentableName).toBe(first.resourceName.split('/')[1]);
    expect(created.version).toBe('1.0.0');
  });

  it('picks another name when the resource name is taken in the node', async () => {
    const { t, alice, aliceId, bob } = app;
    const node = await createTestNode(t, aliceId);
    const resource = await onlineResource(t, bob);
    const other = await onlineResource(t, bob);
    const namePart = resource.resourceName.split('/')[1] as string;
    await createExhibit(alice, node.nodeId, other, { presentableName: namePart });
    const [item] = dataOf(
      await alice.post<{ id: string; success: boolean }[]>(`${PRESENTABLES}/createPresentableBatchEasy`, {
        nodeId: node.nodeId,
        resources: [{ resourceId: resource.resourceId }],
      }),
    );
    expect(item?.success).toBe(true);
    expect((await exhibitRow(t, item?.id as string)).presentableName).toBe(`${namePart}_1`);
  });
});
