// Consumers signing exhibits (DOMAIN §3.6 step 1, subject type 2, identity 3; §4.3; §5.1 exhibit →
// consumer; API.md §3.11): through the `exhibitSubjects` port, here a stand-in holding exhibits in
// memory. Every condition, idempotence, parallel signings, the default contract, batchSign, a payment
// from the consumer's wallet to the node owner's, and the reads.
import type { ContractPaymentWire, ContractWire } from '@tessera/contract/contracts';
import { ErrCode, stateOf, type ApiEnvelope, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errCodeOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import type { NodeRow } from '../nodes';
import { balanceOf, fundedAccount, TEST_PAY_PASSWORD } from '../wallet/testing';
import type { ExhibitSubject } from './exhibit-subjects';
import { createAppWithExhibits, SEED_FREE_POLICY, SEED_PAID_POLICY, seedNode, StandInExhibits } from './testing';

const SIGN = '/v2/contracts';
const BATCH_SIGN = '/v2/contracts/batchSign';
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

const msgOf = (response: ApiResponse<unknown>): string => (response.body as ApiEnvelope<unknown>).msg;
const policyIdOf = (exhibit: ExhibitSubject, index = 0): string => exhibit.policies[index]?.policyId ?? '';

describe('consumers signing exhibits', () => {
  const exhibits = new StandInExhibits();
  let t: TestApp;
  /** Alice runs the node; Bob and Carol are visitors who sign. */
  let alice: TestClient;
  let bob: TestClient;
  let aliceUser: UserRow;
  let bobUser: UserRow;
  let node: NodeRow;
  /** An online exhibit of Alice's node with a free policy. */
  let exhibit: ExhibitSubject;

  beforeAll(async () => {
    t = await createAppWithExhibits(exhibits, { now: '2025-03-01T00:00:00.000Z' });
    ({ client: alice, user: aliceUser } = await t.login({ username: `alice${process.pid}` }));
    ({ client: bob, user: bobUser } = await t.login({ username: `bob${process.pid}` }));
    node = await seedNode(t, aliceUser);
    exhibit = await free();
  });
  afterAll(() => t.close());

  const free = (changes: Partial<ExhibitSubject> = {}, inNode = node) =>
    exhibits.add(t, inNode, [{ policyName: 'free', text: SEED_FREE_POLICY }], changes);

  function sign(
    client: TestClient,
    subject: ExhibitSubject,
    overrides: Record<string, unknown> = {},
    locale: 'en_US' | 'zh_CN' = 'en_US',
  ): Promise<ApiResponse<ContractWire>> {
    const body = {
      subjectId: subject.presentableId,
      subjectType: 2,
      policyId: policyIdOf(subject),
      licenseeId: String(client === bob ? bobUser.userId : aliceUser.userId),
      licenseeIdentityType: 3,
      ...overrides,
    };
    return client.post<ContractWire>(SIGN, body, { locale });
  }

  const contractRows = (subjectId: string) =>
    t.db.selectFrom('contracts').selectAll().where('subjectId', '=', subjectId).orderBy('createDate').execute();

  async function expectRefused(response: ApiResponse<unknown>, errCode: number, message: RegExp, subjectId: string) {
    expect(errCodeOf(response)).toBe(errCode);
    expect(msgOf(response)).toMatch(message);
    expect(await contractRows(subjectId)).toHaveLength(0);
  }

  it('signs: the exhibit is the subject, its node the licensor (for its owner), the caller the licensee', async () => {
    const contract = dataOf(await sign(bob, exhibit));
    const alicesAccount = await t.services.walletAccounts.accountOfUser(aliceUser.userId);
    expect(contract).toMatchObject({
      contractName: 'free',
      subjectId: exhibit.presentableId,
      subjectName: exhibit.presentableName,
      subjectType: 2,
      licensorId: String(node.nodeId),
      licensorName: node.nodeName,
      licensorOwnerId: aliceUser.userId,
      licensorOwnerName: aliceUser.username,
      licenseeId: String(bobUser.userId),
      licenseeName: bobUser.username,
      licenseeOwnerId: bobUser.userId,
      licenseeOwnerName: bobUser.username,
      licenseeIdentityType: 3,
      policyId: policyIdOf(exhibit),
      isDefault: 1,
      status: 0,
      authStatus: 1,
      isAuth: true,
      fsmCurrentState: 'initial',
      fsmDeclarations: {
        envArgs: [{ name: 'self.account', accountId: alicesAccount.accountId, ownerName: aliceUser.username }],
      },
    });
  });

  it('answers the live contract unchanged; the first live contract on an exhibit is the default', async () => {
    const two = await exhibits.add(t, node, [
      { policyName: 'free', text: SEED_FREE_POLICY },
      { policyName: 'paid', text: SEED_PAID_POLICY },
    ]);
    const first = dataOf(await sign(bob, two));
    t.clock.advance({ minutes: 1 });
    expect(dataOf(await sign(bob, two))).toEqual(first);
    const second = dataOf(await sign(bob, two, { policyId: policyIdOf(two, 1) }));
    expect([first.isDefault, second.isDefault]).toEqual([1, 0]);
    await t.services.contracts.repo.updateContract(first.contractId, { status: 1 });
    await t.services.contracts.repo.updateContract(second.contractId, { status: 1 });
    const renewed = dataOf(await sign(bob, two));
    expect(renewed).toMatchObject({ isDefault: 1, status: 0 });
    expect(renewed.contractId).not.toBe(first.contractId);
  });

  it('gives parallel signings of one exhibit and policy one contract', async () => {
    const fresh = await free();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sign(bob, fresh)));
    expect(new Set(answers.map((answer) => dataOf(answer).contractId)).size).toBe(1);
    expect(await contractRows(fresh.presentableId)).toHaveLength(1);
  });

  it('signs several exhibits in one batchSign (subject type 2, identity 3), in the order asked', async () => {
    const first = await free();
    const second = await free();
    const body = {
      subjects: [second, first].map((one) => ({ subjectId: one.presentableId, policyId: policyIdOf(one) })),
      subjectType: 2,
      licenseeId: bobUser.userId,
      licenseeIdentityType: 3,
    };
    const signed = dataOf(await bob.post<ContractWire[]>(BATCH_SIGN, body));
    expect(signed.map((contract) => [contract.subjectId, contract.licenseeIdentityType])).toEqual([
      [second.presentableId, 3],
      [first.presentableId, 3],
    ]);
    for (const licenseeIdentityType of [1, 2])
      expect(errCodeOf(await bob.post(BATCH_SIGN, { ...body, licenseeIdentityType }))).toBe(ErrCode.BadParams);
    const refused = await bob.post(BATCH_SIGN, {
      ...body,
      subjects: [...body.subjects, { subjectId: UNKNOWN_ID, policyId: policyIdOf(first) }],
    });
    expect(errCodeOf(refused)).toBe(ErrCode.Business);
  });

  describe('refusals', () => {
    it('refuses a licensee other than the caller (3), and identities other than 3 (4)', async () => {
      const fresh = await free();
      const { user: carol } = await t.login();
      await expectRefused(
        await sign(bob, fresh, { licenseeId: String(carol.userId) }),
        ErrCode.Forbidden,
        /only as yourself/,
        fresh.presentableId,
      );
      await expectRefused(
        await sign(bob, fresh, { licenseeIdentityType: 2, licenseeId: node.nodeId }),
        ErrCode.BadParams,
        /./,
        fresh.presentableId,
      );
      expect(errCodeOf(await sign(bob, fresh, { subjectType: 1 }))).toBe(ErrCode.BadParams);
    });

    it('refuses an unknown exhibit, one in a deleted node, an offline one and one whose node is frozen', async () => {
      await expectRefused(
        await sign(bob, exhibit, { subjectId: UNKNOWN_ID }),
        ErrCode.Business,
        /exhibit .* does not exist/,
        UNKNOWN_ID,
      );
      const deletedNode = await seedNode(t, aliceUser, { isDeleted: 1 });
      const inDeleted = await free({}, deletedNode);
      await expectRefused(await sign(bob, inDeleted), ErrCode.Business, /does not exist/, inDeleted.presentableId);
      const offline = await free({ isOnline: false });
      await expectRefused(await sign(bob, offline), ErrCode.Business, /is not online/, offline.presentableId);
      const flaggedFrozen = await free({ isNodeFrozen: true });
      await expectRefused(
        await sign(bob, flaggedFrozen),
        ErrCode.Business,
        /node .* is frozen/,
        flaggedFrozen.presentableId,
      );
      const frozenNode = await seedNode(t, aliceUser, { frozen: true });
      const inFrozen = await free({}, frozenNode);
      await expectRefused(await sign(bob, inFrozen), ErrCode.Business, /node .* is frozen/, inFrozen.presentableId);
      const zh = await sign(bob, inFrozen, {}, 'zh_CN');
      expect(msgOf(zh)).toBe(`展品 ${inFrozen.presentableName} 所在的节点已被冻结，不能签约`);
    });

    it('refuses the node owner on his own exhibits', async () => {
      const fresh = await free();
      await expectRefused(await sign(alice, fresh), ErrCode.Business, /in your own node/, fresh.presentableId);
    });

    it('refuses a policy the exhibit does not bind, a disabled one, and one whose audiences leave the caller out', async () => {
      // Policy ids are the text's hash: the other exhibit's policy text is one this exhibit does not bind.
      const other = await exhibits.add(t, node, [
        { policyName: 'other', text: 'for registeredUsers\n\ninitial[active]:\n  terminate' },
      ]);
      const fresh = await exhibits.add(t, node, [
        { policyName: 'free', text: SEED_FREE_POLICY },
        { policyName: 'off', text: SEED_PAID_POLICY, status: 0 },
        { policyName: 'nodes only', text: 'for nodes\n\ninitial[active]:\n  terminate' },
        { policyName: 'for alice', text: `for ${aliceUser.userId}\n\ninitial[active]:\n  terminate` },
        { policyName: 'for bob', text: `for ${bobUser.userId}\n\ninitial[active]:\n  terminate` },
      ]);
      const withPolicy = (index: number) => ({ policyId: policyIdOf(fresh, index) });
      await expectRefused(
        await sign(bob, fresh, { policyId: policyIdOf(other) }),
        ErrCode.Business,
        /is not a policy of the exhibit/,
        fresh.presentableId,
      );
      await expectRefused(await sign(bob, fresh, withPolicy(1)), ErrCode.Business, /is disabled/, fresh.presentableId);
      await expectRefused(
        await sign(bob, fresh, withPolicy(2)),
        ErrCode.Business,
        /not offered to you/,
        fresh.presentableId,
      );
      await expectRefused(
        await sign(bob, fresh, withPolicy(3)),
        ErrCode.Business,
        /not offered to you/,
        fresh.presentableId,
      );
      expect(dataOf(await sign(bob, fresh, withPolicy(4)))).toMatchObject({ contractName: 'for bob' });
    });

    it('needs a login', async () => {
      const response = await t.client().post(SIGN, {
        subjectId: exhibit.presentableId,
        subjectType: 2,
        policyId: policyIdOf(exhibit),
        licenseeId: String(bobUser.userId),
        licenseeIdentityType: 3,
      });
      expect(errCodeOf(response)).toBe(ErrCode.NotLoggedIn);
    });
  });

  it('is listed for the consumer by subject type 2 and identity 3, and for the node owner as licensor', async () => {
    const fresh = await free();
    const contract = dataOf(await sign(bob, fresh));
    const page = (client: TestClient, query: Record<string, unknown>) =>
      client.get<{ dataList: ContractWire[] }>('/v2/contracts', {
        query: { subjectIds: fresh.presentableId, ...query },
      });
    const mine = dataOf(await page(bob, { identityType: 2, subjectType: 2, licenseeIdentityType: 3 })).dataList;
    expect(mine.map((row) => [row.contractId, row.licenseeName, row.licensorName])).toEqual([
      [contract.contractId, bobUser.username, node.nodeName],
    ]);
    expect(dataOf(await page(bob, { identityType: 2, subjectType: 1 })).dataList).toEqual([]);
    expect(dataOf(await page(bob, { identityType: 2, licenseeIdentityType: 2 })).dataList).toEqual([]);
    const licensed = dataOf(await page(alice, { identityType: 1, subjectType: 2, licenseeIdentityType: 3 })).dataList;
    expect(licensed.map((row) => [row.licenseeName, row.licenseeOwnerId])).toEqual([
      [bobUser.username, bobUser.userId],
    ]);
  });

  it('is paid from the consumer’s wallet into the node owner’s', async () => {
    const paid = await exhibits.add(t, node, [{ policyName: 'paid', text: SEED_PAID_POLICY }]);
    const contract = dataOf(await sign(bob, paid));
    expect(contract).toMatchObject({ fsmCurrentState: 'initial', isAuth: false });
    const { account: bobsAccount } = await fundedAccount(t, 2_000, bobUser);
    const { account: alicesAccount } = await fundedAccount(t, 0, aliceUser);
    const wires = await t.services.policies.wiresOf([contract.policyId], { isTranslate: false, language: 'en_US' });
    const fsm = wires.get(contract.policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
    const answer = await bob.post<ContractPaymentWire>(`/v2/contracts/${contract.contractId}/events/payment`, {
      eventId: stateOf(fsm, 'initial').transitions[0]?.eventId,
      accountId: bobsAccount.accountId,
      transactionAmount: '10.00',
      password: TEST_PAY_PASSWORD,
    });
    expect(dataOf(answer)).toMatchObject({ status: 2, fsmCurrentState: 'paid', authStatus: 1 });
    expect(await balanceOf(t, bobsAccount.accountId)).toBe(1_000);
    expect(await balanceOf(t, alicesAccount.accountId)).toBe(1_000);
  });
});
