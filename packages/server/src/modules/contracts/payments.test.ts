// Paying a contract (DOMAIN §7.3, §7.4; API.md §3.11): self.account bound at signing, a payment moving
// the money and the contract in one transaction, idempotency, every refusal moving nothing, parallel
// payments of one event charging once, and the ledger reconciling after all of it.
import type { ContractPaymentWire, ContractWire } from '@tessera/contract/contracts';
import type { ResourceWire } from '@tessera/contract/resources';
import { ErrCode, stateOf, type ApiEnvelope, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, errCodeOf, type ApiResponse, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import { createResource, onlineResource, PAID_POLICY, policy } from '../resources/testing';
import type { AccountRow } from '../wallet';
import { balanceOf, fundedAccount, ledgerCounts, TEST_PAY_PASSWORD } from '../wallet/testing';
import { contractRow, SEED_PAID_POLICY, seedContract, transitionRecordsOf } from './testing';

const BATCH_SIGN = '/v2/contracts/batchSign';
const payPath = (contractId: string) => `/v2/contracts/${contractId}/events/payment`;

type Party = { client: TestClient; user: UserRow; account: AccountRow };

const envelopeOf = (response: ApiResponse<unknown>) => response.body as ApiEnvelope<{ code?: string } | null>;

describe('paying a contract', () => {
  let t: TestApp;
  /** Alice licenses, Bob pays (1000.00). */
  let alice: Party;
  let bob: Party;
  let bobsResource: ResourceWire;

  async function party(cents: number, activated = true): Promise<Party> {
    const { client, user } = await t.login();
    if (!activated) return { client, user, account: await t.services.walletAccounts.accountOfUser(user.userId) };
    const { account } = await fundedAccount(t, cents, user);
    return { client, user, account };
  }

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-01T00:00:00.000Z' });
    alice = await party(0);
    bob = await party(100_000);
    bobsResource = await createResource(bob.client);
  });
  afterAll(() => t.close());

  /** `licensor`'s new online resource with the paid policy, signed by `licensee`'s resource. */
  async function signPaid(licensor: Party = alice, licensee: Party = bob, licenseeResource?: ResourceWire) {
    const subject = await onlineResource(t, licensor.client, { policies: [policy('付费', PAID_POLICY)] });
    const resource = licenseeResource ?? (licensee === bob ? bobsResource : await createResource(licensee.client));
    const body = {
      subjects: [{ subjectId: subject.resourceId, policyId: subject.policies[0]?.policyId }],
      subjectType: 1,
      licenseeId: resource.resourceId,
      licenseeIdentityType: 1,
    };
    const [contract] = dataOf(await licensee.client.post<ContractWire[]>(BATCH_SIGN, body));
    if (!contract) throw new Error('nothing signed');
    paidEvents.set(contract.contractId, await paidEventOf(contract.policyId));
    return contract;
  }

  /** Per contract, the event its licensee pays: the first transition of `initial`. */
  const paidEvents = new Map<string, string>();
  async function paidEventOf(policyId: string): Promise<string> {
    const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
    const fsm = wires.get(policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
    return stateOf(fsm, 'initial').transitions[0]?.eventId ?? '';
  }

  function pay(
    payer: Party,
    contractId: string,
    body: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<ContractPaymentWire>> {
    const paid = {
      eventId: paidEvents.get(contractId) ?? '',
      accountId: payer.account.accountId,
      transactionAmount: '10.00',
    };
    return payer.client.post<ContractPaymentWire>(
      payPath(contractId),
      { ...paid, password: TEST_PAY_PASSWORD, ...body },
      { locale: 'en_US', headers },
    );
  }

  const recordsOf = (contractId: string) => transitionRecordsOf(t, contractId);

  const paymentsOf = (contractId: string) =>
    t.db
      .selectFrom('wallet_transaction_records')
      .selectAll()
      .where('transactionType', '=', 2)
      .where('attachInfo', 'like', `%${contractId}%`)
      .execute();

  /** Everything a payment could move: both balances, the ledger's size, the contract and its records. */
  async function snapshot(contractId: string, accounts: readonly AccountRow[]) {
    const contract = await contractRow(t, contractId);
    return {
      balances: await Promise.all(accounts.map((account) => balanceOf(t, account.accountId))),
      ledger: await ledgerCounts(t),
      contract: { ...contract, updateDate: '' },
      records: (await recordsOf(contractId)).length,
    };
  }

  /** The refusal moves nothing; answers its errCode, data.code and message. */
  async function refused(
    contractId: string,
    accounts: readonly AccountRow[],
    attempt: () => Promise<ApiResponse<unknown>>,
  ): Promise<{ errCode: number | undefined; code: string | undefined; msg: string }> {
    const before = await snapshot(contractId, accounts);
    const response = await attempt();
    expect(response.status).toBe(200);
    expect(await snapshot(contractId, accounts)).toEqual(before);
    const envelope = envelopeOf(response);
    return { errCode: errCodeOf(response), code: envelope.data?.code, msg: envelope.msg };
  }

  it('binds self.account to the licensor owner’s account at signing', async () => {
    const contract = await signPaid();
    expect(contract.fsmDeclarations.envArgs).toEqual([
      { name: 'self.account', accountId: alice.account.accountId, ownerName: alice.user.username },
    ]);
    expect(contract).toMatchObject({ fsmCurrentState: 'initial', isAuth: false });
  });

  it('pays: the money moves, the contract is authorised, the transition names the record', async () => {
    const contract = await signPaid();
    const before = await ledgerCounts(t);
    const bobBefore = await balanceOf(t, bob.account.accountId);
    const aliceBefore = await balanceOf(t, alice.account.accountId);
    const answer = dataOf(await pay(bob, contract.contractId, { transactionAmount: 10 }));
    expect(answer).toMatchObject({
      status: 2,
      contractId: contract.contractId,
      fsmCurrentState: 'paid',
      authStatus: 1,
    });
    expect(await balanceOf(t, bob.account.accountId)).toBe(bobBefore - 1000);
    expect(await balanceOf(t, alice.account.accountId)).toBe(aliceBefore + 1000);
    expect(await ledgerCounts(t)).toEqual({ records: before.records + 1, entries: before.entries + 2 });

    const [record] = await paymentsOf(contract.contractId);
    expect(record).toMatchObject({
      recordId: answer.transactionRecordId,
      fromAccountId: bob.account.accountId,
      toAccountId: alice.account.accountId,
      amount: 1000,
      status: 2,
      authorizationType: 'password',
      operatorId: bob.user.userId,
    });
    expect(JSON.parse(record?.attachInfo ?? '{}')).toMatchObject({
      contractId: contract.contractId,
      contractName: contract.contractName,
      eventId: paidEvents.get(contract.contractId),
      subjectId: contract.subjectId,
      subjectName: contract.subjectName,
      subjectType: 1,
      fromState: 'initial',
      toState: 'paid',
    });
    const records = await recordsOf(contract.contractId);
    expect(records.map((row) => [row.fromState, row.toState, row.eventId])).toEqual([
      ['_none_', 'initial', 'init'],
      ['initial', 'paid', paidEvents.get(contract.contractId)],
    ]);
    expect(JSON.parse(records[1]?.eventInfo ?? '{}')).toMatchObject({
      code: 'S201',
      triggerUserId: bob.user.userId,
      transactionRecordId: answer.transactionRecordId,
    });
    const detail = dataOf(await bob.client.get<ContractWire>(`/v2/contracts/${contract.contractId}`));
    expect(detail).toMatchObject({ isAuth: true, fsmCurrentState: 'paid', status: 0 });
  });

  it('answers a repeat with the same key with the first payment, charging once; another payment with it is E1022', async () => {
    const contract = await signPaid();
    const key = { 'Idempotency-Key': `k-${contract.contractId}` };
    const first = dataOf(await pay(bob, contract.contractId, {}, key));
    const after = await snapshot(contract.contractId, [bob.account, alice.account]);
    expect(dataOf(await pay(bob, contract.contractId, {}, key))).toEqual(first);
    expect(dataOf(await pay(bob, contract.contractId, { idempotencyKey: key['Idempotency-Key'] }))).toEqual(first);
    expect(await snapshot(contract.contractId, [bob.account, alice.account])).toEqual(after);
    expect(await paymentsOf(contract.contractId)).toHaveLength(1);

    const other = await signPaid();
    const reused = await refused(other.contractId, [bob.account, alice.account], () =>
      pay(bob, other.contractId, {}, key),
    );
    expect(reused).toMatchObject({ errCode: ErrCode.BadParams, code: 'E1022' });
  });

  it('refuses a second click without a key once the state has changed (E1021), moving nothing', async () => {
    const contract = await signPaid();
    dataOf(await pay(bob, contract.contractId));
    const again = await refused(contract.contractId, [bob.account, alice.account], () => pay(bob, contract.contractId));
    expect(again).toMatchObject({ errCode: ErrCode.Business, code: 'E1021' });
    expect(again.msg).toBe(`The current state paid has no event ${paidEvents.get(contract.contractId)}`);
    expect(await paymentsOf(contract.contractId)).toHaveLength(1);
  });

  it('refuses a wrong amount, an unknown event and malformed amounts, moving nothing', async () => {
    const contract = await signPaid();
    const accounts = [bob.account, alice.account];
    const id = contract.contractId;
    const wrongAmount = await refused(id, accounts, () => pay(bob, id, { transactionAmount: '9.99' }));
    expect(wrongAmount).toMatchObject({ errCode: ErrCode.Business, code: 'E1020' });
    expect(wrongAmount.msg).toMatch(/exactly 10\.00/);
    expect(await refused(id, accounts, () => pay(bob, id, { eventId: 'nope' }))).toMatchObject({
      errCode: ErrCode.Business,
      code: 'E1021',
    });
    expect(await refused(id, accounts, () => pay(bob, id, { transactionAmount: 0 }))).toMatchObject({
      errCode: ErrCode.BadParams,
      code: 'E1015',
    });
    for (const transactionAmount of ['abc', '10.001', -10, '1e3'])
      expect([
        transactionAmount,
        (await refused(id, accounts, () => pay(bob, id, { transactionAmount }))).errCode,
      ]).toEqual([transactionAmount, ErrCode.BadParams]);
    const longKey = await refused(id, accounts, () => pay(bob, id, {}, { 'Idempotency-Key': 'k'.repeat(65) }));
    expect(longKey.errCode).toBe(ErrCode.BadParams);
  });

  it('refuses contracts that ended or are in exception (E1021)', async () => {
    const licensor = {
      id: 'res-ended',
      name: 'alice/ended',
      ownerId: alice.user.userId,
      ownerName: alice.user.username,
    };
    const licensee = { id: bobsResource.resourceId, name: 'bob/r', ownerId: bob.user.userId, ownerName: 'bob' };
    for (const status of [1, 2]) {
      const row = await seedContract(t, { licensor, licensee, policyText: SEED_PAID_POLICY, changes: { status } });
      paidEvents.set(row.contractId, await paidEventOf(row.policyId));
      const answer = await refused(row.contractId, [bob.account, alice.account], () => pay(bob, row.contractId));
      expect(answer).toMatchObject({ errCode: ErrCode.Business, code: 'E1021' });
    }
  });

  it('lets only the licensee’s owner pay: the licensor gets errCode 3, anyone else a contract not found', async () => {
    const contract = await signPaid();
    const accounts = [bob.account, alice.account];
    const id = contract.contractId;
    expect((await refused(id, accounts, () => pay(alice, id))).errCode).toBe(ErrCode.Forbidden);
    const carol = await party(100_000);
    const stranger = await refused(id, accounts, () => pay(carol, id));
    expect(stranger).toMatchObject({ errCode: ErrCode.Business, msg: 'The contract does not exist' });
    expect(errCodeOf(await pay(bob, 'ffffffffffffffffffffffff', { eventId: 'e' }))).toBe(ErrCode.Business);
    const someoneElsesAccount = await refused(id, accounts, () => pay(bob, id, { accountId: carol.account.accountId }));
    expect(someoneElsesAccount).toMatchObject({ errCode: ErrCode.Forbidden, code: 'E1003' });
  });

  it('refuses a low balance (E1009), an unactivated (E1005) or frozen (E1006) payer and a frozen payee', async () => {
    const poor = await party(500);
    const poorContract = await signPaid(alice, poor);
    const low = await refused(poorContract.contractId, [poor.account, alice.account], () =>
      pay(poor, poorContract.contractId),
    );
    expect(low).toMatchObject({ errCode: ErrCode.Business, code: 'E1009', msg: 'The balance is too low' });

    const newcomer = await party(0, false);
    const newcomerContract = await signPaid(alice, newcomer);
    const inactive = await refused(newcomerContract.contractId, [newcomer.account, alice.account], () =>
      pay(newcomer, newcomerContract.contractId),
    );
    expect(inactive).toMatchObject({ errCode: ErrCode.Business, code: 'E1005' });

    const contract = await signPaid();
    const accounts = [bob.account, alice.account];
    await t.services.walletAccounts.setFrozen(bob.user.userId, true);
    const frozenPayer = await refused(contract.contractId, accounts, () => pay(bob, contract.contractId));
    expect(frozenPayer).toMatchObject({ errCode: ErrCode.Business, code: 'E1006' });
    await t.services.walletAccounts.setFrozen(bob.user.userId, false);
    await t.services.walletAccounts.setFrozen(alice.user.userId, true);
    const frozenPayee = await refused(contract.contractId, accounts, () => pay(bob, contract.contractId));
    expect(frozenPayee).toMatchObject({ errCode: ErrCode.Business, code: 'E1006' });
    expect(frozenPayee.msg).toMatch(/payee/);
    await t.services.walletAccounts.setFrozen(alice.user.userId, false);
    expect(dataOf(await pay(bob, contract.contractId)).fsmCurrentState).toBe('paid');
  });

  it('refuses paying oneself (E1013)', async () => {
    const contract = await signPaid(bob, bob);
    const self = await refused(contract.contractId, [bob.account], () => pay(bob, contract.contractId));
    expect(self).toMatchObject({ errCode: ErrCode.Business, code: 'E1013' });
  });

  it('counts wrong pay passwords (E1010 with tries left), then locks payments (E1011), moving nothing', async () => {
    const erin = await party(100_000);
    const contract = await signPaid(alice, erin);
    const accounts = [erin.account, alice.account];
    const wrong = () => pay(erin, contract.contractId, { password: '000000' });
    const first = await refused(contract.contractId, accounts, wrong);
    expect(first).toMatchObject({ errCode: ErrCode.Business, code: 'E1010' });
    expect(first.msg).toMatch(/4 tries left/);
    for (let attempt = 2; attempt <= 5; attempt += 1)
      expect((await refused(contract.contractId, accounts, wrong)).code).toBe('E1010');
    const locked = await refused(contract.contractId, accounts, () => pay(erin, contract.contractId));
    expect(locked).toMatchObject({ errCode: ErrCode.Business, code: 'E1011' });
  });

  it('answers in the caller’s language', async () => {
    const contract = await signPaid();
    const response = await bob.client.post(
      payPath(contract.contractId),
      {
        eventId: paidEvents.get(contract.contractId),
        accountId: bob.account.accountId,
        transactionAmount: '9.00',
        password: TEST_PAY_PASSWORD,
      },
      { locale: 'zh_CN' },
    );
    expect(envelopeOf(response).msg).toMatch(/支付金额必须正好是 10\.00/);
  });

  it('charges once for ten parallel payments of one event, with or without a key', async () => {
    const keys: Record<string, string>[] = [{}, { 'Idempotency-Key': 'parallel' }];
    for (const headers of keys) {
      const payer = await party(100_000);
      const contract = await signPaid(alice, payer);
      const answers = await Promise.all(Array.from({ length: 10 }, () => pay(payer, contract.contractId, {}, headers)));
      const paid = answers.filter((answer) => errCodeOf(answer) === 0).map((answer) => dataOf(answer));
      expect(paid.length).toBeGreaterThan(0);
      const records = await paymentsOf(contract.contractId);
      expect(records).toHaveLength(1);
      expect(new Set(paid.map((answer) => answer.transactionRecordId))).toEqual(new Set([records[0]?.recordId]));
      // Right passwords at once all pass the limiter (none counts as a wrong try): the others find the event paid.
      for (const answer of answers.filter((one) => errCodeOf(one) !== 0))
        expect(envelopeOf(answer).data?.code).toBe('E1021');
      expect(await t.services.walletAccounts.verifyPayPassword(payer.user.userId, TEST_PAY_PASSWORD)).toBe(true);
      expect(await balanceOf(t, payer.account.accountId)).toBe(99_000);
      expect((await contractRow(t, contract.contractId)).fsmCurrentState).toBe('paid');
      expect(await recordsOf(contract.contractId)).toHaveLength(2);
    }
  });

  it('leaves a ledger that reconciles', async () => {
    expect((await t.services.walletAdmin.reconcile()).differences).toEqual([]);
  });
});
