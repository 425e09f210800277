// The resource auth answers (DOMAIN §3.3, §5.2, §5.3, §5.6, §5.8) over real versions and their stored
// contracts: auth trees and resolvers (upcasts included), the upstream check and its codes, batch
// results, the relation tree's flags, a licensee's result and who may ask.
import { AuthCode, ErrCode, md5Hex } from '@tessera/domain';
import type {
  AuthResultWire,
  AuthTreeItemWire,
  BatchAuthResultWire,
  RelationTreeAuthNodeWire,
} from '@tessera/contract/auths';
import type { ResourceWire } from '@tessera/contract/resources';
import type { VersionWire } from '@tessera/contract/versions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type TestApp, type TestClient } from '../../testing';
import { createResource, PAID_POLICY, policy } from '../resources/testing';
import { analysedFile, onlineResource, policyIdsOf, postVersion, versionsOf } from '../versions/testing';
import { contractOn, useContracts, type ContractRef, type Standing } from './testing';

const AUTHS = '/v2/auths/resources';
const nidOf = (parentNid: string, resourceId: string, version: string) =>
  md5Hex(`${parentNid}-${resourceId}-${version}`).slice(0, 12);

describe('resource auth answers', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  /** Contracts per (subject, licensee, standing): a live one per policy and pair, so each is made once. */
  const made = new Map<string, Promise<ContractRef>>();
  const contract = (subject: ResourceWire, licensee: ResourceWire, standing: Standing) => {
    const key = `${subject.resourceId}/${licensee.resourceId}/${standing}`;
    const found = made.get(key) ?? contractOn(t, subject, licensee, standing);
    made.set(key, found);
    return found;
  };
  /** The version 1.0.0 of `licensee` holds on `subject` exactly contracts in these standings. */
  const holds = async (licensee: ResourceWire, subject: ResourceWire, standings: Standing[]) =>
    useContracts(
      t,
      licensee,
      '1.0.0',
      subject,
      await Promise.all(standings.map((s) => contract(subject, licensee, s))),
    );

  /** A version 1.0.0 depending on each resource (any version) and resolving the ones given. */
  const dependingOn = (
    client: TestClient,
    dependencies: ResourceWire[],
    { resolve = dependencies, upcast }: { resolve?: ResourceWire[]; upcast?: ResourceWire[] } = {},
  ) =>
    onlineResource(
      t,
      client,
      {},
      {
        dependencies: dependencies.map((dependency) => ({ resourceId: dependency.resourceId, versionRange: '*' })),
        resolveResources: resolve.map((resource) => ({
          resourceId: resource.resourceId,
          contracts: [{ policyId: policyIdsOf(resource)[0] }],
        })),
        ...(upcast ? { baseUpcastResources: upcast.map(({ resourceId }) => ({ resourceId })) } : {}),
      },
    );

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await t.login({ username: `alice${process.pid}` })).client;
    bob = (await t.login({ username: `bob${process.pid}` })).client;
    carol = (await t.login({ username: `carol${process.pid}` })).client;
  });
  afterAll(() => t.close());

  const authTree = async (client: TestClient, resource: ResourceWire) =>
    dataOf(await client.get<AuthTreeItemWire[][]>(`/v2/resources/${resource.resourceId}/authTree`));
  const batchAuth = async (client: TestClient, resources: ResourceWire[], query: Record<string, string> = {}) =>
    dataOf(
      await client.get<BatchAuthResultWire[]>(`${AUTHS}/batchAuth/results`, {
        query: { resourceIds: resources.map((resource) => resource.resourceId).join(','), ...query },
      }),
    );
  const licenseeResult = async (client: TestClient, subject: ResourceWire, licensee: ResourceWire) =>
    dataOf(
      await client.get<AuthResultWire>(`${AUTHS}/${subject.resourceId}/result`, {
        query: { licenseeId: licensee.resourceId },
        locale: 'en_US',
      }),
    );
  const relationTreeAuth = async (client: TestClient, resource: ResourceWire) =>
    dataOf(await client.get<RelationTreeAuthNodeWire[]>(`${AUTHS}/${resource.resourceId}/relationTreeAuth`));

  describe('a chain A → B → C (alice → bob → carol)', () => {
    let a: ResourceWire;
    let b: ResourceWire;
    let c: ResourceWire;
    /** Alice's resource that licenses A. */
    let user: ResourceWire;

    beforeAll(async () => {
      c = await onlineResource(t, carol);
      b = await dependingOn(bob, [c]);
      a = await dependingOn(alice, [b]);
      user = await onlineResource(t, alice);
    });

    const allAuthorised = async () => {
      await holds(a, b, ['authorised']);
      await holds(b, c, ['authorised']);
    };

    it('the auth tree groups each resolved version under its resolver, with the contracts it holds', async () => {
      await allAuthorised();
      const ab = await contract(b, a, 'authorised');
      const bc = await contract(c, b, 'authorised');
      const rootNid = nidOf('', a.resourceId, '1.0.0');
      const bNid = nidOf(rootNid, b.resourceId, '1.0.0');
      expect(await authTree(alice, a)).toEqual([
        [
          expect.objectContaining({
            nid: bNid,
            resourceId: b.resourceId,
            resourceName: b.resourceName,
            resourceType: ['image'],
            version: '1.0.0',
            versionId: md5Hex(`${b.resourceId}-1.0.0`),
            versionRange: '*',
            contracts: [ab],
            children: [
              [
                expect.objectContaining({
                  nid: nidOf(bNid, c.resourceId, '1.0.0'),
                  resourceId: c.resourceId,
                  contracts: [bc],
                  children: [],
                }),
              ],
            ],
          }),
        ],
      ]);
      // Another logged-in user reads it too; a resource without a version of that number answers [].
      expect((await authTree(bob, a)).length).toBe(1);
      expect(await authTree(carol, c)).toEqual([]);
      expect(
        dataOf(await alice.get(`/v2/resources/${a.resourceId}/authTree`, { query: { version: '9.9.9' } })),
      ).toEqual([]);
      expect(errCodeOf(await t.client().get(`/v2/resources/${a.resourceId}/authTree`))).toBe(ErrCode.NotLoggedIn);
    });

    it('all authorised: batch results and the licensee’s result are authorised (200)', async () => {
      await allAuthorised();
      expect(await batchAuth(alice, [a, b, c])).toEqual([
        { resourceId: a.resourceId, resourceName: a.resourceName, version: '1.0.0', isAuth: true },
        { resourceId: b.resourceId, resourceName: b.resourceName, version: '1.0.0', isAuth: true },
        { resourceId: c.resourceId, resourceName: c.resourceName, version: '1.0.0', isAuth: true },
      ]);
      await contract(a, user, 'authorised');
      expect(await licenseeResult(alice, a, user)).toEqual({
        referee: 1,
        authCode: AuthCode.ContractAuthorized,
        isAuth: true,
        defaulterIdentityType: 0,
        errorMsg: '',
        data: null,
      });
      // C resolves nothing: nothing to check upstream (203).
      const cUser = await onlineResource(t, alice);
      await contract(c, cUser, 'authorised');
      expect((await licenseeResult(alice, c, cUser)).authCode).toBe(AuthCode.DefaultAuthorized);
    });

    it.each([
      [['unpaid'], AuthCode.ContractUnauthorized],
      [['unpaid', 'ended'], AuthCode.ContractUnauthorized],
      [['ended'], AuthCode.ContractTerminated],
      [['exception'], AuthCode.ContractException],
      [['exception', 'ended'], AuthCode.ContractException],
      [[], AuthCode.ContractIncomplete],
    ] as [Standing[], number][])(
      'B’s contracts on C in %j: upstream fails with %i, defaulter 1, naming B’s version and C',
      async (standings, authCode) => {
        await allAuthorised();
        await holds(b, c, standings);
        await contract(a, user, 'authorised');
        const result = await licenseeResult(alice, a, user);
        expect(result).toMatchObject({
          referee: 1,
          authCode,
          isAuth: false,
          defaulterIdentityType: 1,
          data: {
            resourceId: b.resourceId,
            resourceName: b.resourceName,
            version: '1.0.0',
            versionId: md5Hex(`${b.resourceId}-1.0.0`),
            subjectId: c.resourceId,
            subjectName: c.resourceName,
          },
        });
        expect(result.errorMsg).toContain(`Version 1.0.0 of ${b.resourceName} on ${c.resourceName}`);
        expect(await batchAuth(alice, [a, b])).toEqual([
          expect.objectContaining({ resourceId: a.resourceId, isAuth: false }),
          expect.objectContaining({ resourceId: b.resourceId, isAuth: false }),
        ]);
      },
    );

    it('one authorised contract among others is enough', async () => {
      await allAuthorised();
      await holds(b, c, ['ended', 'unpaid', 'exception', 'authorised']);
      expect((await batchAuth(alice, [a])).map((entry) => entry.isAuth)).toEqual([true]);
    });

    it('the licensee’s own contracts come first: 303 none, 301 unpaid, 304 ended, 306 exception', async () => {
      await allAuthorised();
      const licensee = await onlineResource(t, alice);
      const answer = () => licenseeResult(alice, a, licensee);
      expect(await answer()).toMatchObject({
        authCode: AuthCode.ContractNotFound,
        defaulterIdentityType: 1,
        data: { licenseeId: licensee.resourceId, subjectId: a.resourceId, contracts: [] },
      });
      const ended = await contract(a, licensee, 'ended');
      expect((await answer()).authCode).toBe(AuthCode.ContractTerminated);
      await contract(a, licensee, 'exception');
      expect((await answer()).authCode).toBe(AuthCode.ContractException);
      await contract(a, licensee, 'unpaid');
      const unpaid = await answer();
      expect(unpaid).toMatchObject({ authCode: AuthCode.ContractUnauthorized, isAuth: false });
      expect(unpaid.errorMsg).toContain(`${licensee.resourceName} on ${a.resourceName}`);
      expect((unpaid.data?.contracts as { contractId: string }[]).map((entry) => entry.contractId)).toContain(
        ended.contractId,
      );
      await contract(a, licensee, 'authorised');
      expect((await answer()).authCode).toBe(AuthCode.ContractAuthorized);
    });

    it('result?licenseeId: only for a resource of the caller (errCode 3); unknown subjects answer 401', async () => {
      const ask = (client: TestClient, subjectId: string, licenseeId: string) =>
        client.get<AuthResultWire>(`${AUTHS}/${subjectId}/result`, { query: { licenseeId } });
      expect(errCodeOf(await ask(bob, a.resourceId, user.resourceId))).toBe(ErrCode.Forbidden);
      expect(errCodeOf(await ask(alice, a.resourceId, 'f'.repeat(24)))).toBe(ErrCode.Forbidden);
      expect(errCodeOf(await ask(t.client(), a.resourceId, user.resourceId))).toBe(ErrCode.NotLoggedIn);
      expect(dataOf(await ask(alice, 'f'.repeat(24), user.resourceId))).toMatchObject({
        authCode: AuthCode.SubjectNotFound,
        isAuth: false,
        defaulterIdentityType: 128,
        errorMsg: '资源不存在',
      });
      const frozen = await onlineResource(t, carol);
      await t.services.resources.freeze(frozen.resourceId, { reason: 'test' });
      expect(dataOf(await ask(alice, frozen.resourceId, user.resourceId)).authCode).toBe(AuthCode.SubjectException);
      // Another user's unreleased resource is not revealed either.
      const hidden = await createResource(bob);
      expect(dataOf(await ask(alice, hidden.resourceId, user.resourceId)).authCode).toBe(AuthCode.SubjectNotFound);
    });

    it('relationTreeAuth flags the root’s contracts and each dependency’s own upstream', async () => {
      await allAuthorised();
      await holds(b, c, ['unpaid']);
      const ab = await contract(b, a, 'authorised');
      expect(await relationTreeAuth(alice, a)).toEqual([
        expect.objectContaining({
          resourceId: a.resourceId,
          versions: ['1.0.0'],
          downstreamIsAuth: true,
          downstreamAuthContractIds: [],
          selfAndUpstreamIsAuth: false,
          children: [
            expect.objectContaining({
              resourceId: b.resourceId,
              versionRanges: ['*'],
              versions: ['1.0.0'],
              downstreamIsAuth: true,
              downstreamAuthContractIds: [ab.contractId],
              selfAndUpstreamIsAuth: false,
              children: [],
            }),
          ],
        }),
      ]);
      await holds(a, b, ['unpaid']);
      await holds(b, c, ['authorised']);
      const [root] = await relationTreeAuth(alice, a);
      expect([root?.selfAndUpstreamIsAuth, root?.children[0]?.downstreamIsAuth]).toEqual([false, false]);
      expect(root?.children[0]?.selfAndUpstreamIsAuth).toBe(true);
      expect(errCodeOf(await t.client().get(`${AUTHS}/${a.resourceId}/relationTreeAuth`))).toBe(ErrCode.NotLoggedIn);
    });
  });

  it('the contracts versions sign are the ones the answers read: free authorises, paid waits (301)', async () => {
    const free = await onlineResource(t, carol);
    const paid = await onlineResource(t, carol, { policies: [policy('paid', PAID_POLICY)] });
    const user = await dependingOn(bob, [free, paid]);
    const signed = dataOf(await bob.get<VersionWire>(`${versionsOf(user.resourceId)}/1.0.0`)).resolveResources;
    const tree = await authTree(bob, user);
    expect(tree.map(([item]) => [item?.resourceId, item?.contracts])).toEqual(
      signed.map((entry) => [entry.resourceId, entry.contracts]),
    );
    expect(signed.every((entry) => entry.contracts.length === 1)).toBe(true);
    const licensee = await onlineResource(t, bob);
    await contract(user, licensee, 'authorised');
    expect(await licenseeResult(bob, user, licensee)).toMatchObject({
      authCode: AuthCode.ContractUnauthorized,
      data: { resourceId: user.resourceId, subjectId: paid.resourceId },
    });
  });

  describe('upcasts: M upcasts U; T resolves U, T2 upcasts it too', () => {
    let u: ResourceWire;
    let m: ResourceWire;
    let tee: ResourceWire;
    let tee2: ResourceWire;

    beforeAll(async () => {
      u = await onlineResource(t, carol);
      m = await dependingOn(bob, [u], { resolve: [], upcast: [u] });
      tee = await dependingOn(alice, [m], { resolve: [m, u] });
      tee2 = await dependingOn(alice, [m], { resolve: [m], upcast: [u] });
    });

    it('the upcast version is resolved by the first ancestor listing it, not by its parent', async () => {
      await holds(tee, m, ['authorised']);
      await holds(tee, u, ['authorised']);
      const tm = await contract(m, tee, 'authorised');
      const tu = await contract(u, tee, 'authorised');
      const rootNid = nidOf('', tee.resourceId, '1.0.0');
      const mNid = nidOf(rootNid, m.resourceId, '1.0.0');
      expect(await authTree(alice, tee)).toEqual([
        [expect.objectContaining({ nid: mNid, resourceId: m.resourceId, contracts: [tm], children: [] })],
        [
          expect.objectContaining({
            nid: nidOf(mNid, u.resourceId, '1.0.0'),
            resourceId: u.resourceId,
            contracts: [tu],
            children: [],
          }),
        ],
      ]);
      expect((await batchAuth(alice, [tee])).map((entry) => entry.isAuth)).toEqual([true]);
      await holds(tee, u, ['unpaid']);
      expect((await batchAuth(alice, [tee])).map((entry) => entry.isAuth)).toEqual([false]);
      const licensee = await onlineResource(t, alice);
      await contract(tee, licensee, 'authorised');
      expect((await licenseeResult(alice, tee, licensee)).data).toMatchObject({
        resourceId: tee.resourceId,
        subjectId: u.resourceId,
      });
    });

    it('upcast all the way to the top: not in the auth tree and not checked', async () => {
      await holds(tee2, m, ['authorised']);
      const tree = await authTree(alice, tee2);
      expect(tree.map((group) => group.map((item) => item.resourceId))).toEqual([[m.resourceId]]);
      expect((await batchAuth(alice, [tee2])).map((entry) => entry.isAuth)).toEqual([true]);
    });

    it('relationTreeAuth: an upcast node shows its versions below and the root’s contracts on it', async () => {
      await holds(tee, m, ['authorised']);
      await holds(tee, u, ['unpaid']);
      const tu = await contract(u, tee, 'unpaid');
      const [root] = await relationTreeAuth(alice, tee);
      expect(root?.children).toEqual([
        expect.objectContaining({
          resourceId: m.resourceId,
          downstreamIsAuth: true,
          selfAndUpstreamIsAuth: true,
          children: [
            expect.objectContaining({
              resourceId: u.resourceId,
              versions: ['1.0.0'],
              versionRanges: ['*'],
              downstreamIsAuth: false,
              downstreamAuthContractIds: [tu.contractId],
              selfAndUpstreamIsAuth: true,
              children: [],
            }),
          ],
        }),
      ]);
      expect(root?.selfAndUpstreamIsAuth).toBe(false);
      const [top] = await relationTreeAuth(alice, tee2);
      expect(top?.children[0]?.children[0]).toMatchObject({
        resourceId: u.resourceId,
        downstreamIsAuth: true,
        downstreamAuthContractIds: [],
      });
    });
  });

  describe('batchAuth/results', () => {
    let r: ResourceWire;

    beforeAll(async () => {
      r = await onlineResource(t, bob);
      const fileSha1 = await analysedFile(t, r.userId);
      dataOf(await postVersion(bob, r.resourceId, { version: '1.1.0', fileSha1, filename: 'b.png' }));
    });

    it('takes versions or version ranges, one per resource; default the latest', async () => {
      expect((await batchAuth(alice, [r])).map((entry) => entry.version)).toEqual(['1.1.0']);
      expect((await batchAuth(alice, [r], { versions: 'v1.0.0' })).map((entry) => entry.version)).toEqual(['1.0.0']);
      expect((await batchAuth(alice, [r], { versionRanges: '~1.0.0' })).map((entry) => entry.version)).toEqual([
        '1.0.0',
      ]);
      // Positions pair resources with versions, repeats included.
      const twice = await alice.get<BatchAuthResultWire[]>(`${AUTHS}/batchAuth/results`, {
        query: { resourceIds: `${r.resourceId},${r.resourceId}`, versions: '1.1.0,1.0.0' },
      });
      expect(dataOf(twice).map((entry) => entry.version)).toEqual(['1.1.0', '1.0.0']);
      const ask = (query: Record<string, string>) => alice.get(`${AUTHS}/batchAuth/results`, { query });
      expect(errCodeOf(await ask({ resourceIds: r.resourceId, versions: '1.0.0,1.1.0' }))).toBe(ErrCode.BadParams);
      expect(errCodeOf(await ask({ resourceIds: r.resourceId, versions: '1.0.0', versionRanges: '*' }))).toBe(
        ErrCode.BadParams,
      );
      expect(errCodeOf(await ask({ resourceIds: 'nope' }))).toBe(ErrCode.BadParams);
      expect(errCodeOf(await ask({ resourceIds: r.resourceId, versions: '9.9.9' }))).toBe(ErrCode.Business);
      expect(errCodeOf(await ask({ resourceIds: 'f'.repeat(24) }))).toBe(ErrCode.Business);
      expect(
        errCodeOf(await t.client().get(`${AUTHS}/batchAuth/results`, { query: { resourceIds: r.resourceId } })),
      ).toBe(ErrCode.NotLoggedIn);
    });

    it('leaves out the caller’s resources without a version and hides others’ unreleased ones', async () => {
      const own = await createResource(alice);
      expect(await batchAuth(alice, [own, r])).toEqual([expect.objectContaining({ resourceId: r.resourceId })]);
      const others = await createResource(bob);
      const response = await alice.get(`${AUTHS}/batchAuth/results`, { query: { resourceIds: others.resourceId } });
      expect(errCodeOf(response)).toBe(ErrCode.Business);
    });
  });

  it('serviceStates answers the two service states for resources and exhibits, to anyone', async () => {
    for (const subjects of ['resources', 'presentables'])
      expect(dataOf(await t.client().get(`/v2/auths/${subjects}/serviceStates`))).toEqual([
        { name: 'active', type: 'authorization', value: 1 },
        { name: 'testActive', type: 'testAuthorization', value: 2 },
      ]);
  });
});
