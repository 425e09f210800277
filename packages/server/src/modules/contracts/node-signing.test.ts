// Nodes as licensees (DOMAIN §3.6 step 1, identity 2; §4.3; §5.1 resource → node): batchSign by a node
// of the caller, every refusal, idempotence and parallel signings, the exhibits module's
// prepareNodeSigning / signForNode, and a node contract living on: its time event fired by the
// scheduler, its payment taken from the node owner's wallet, its reads.
import type { ContractPaymentWire, ContractWire } from '@tessera/contract/contracts';
import type { ResourceWire } from '@tessera/contract/resources';
import { ErrCode, stateOf, type ApiEnvelope, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import type { NodeRow } from '../nodes';
import { FREE_POLICY, onlineResource, policy, RESOURCES, TRIAL_POLICY } from '../resources/testing';
import { balanceOf, fundedAccount, TEST_PAY_PASSWORD } from '../wallet/testing';
import { seedNode, testScheduler } from './testing';

const BATCH_SIGN = '/v2/contracts/batchSign';

const msgOf = (response: ApiResponse<unknown>): string => (response.body as ApiEnvelope<unknown>).msg;
const policyIdOf = (resource: ResourceWire, index = 0): string => resource.policies[index]?.policyId ?? '';

describe('nodes as licensees', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let aliceUser: UserRow;
  let bobUser: UserRow;
  /** Alice's online resource with a free policy: the usual subject. */
  let subject: ResourceWire;
  /** Bob's node: the usual licensee. */
  let node: NodeRow;

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-01T00:00:00.000Z' });
    ({ client: alice, user: aliceUser } = await t.login({ username: `alice${process.pid}` }));
    ({ client: bob, user: bobUser } = await t.login({
      username: `bob${process.pid}`,
      email: `bob${process.pid}@example.com`,
    }));
    subject = await onlineResource(t, alice);
    node = await seedNode(t, bobUser);
  });
  afterAll(() => t.close());

  function batchSign(
    client: TestClient,
    subjects: { subjectId: string; policyId: string }[],
    overrides: Record<string, unknown> = {},
  ): Promise<ApiResponse<ContractWire[]>> {
    const body = { subjects, subjectType: 1, licenseeId: node.nodeId, licenseeIdentityType: 2, ...overrides };
    return client.post<ContractWire[]>(BATCH_SIGN, body, { locale: 'en_US' });
  }

  const signOne = (resource: ResourceWire, overrides: Record<string, unknown> = {}, client = bob) =>
    batchSign(client, [{ subjectId: resource.resourceId, policyId: policyIdOf(resource) }], overrides);

  const contractRows = (subjectId: string) =>
    t.db.selectFrom('contracts').selectAll().where('subjectId', '=', subjectId).execute();

  async function expectRefused(response: ApiResponse<unknown>, errCode: number, message: RegExp, subjectId: string) {
    expect(errCodeOf(response)).toBe(errCode);
    expect(msgOf(response)).toMatch(message);
    expect(await contractRows(subjectId)).toHaveLength(0);
  }

  it('signs for the node: the node is the licensee, its owner acts for it, self.account is the licensor owner’s', async () => {
    const [contract] = dataOf(await signOne(subject));
    const aliceAccount = await t.services.walletAccounts.accountOfUser(aliceUser.userId);
    expect(contract).toMatchObject({
      subjectId: subject.resourceId,
      subjectType: 1,
      licensorId: subject.resourceId,
      licensorOwnerId: aliceUser.userId,
      licenseeId: String(node.nodeId),
      licenseeName: node.nodeName,
      licenseeOwnerId: bobUser.userId,
      licenseeOwnerName: bobUser.username,
      licenseeIdentityType: 2,
      isDefault: 0,
      status: 0,
      authStatus: 1,
      fsmCurrentState: 'initial',
      fsmDeclarations: {
        envArgs: [{ name: 'self.account', accountId: aliceAccount.accountId, ownerName: aliceUser.username }],
      },
    });
  });

  it('answers the live contract unchanged when signed again, also given the node id as text', async () => {
    const fresh = await onlineResource(t, alice);
    const [first] = dataOf(await signOne(fresh));
    t.clock.advance({ minutes: 5 });
    expect(dataOf(await signOne(fresh, { licenseeId: String(node.nodeId) }))).toEqual([first]);
    expect(await contractRows(fresh.resourceId)).toHaveLength(1);
  });

  it('keeps the node’s contracts apart from a resource’s of the same owner on the same policy', async () => {
    const fresh = await onlineResource(t, alice);
    const bobsResource = dataOf(
      await bob.post<ResourceWire>(RESOURCES, {
        name: `licensee${Date.now()}`,
        resourceTypeCode: 'markdown',
        policies: [policy('免费', FREE_POLICY)],
      }),
    );
    const [asNode] = dataOf(await signOne(fresh));
    const [asResource] = dataOf(await signOne(fresh, { licenseeId: bobsResource.resourceId, licenseeIdentityType: 1 }));
    expect(asResource?.contractId).not.toBe(asNode?.contractId);
    expect(asResource?.licenseeIdentityType).toBe(1);
  });

  it('gives parallel signings of one subject and policy one contract', async () => {
    const fresh = await onlineResource(t, alice);
    const answers = await Promise.all(Array.from({ length: 6 }, () => signOne(fresh)));
    expect(new Set(answers.map((answer) => dataOf(answer)[0]?.contractId)).size).toBe(1);
    expect(await contractRows(fresh.resourceId)).toHaveLength(1);
  });

  it('admits the node where the audiences name nodes or its owner, refuses it elsewhere', async () => {
    const forNodes = await onlineResource(t, alice, {
      policies: [policy('节点', 'for nodes\n\ninitial[active]:\n  terminate')],
    });
    expect(dataOf(await signOne(forNodes))).toHaveLength(1);
    const forBob = await onlineResource(t, alice, {
      policies: [policy('邮箱', `for ${bobUser.email.toUpperCase()}\n\ninitial[active]:\n  terminate`)],
    });
    expect(dataOf(await signOne(forBob))).toHaveLength(1);
    const forAlice = await onlineResource(t, alice, {
      policies: [policy('专用', `for ${aliceUser.userId}\n\ninitial[active]:\n  terminate`)],
    });
    await expectRefused(await signOne(forAlice), ErrCode.Business, /is not offered to you/, forAlice.resourceId);
  });

  it('refuses an offline subject', async () => {
    const offline = await onlineResource(t, alice);
    dataOf(await alice.put(`${RESOURCES}/${offline.resourceId}`, { status: 4 }));
    await expectRefused(await signOne(offline), ErrCode.Business, /is not online/, offline.resourceId);
  });

  it('refuses another user’s node (3), and a missing, deleted or frozen node (2), in both languages', async () => {
    const fresh = await onlineResource(t, alice);
    const alicesNode = await seedNode(t, aliceUser);
    await expectRefused(
      await signOne(fresh, { licenseeId: alicesNode.nodeId }),
      ErrCode.Forbidden,
      new RegExp(`licensee node ${alicesNode.nodeName} is not yours`),
      fresh.resourceId,
    );
    const alicesFrozen = await seedNode(t, aliceUser, { frozen: true });
    await expectRefused(
      await signOne(fresh, { licenseeId: alicesFrozen.nodeId }),
      ErrCode.Forbidden,
      /is not yours/,
      fresh.resourceId,
    );
    for (const licenseeId of [99_999_999, 'abc', (await seedNode(t, bobUser, { isDeleted: 1 })).nodeId])
      await expectRefused(
        await signOne(fresh, { licenseeId }),
        ErrCode.Business,
        /licensee node .* does not exist/,
        fresh.resourceId,
      );
    const frozen = await seedNode(t, bobUser, { frozen: true });
    await expectRefused(
      await signOne(fresh, { licenseeId: frozen.nodeId }),
      ErrCode.Business,
      /is frozen and cannot sign/,
      fresh.resourceId,
    );
    const zh = await bob.post(
      BATCH_SIGN,
      {
        subjects: [{ subjectId: fresh.resourceId, policyId: policyIdOf(fresh) }],
        subjectType: 1,
        licenseeId: frozen.nodeId,
        licenseeIdentityType: 2,
      },
      { locale: 'zh_CN' },
    );
    expect(msgOf(zh)).toBe(`乙方节点 ${frozen.nodeName} 已被冻结，不能签约`);
  });

  it('refuses identity 3 for resources as subjects (errCode 4)', async () => {
    const response = await signOne(subject, { licenseeIdentityType: 3, licenseeId: String(bobUser.userId) });
    expect(errCodeOf(response)).toBe(ErrCode.BadParams);
  });

  describe('prepareNodeSigning and signForNode (the exhibits module’s node contracts)', () => {
    it('signs per subject in policyIds order, reusing live contracts', async () => {
      const two = await onlineResource(t, alice, {
        policies: [policy('免费', FREE_POLICY), policy('试用', TRIAL_POLICY)],
      });
      const other = await onlineResource(t, alice);
      const [live] = dataOf(await signOne(other));
      const signed = await t.services.contracts.signForNode(bobUser.userId, node.nodeId, [
        { resourceId: two.resourceId, policyIds: [policyIdOf(two, 1), policyIdOf(two, 0)] },
        { resourceId: other.resourceId, policyIds: [policyIdOf(other)] },
      ]);
      const rows = await contractRows(two.resourceId);
      const idOf = (policyId: string) => rows.find((row) => row.policyId === policyId)?.contractId;
      expect(signed).toEqual([
        { resourceId: two.resourceId, policyId: policyIdOf(two, 1), contractId: idOf(policyIdOf(two, 1)) },
        { resourceId: two.resourceId, policyId: policyIdOf(two, 0), contractId: idOf(policyIdOf(two, 0)) },
        { resourceId: other.resourceId, policyId: policyIdOf(other), contractId: live?.contractId },
      ]);
      expect(rows.map((row) => [row.licenseeId, row.licenseeIdentityType])).toEqual([
        [String(node.nodeId), 2],
        [String(node.nodeId), 2],
      ]);
    });

    it('writes in the caller’s transaction: nothing when it rolls back', async () => {
      const fresh = await onlineResource(t, alice);
      const write = await t.services.contracts.prepareNodeSigning(bobUser.userId, node.nodeId, [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh)] },
      ]);
      const failing = t.db.transaction().execute(async (trx) => {
        expect(await write(trx)).toHaveLength(1);
        throw new Error('the exhibit was refused');
      });
      await expect(failing).rejects.toThrow('the exhibit was refused');
      expect(await contractRows(fresh.resourceId)).toHaveLength(0);
    });

    it('takes an offline resource only where the node holds a live contract for the policy', async () => {
      const fresh = await onlineResource(t, alice, {
        policies: [policy('免费', FREE_POLICY), policy('试用', TRIAL_POLICY)],
      });
      const [live] = dataOf(await signOne(fresh));
      dataOf(await alice.put(`${RESOURCES}/${fresh.resourceId}`, { status: 4 }));
      expect(
        await t.services.contracts.signForNode(bobUser.userId, node.nodeId, [
          { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh)] },
        ]),
      ).toEqual([{ resourceId: fresh.resourceId, policyId: policyIdOf(fresh), contractId: live?.contractId }]);
      const refused = t.services.contracts.signForNode(bobUser.userId, node.nodeId, [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh, 1)] },
      ]);
      await expect(refused).rejects.toMatchObject({
        errCode: ErrCode.Business,
        messageKey: 'contracts.sign.subjectOffline',
      });
    });

    it('refuses another user’s node (3) and a frozen one (2)', async () => {
      const subjects = [{ resourceId: subject.resourceId, policyIds: [policyIdOf(subject)] }];
      await expect(t.services.contracts.signForNode(aliceUser.userId, node.nodeId, subjects)).rejects.toMatchObject({
        errCode: ErrCode.Forbidden,
        messageKey: 'contracts.sign.nodeNotYours',
      });
      const frozen = await seedNode(t, bobUser, { frozen: true });
      await expect(t.services.contracts.signForNode(bobUser.userId, frozen.nodeId, subjects)).rejects.toMatchObject({
        errCode: ErrCode.Business,
        messageKey: 'contracts.sign.nodeFrozen',
      });
    });

    it('signs nothing when the node was frozen between the checks and the transaction', async () => {
      const fresh = await onlineResource(t, alice);
      const soonFrozen = await seedNode(t, bobUser);
      const write = await t.services.contracts.prepareNodeSigning(bobUser.userId, soonFrozen.nodeId, [
        { resourceId: fresh.resourceId, policyIds: [policyIdOf(fresh)] },
      ]);
      await t.db.updateTable('nodes').set({ status: 6 }).where('nodeId', '=', soonFrozen.nodeId).execute();
      await expect(t.db.transaction().execute((trx) => write(trx))).rejects.toMatchObject({
        messageKey: 'contracts.sign.nodeFrozen',
      });
      expect(await contractRows(fresh.resourceId)).toHaveLength(0);
    });
  });

  describe('a node contract living on', () => {
    /** Per policy, the event paid in `state`. */
    async function paymentEventOf(policyId: string, state: string): Promise<string> {
      const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
      const fsm = wires.get(policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
      return stateOf(fsm, state).transitions[0]?.eventId ?? '';
    }

    it('is listed for its licensee owner by licenseeIdentityType 2 and for the licensor, under the node’s name', async () => {
      const fresh = await onlineResource(t, alice);
      const [contract] = dataOf(await signOne(fresh));
      const query = { identityType: 2, licenseeIdentityType: 2, subjectIds: fresh.resourceId, skip: 0, limit: 10 };
      const asLicensee = dataOf(await bob.get<{ dataList: ContractWire[] }>('/v2/contracts', { query }));
      expect(asLicensee.dataList.map((row) => [row.contractId, row.licenseeName, row.licenseeId])).toEqual([
        [contract?.contractId, node.nodeName, String(node.nodeId)],
      ]);
      const byNode = { identityType: 2, licenseeId: String(node.nodeId), subjectIds: fresh.resourceId };
      expect(
        dataOf(await bob.get<{ dataList: ContractWire[] }>('/v2/contracts', { query: byNode })).dataList,
      ).toHaveLength(1);
      const asResources = { ...query, licenseeIdentityType: 1 };
      expect(
        dataOf(await bob.get<{ dataList: ContractWire[] }>('/v2/contracts', { query: asResources })).dataList,
      ).toEqual([]);
      const asLicensor = { identityType: 1, licenseeIdentityType: 2, subjectIds: fresh.resourceId };
      const licensorView = dataOf(
        await alice.get<{ dataList: ContractWire[] }>('/v2/contracts', { query: asLicensor }),
      );
      expect(licensorView.dataList.map((row) => [row.licenseeName, row.licenseeOwnerName])).toEqual([
        [node.nodeName, bobUser.username],
      ]);
    });
    // Last: it moves the clock a week on.
    it('moves on its time event (scheduler) and is paid from the node owner’s wallet', async () => {
      const trial = await onlineResource(t, alice, { policies: [policy('试用', TRIAL_POLICY)] });
      const [contract] = dataOf(await signOne(trial));
      if (!contract) throw new Error('nothing signed');
      t.clock.advance({ days: 7, minutes: 1 });
      expect((await testScheduler(t).fireDue()).fired).toBeGreaterThanOrEqual(1);
      // A week on, the sessions have ended: Bob signs in again.
      const { client: bobAgain } = await t.login(bobUser);
      const unpaid = dataOf(await bobAgain.get<ContractWire>(`/v2/contracts/${contract.contractId}`));
      expect(unpaid).toMatchObject({ fsmCurrentState: 'unpaid', isAuth: false });

      const { account: bobsAccount } = await fundedAccount(t, 5_000, bobUser);
      const { account: alicesAccount } = await fundedAccount(t, 0, aliceUser);
      const aliceBefore = await balanceOf(t, alicesAccount.accountId);
      const paid = await bobAgain.post<ContractPaymentWire>(`/v2/contracts/${contract.contractId}/events/payment`, {
        eventId: await paymentEventOf(contract.policyId, 'unpaid'),
        accountId: bobsAccount.accountId,
        transactionAmount: '9.90',
        password: TEST_PAY_PASSWORD,
      });
      expect(dataOf(paid)).toMatchObject({ status: 2, fsmCurrentState: 'subscribed', authStatus: 1 });
      expect(await balanceOf(t, bobsAccount.accountId)).toBe(5_000 - 990);
      expect(await balanceOf(t, alicesAccount.accountId)).toBe(aliceBefore + 990);
    });
  });
});
