// The exhibit auth chain over real nodes, resources, exhibits and contracts (DOMAIN §3.4, §3.5,
// §5.2–§5.6, §5.9): the codes a consumer, the node side and upstream can answer with, who must act,
// going online refused with the failed result, the theme rule, batch answers, fileStream's headers,
// ranges and a file inside a zip package, and a deleted node's exhibits going offline.
import { AuthCode, DefaulterIdentityType, ErrCode } from '@tessera/domain';
import type { PresentableWire } from '@tessera/contract/exhibits';
import type { PresentableAuthResultWire, PresentableBatchAuthItemWire } from '@tessera/contract/exhibit-auths';
import type { ResourceWire } from '@tessera/contract/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type TestApp, type TestClient } from '../../testing';
import { contractOn, useContracts } from '../auths/testing';
import { PAID_POLICY, policy } from '../resources/testing';
import { onlineResource, policyIdsOf, storedZip } from '../versions/testing';
import { createExhibit, createTestNode, exhibitRow, FREE_EXHIBIT_POLICY } from './testing';

type Party = { client: TestClient; userId: number };

describe('exhibit auth chain', () => {
  let t: TestApp;
  let alice: Party;
  let bob: Party;
  let carol: Party;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    const logIn = async (name: string) => {
      const { client, user } = await t.login({ username: `${name}${process.pid}` });
      return { client, userId: user.userId };
    };
    alice = await logIn('alice');
    bob = await logIn('bob');
    carol = await logIn('carol');
    visitor = t.client();
  });
  afterAll(() => t.close());

  const result = async (client: TestClient, presentableId: string, query: Record<string, string> = {}) =>
    dataOf(
      await client.get<PresentableAuthResultWire>(`/v2/auths/presentables/${presentableId}/result`, {
        query,
        locale: 'en_US',
      }),
    );
  const setOnline = (presentableId: string, onlineStatus: 0 | 1, more: Record<string, unknown> = {}) =>
    alice.client.put<true>(
      `/v2/presentables/${presentableId}/onlineStatus`,
      { onlineStatus, ...more },
      { locale: 'en_US' },
    );
  const nodeContractOf = (exhibit: PresentableWire) => exhibit.resolveResources[0]?.contracts[0]?.contractId ?? '';
  const setContract = (contractId: string, change: { status?: number; authStatus?: number }) =>
    t.db.updateTable('contracts').set(change).where('contractId', '=', contractId).execute();
  const exhibitPolicy = (text: string) => ({ policies: [policy('exhibit policy', text)] });

  /** A node of Alice's with an exhibit of a fresh resource of Bob's (its policies given), offline. */
  const exhibitOf = async (policies = exhibitPolicy(FREE_EXHIBIT_POLICY), resource?: ResourceWire) => {
    const node = await createTestNode(t, alice.userId);
    const exhibited = resource ?? (await onlineResource(t, bob.client));
    const exhibit = await createExhibit(alice.client, node.nodeId, exhibited, policies);
    return { node, resource: exhibited, exhibit };
  };
  const onlineExhibit = async (policies?: ReturnType<typeof exhibitPolicy>) => {
    const made = await exhibitOf(policies);
    dataOf(await setOnline(made.exhibit.presentableId, 1));
    return made;
  };

  describe('the consumer side (DOMAIN §5.4)', () => {
    it('lets a visitor in by a free public policy (201) and signs one for a user automatically (200)', async () => {
      const { exhibit } = await onlineExhibit();
      expect(await result(visitor, exhibit.presentableId)).toMatchObject({
        authCode: AuthCode.FreePolicyAuthorized,
        isAuth: true,
        referee: 2,
        defaulterIdentityType: DefaulterIdentityType.Nobody,
      });
      expect(await result(carol.client, exhibit.presentableId)).toMatchObject({ authCode: 200, isAuth: true });
      const signed = await t.db
        .selectFrom('contracts')
        .select(['licenseeIdentityType', 'authStatus'])
        .where('subjectId', '=', exhibit.presentableId)
        .where('licenseeOwnerId', '=', carol.userId)
        .execute();
      expect(signed).toEqual([{ licenseeIdentityType: 3, authStatus: 1 }]);
      expect(await result(alice.client, exhibit.presentableId)).toMatchObject({ authCode: 200, isAuth: true });
    });

    it('answers 502, 303, 301, 304, 306 by what the consumer holds on a paid exhibit', async () => {
      const { exhibit } = await onlineExhibit(exhibitPolicy(PAID_POLICY));
      const id = exhibit.presentableId;
      const visitorResult = await result(visitor, id);
      expect(visitorResult).toMatchObject({
        authCode: AuthCode.UserNotLoggedIn,
        isAuth: false,
        defaulterIdentityType: 4,
      });
      expect(visitorResult.data?.policies).toEqual([
        expect.objectContaining({ policyId: exhibit.policies[0]?.policyId }),
      ]);
      expect(await result(carol.client, id)).toMatchObject({
        authCode: AuthCode.ContractNotFound,
        defaulterIdentityType: 4,
      });

      const policyId = exhibit.policies[0]?.policyId ?? '';
      const contract = dataOf(
        await carol.client.post<{ contractId: string }>('/v2/contracts', {
          subjectId: id,
          subjectType: 2,
          policyId,
          licenseeId: carol.userId,
          licenseeIdentityType: 3,
        }),
      );
      const unpaid = await result(carol.client, id);
      expect(unpaid).toMatchObject({ authCode: AuthCode.ContractUnauthorized, defaulterIdentityType: 4 });
      expect(unpaid.data?.contracts).toEqual([expect.objectContaining({ contractId: contract.contractId })]);
      await setContract(contract.contractId, { status: 2 });
      expect((await result(carol.client, id)).authCode).toBe(AuthCode.ContractException);
      await setContract(contract.contractId, { status: 1, authStatus: 128 });
      expect((await result(carol.client, id)).authCode).toBe(AuthCode.ContractTerminated);
      await setContract(contract.contractId, { status: 0, authStatus: 1 });
      expect((await result(carol.client, id)).authCode).toBe(AuthCode.ContractAuthorized);
    });

    it('answers 302 when the only free policy is for someone else', async () => {
      const { exhibit } = await onlineExhibit(exhibitPolicy(`for ${bob.userId}\n\ninitial[active]:\n  terminate`));
      expect(await result(carol.client, exhibit.presentableId)).toMatchObject({
        authCode: AuthCode.PolicyAuthFailed,
        defaulterIdentityType: 4,
      });
      expect((await result(visitor, exhibit.presentableId)).authCode).toBe(AuthCode.UserNotLoggedIn);
    });

    it('answers 401, 402, 403, 503, 504 for the exhibit, its node and its resources', async () => {
      const { exhibit, node, resource } = await onlineExhibit();
      const id = exhibit.presentableId;
      expect((await result(carol.client, 'f'.repeat(24))).authCode).toBe(AuthCode.SubjectNotFound);

      await t.db.updateTable('nodes').set({ visibility: 2 }).where('nodeId', '=', node.nodeId).execute();
      expect(await result(carol.client, id)).toMatchObject({ authCode: AuthCode.UserUnauthorized });
      expect((await result(alice.client, id)).authCode).toBe(200);
      await t.db.updateTable('nodes').set({ visibility: 8 }).where('nodeId', '=', node.nodeId).execute();
      expect(await result(carol.client, id)).toMatchObject({
        authCode: AuthCode.LicensorException,
        defaulterIdentityType: 2,
      });
      await t.db.updateTable('nodes').set({ visibility: 1, status: 6 }).where('nodeId', '=', node.nodeId).execute();
      expect((await result(alice.client, id)).authCode).toBe(AuthCode.LicensorException);
      await t.db.updateTable('nodes').set({ status: 2 }).where('nodeId', '=', node.nodeId).execute();

      await t.db.updateTable('resources').set({ isFrozen: 1 }).where('resourceId', '=', resource.resourceId).execute();
      expect(await result(carol.client, id)).toMatchObject({
        authCode: AuthCode.SubjectException,
        defaulterIdentityType: 1,
      });
      await t.db.updateTable('resources').set({ isFrozen: 0 }).where('resourceId', '=', resource.resourceId).execute();

      dataOf(await setOnline(id, 0));
      expect((await result(alice.client, id)).authCode).toBe(AuthCode.SubjectNotOnline);
      expect((await result(carol.client, id)).authCode).toBe(AuthCode.SubjectNotFound);
    });

    it('answers 901 for a parentNid the frozen tree does not have', async () => {
      const { exhibit } = await onlineExhibit();
      expect(
        (await result(carol.client, exhibit.presentableId, { parentNid: 'nothere', subResourceIdOrName: 'x' }))
          .authCode,
      ).toBe(AuthCode.AuthArgumentError);
    });
  });

  describe('node side and upstream (DOMAIN §5.5, §5.6)', () => {
    it('refuses going online while the node contract is not authorised, with the result in data (defaulter 2)', async () => {
      const { exhibit } = await exhibitOf();
      const contractId = nodeContractOf(exhibit);
      for (const [change, code] of [
        [{ status: 0, authStatus: 128 }, AuthCode.ContractUnauthorized],
        [{ status: 1, authStatus: 128 }, AuthCode.ContractTerminated],
        [{ status: 2, authStatus: 1 }, AuthCode.ContractException],
      ] as const) {
        await setContract(contractId, change);
        const refused = await setOnline(exhibit.presentableId, 1);
        expect(errCodeOf(refused)).toBe(ErrCode.Business);
        expect((refused.body as { data: unknown }).data).toMatchObject({
          referee: 2,
          authCode: code,
          isAuth: false,
          defaulterIdentityType: DefaulterIdentityType.Node,
          data: expect.objectContaining({ contracts: [expect.objectContaining({ contractId })] }),
        });
      }
      await t.db
        .updateTable('presentables')
        .set({
          resolveResources: JSON.stringify(exhibit.resolveResources.map((entry) => ({ ...entry, contracts: [] }))),
        })
        .where('presentableId', '=', exhibit.presentableId)
        .execute();
      const incomplete = await setOnline(exhibit.presentableId, 1);
      expect((incomplete.body as unknown as { data: { authCode: number } }).data.authCode).toBe(
        AuthCode.ContractIncomplete,
      );
      expect((await exhibitRow(t, exhibit.presentableId)).onlineStatus).toBe(0);
    });

    it('refuses going online without an enabled policy or in a frozen node; offline is always allowed', async () => {
      const { exhibit, node } = await exhibitOf();
      const policyId = exhibit.policies[0]?.policyId ?? '';
      expect(errCodeOf(await setOnline(exhibit.presentableId, 1, { updatePolicies: { policyId, status: 0 } }))).toBe(2);
      dataOf(await setOnline(exhibit.presentableId, 1, { updatePolicies: [{ policyId, status: 1 }] }));
      expect((await exhibitRow(t, exhibit.presentableId)).onlineStatus).toBe(1);
      await t.db.updateTable('nodes').set({ status: 6 }).where('nodeId', '=', node.nodeId).execute();
      dataOf(await setOnline(exhibit.presentableId, 0));
      expect(errCodeOf(await setOnline(exhibit.presentableId, 1))).toBe(2);
      expect(
        errCodeOf(
          await carol.client.put(`/v2/presentables/${exhibit.presentableId}/onlineStatus`, { onlineStatus: 0 }),
        ),
      ).toBe(ErrCode.Business);
    });

    it('fails upstream with defaulter 1 naming the version, and reports both sides in authStatus', async () => {
      const c = await onlineResource(t, carol.client);
      const b = await onlineResource(
        t,
        bob.client,
        {},
        {
          dependencies: [{ resourceId: c.resourceId, versionRange: '*' }],
          resolveResources: [{ resourceId: c.resourceId, contracts: [{ policyId: policyIdsOf(c)[0] }] }],
        },
      );
      const { exhibit, node } = await exhibitOf(undefined, b);
      await useContracts(t, b, '1.0.0', c, [await contractOn(t, c, b, 'unpaid')]);
      const refused = await setOnline(exhibit.presentableId, 1);
      expect((refused.body as { data: unknown }).data).toMatchObject({
        authCode: AuthCode.ContractUnauthorized,
        defaulterIdentityType: DefaulterIdentityType.Resource,
        data: expect.objectContaining({ resourceId: b.resourceId, version: '1.0.0', subjectId: c.resourceId }),
      });
      const read = dataOf(await alice.client.get<PresentableWire>(`/v2/presentables/${exhibit.presentableId}`));
      expect(read.authStatus).toBe(4 | 2);

      const batch = async (authType: number) =>
        dataOf(
          await alice.client.get<PresentableBatchAuthItemWire[]>(
            `/v2/auths/presentables/nodes/${node.nodeId}/batchAuth/result`,
            { query: { presentableIds: exhibit.presentableId, authType: String(authType) } },
          ),
        );
      expect((await batch(1))[0]).toMatchObject({ presentableId: exhibit.presentableId, authCode: 200, isAuth: true });
      expect((await batch(2))[0]).toMatchObject({ authCode: 301, defaulterIdentityType: 1 });
      expect((await batch(3))[0]).toMatchObject({ authCode: 301 });
      expect((await batch(4))[0]).toMatchObject({ authCode: AuthCode.SubjectNotOnline });
      const stranger = await carol.client.get<PresentableBatchAuthItemWire[]>(
        `/v2/auths/presentables/nodes/${node.nodeId}/batchAuth/result`,
        { query: { presentableIds: exhibit.presentableId, authType: '1' } },
      );
      expect(dataOf(stranger)[0]).toMatchObject({ authCode: AuthCode.SubjectNotFound });

      await useContracts(t, b, '1.0.0', c, [await contractOn(t, c, b, 'authorised')]);
      dataOf(await setOnline(exhibit.presentableId, 1));
      const exhibits = dataOf(
        await visitor.get<{ exhibitId: string; authCode: number }[]>(
          `/v2/auths/exhibits/${node.nodeId}/batchAuth/results`,
          {
            query: { exhibitIds: exhibit.presentableId, authType: '4' },
          },
        ),
      );
      expect(exhibits).toEqual([expect.objectContaining({ exhibitId: exhibit.presentableId, authCode: 201 })]);
    });
  });

  describe('themes and files', () => {
    const themeZip = () =>
      storedZip({ 'index.html': '<!doctype html><title>T</title>', 'js/app.js': 'console.log(1)' });
    const theme = async (nodeId: number) => {
      const file = await t.services.files.storeBytes(bob.userId, 'theme.zip', themeZip());
      const resource = await onlineResource(
        t,
        bob.client,
        { resourceTypeCode: 'theme' },
        { fileSha1: file.sha1, filename: 'theme.zip' },
      );
      return createExhibit(alice.client, nodeId, resource, exhibitPolicy(FREE_EXHIBIT_POLICY));
    };
    const themeOf = async (nodeId: number) =>
      (await t.db.selectFrom('nodes').select('nodeThemeId').where('nodeId', '=', nodeId).executeTakeFirstOrThrow())
        .nodeThemeId;

    it('keeps one theme online per node and tracks it as the active theme', async () => {
      const node = await createTestNode(t, alice.userId);
      const first = await theme(node.nodeId);
      const second = await theme(node.nodeId);
      dataOf(await setOnline(first.presentableId, 1));
      expect(await themeOf(node.nodeId)).toBe(first.presentableId);
      dataOf(await setOnline(second.presentableId, 1));
      expect(await themeOf(node.nodeId)).toBe(second.presentableId);
      expect((await exhibitRow(t, first.presentableId)).onlineStatus).toBe(0);
      dataOf(await setOnline(second.presentableId, 0));
      expect(await themeOf(node.nodeId)).toBe('');
    });

    it('streams the package with the headers, a range of it, and a file inside it', async () => {
      const node = await createTestNode(t, alice.userId);
      const exhibit = await theme(node.nodeId);
      dataOf(await setOnline(exhibit.presentableId, 1));
      const whole = await visitor.get(`/v2/auths/presentables/${exhibit.presentableId}/fileStream`);
      expect(whole.status).toBe(200);
      expect(whole.headers['freelog-presentable-id']).toBe(exhibit.presentableId);
      expect(whole.headers['freelog-presentable-name']).toBe(encodeURIComponent(exhibit.presentableName));
      expect(whole.headers['freelog-resource-type']).toBe('theme');
      expect(JSON.parse(decodeURIComponent(String(whole.headers['freelog-sub-dependencies'])))).toEqual([]);
      expect(String(whole.headers['access-control-expose-headers'])).toContain('freelog-entity-nid');
      expect(whole.headers['accept-ranges']).toBe('bytes');

      const part = await visitor.get(`/v2/auths/presentables/${exhibit.presentableId}/fileStream`, {
        headers: { range: 'bytes=0-3' },
      });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toMatch(/^bytes 0-3\//);
      expect(part.text).toBe('PK\u0003\u0004');

      const inner = await visitor.get(`/v2/auths/exhibits/${node.nodeId}/${exhibit.presentableId}/fileStream`, {
        query: { subFilePath: 'js/app.js' },
      });
      expect(inner.status).toBe(200);
      expect(inner.text).toBe('console.log(1)');
      expect(inner.headers['content-type']).toContain('javascript');
      expect(inner.headers['freelog-exhibit-id']).toBe(exhibit.presentableId);
      expect(String(inner.headers['access-control-expose-headers'])).toContain('freelog-article-nid');
      const html = await visitor.get(`/v2/auths/presentables/${exhibit.presentableId}/fileStream`, {
        query: { subResourceFile: 'index.html' },
      });
      expect(html.text).toContain('<title>T</title>');
    });

    it('answers the auth result instead of bytes when not authorised: errCode 3 on the older path, 0 on the runtime path', async () => {
      const { exhibit, node } = await exhibitOf();
      const older = await visitor.get(`/v2/auths/presentables/${exhibit.presentableId}/fileStream`);
      expect(older.body).toMatchObject({ errCode: 3, msg: 'subject-authorization-failed', data: { authCode: 401 } });
      const runtime = await visitor.get(`/v2/auths/exhibits/${node.nodeId}/${exhibit.presentableId}/info`);
      expect(runtime.body).toMatchObject({ errCode: 0, data: { authCode: 401 } });
    });
  });

  it("takes a deleted node's exhibits offline", async () => {
    const { exhibit, node } = await onlineExhibit();
    await t.services.nodes.deleteNode(alice.userId, node.nodeId);
    expect((await exhibitRow(t, exhibit.presentableId)).onlineStatus).toBe(0);
  });
});
