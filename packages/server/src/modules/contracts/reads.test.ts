// Reading contracts (API.md §3.11, §5.2; DOMAIN §2.13, §2.14): the parties' pages with every filter,
// paging and order, batches, detail, suggestions, counts, transition records, isCanExecEvent and the
// consumer's default contract; a third user sees nothing of them.
import type {
  CanExecEventWire,
  ContractView,
  KeywordSuggestionWire,
  SignCountWire,
  SubjectSignCountWire,
  TransitionRecordWire,
} from '@tessera/contract/contracts';
import {
  contractDisplayGroup,
  contractDisplayState,
  ErrCode,
  type ApiEnvelope,
  type Language,
  type Page,
} from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  badFieldsOf,
  createTestApp,
  dataOf,
  errCodeOf,
  type ApiResponse,
  type TestApp,
  type TestClient,
} from '../../testing';
import type { ContractRow } from './repo';
import {
  SEED_ENDED_POLICY,
  SEED_FREE_POLICY,
  SEED_PAID_POLICY,
  seedContract,
  seedContractPayment,
  type SeededParty,
} from './testing';

const CONTRACTS = '/v2/contracts';
const UNKNOWN_ID = 'ffffffffffffffffffffffff';
const PAID_20_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("20.00","self.account") => paid\n\npaid[active]:\n  terminate';

type Query = Record<string, string | number>;

const hexId = (n: number): string => n.toString(16).padStart(24, 'a');
const idsOf = (list: readonly { contractId?: string }[]): (string | undefined)[] => list.map((c) => c.contractId);
const msgOf = (response: ApiResponse<unknown>): string => (response.body as ApiEnvelope<unknown>).msg;

describe('reading contracts', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let aliceId: number;
  let bobId: number;
  let bobName: string;
  let sunset: SeededParty;
  let novel: SeededParty;
  let remix: SeededParty;
  let coverArt: SeededParty;
  let node: SeededParty;
  let bobUser: SeededParty;
  const exhibit = { id: hexId(0x50), name: '海边日落展 Exhibit', type: 2 };
  /** c1 authorised, c2 pending (a payment waits), c3 ended, c4 exception, c5/c6 consumer contracts, c7 Bob licenses Alice. */
  let c1: ContractRow, c2: ContractRow, c3: ContractRow, c4: ContractRow;
  let c5: ContractRow, c6: ContractRow, c7: ContractRow;

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-01T00:00:00.000Z' });
    const a = await t.login({ username: `alice${process.pid}` });
    const b = await t.login({ username: `bob${process.pid}` });
    ({ client: carol } = await t.login({ username: `carol${process.pid}` }));
    [alice, aliceId, bob, bobId, bobName] = [a.client, a.user.userId, b.client, b.user.userId, b.user.username];
    const own = (id: string, name: string, owner: typeof a.user): SeededParty => ({
      id,
      name,
      ownerId: owner.userId,
      ownerName: owner.username,
    });
    sunset = own(hexId(1), 'alice/Sunset Photo', a.user);
    novel = own(hexId(2), 'alice/Midnight Novel', a.user);
    remix = own(hexId(3), 'bob/Remix', b.user);
    coverArt = own(hexId(4), 'bob/Cover Art', b.user);
    node = own('1001', 'alice-node', a.user);
    bobUser = own(String(bobId), bobName, b.user);

    c1 = await seedContract(t, {
      licensor: sunset,
      licensee: remix,
      contractName: 'Free licence',
      signedAt: '2025-01-10T10:00:00.000Z',
    });
    c2 = await seedContract(t, {
      licensor: novel,
      licensee: remix,
      policyText: SEED_PAID_POLICY,
      contractName: 'Paid licence',
      // 2025-01-20 23:59:59 on the platform's calendar (UTC+8).
      signedAt: '2025-01-20T15:59:59.000Z',
    });
    c3 = await seedContract(t, {
      licensor: sunset,
      licensee: coverArt,
      policyText: SEED_ENDED_POLICY,
      contractName: 'Ended',
      // 2025-02-01 00:00 on the platform's calendar.
      signedAt: '2025-01-31T16:00:00.000Z',
    });
    c4 = await seedContract(t, {
      licensor: novel,
      licensee: remix,
      policyText: PAID_20_POLICY,
      contractName: 'Broken',
      signedAt: '2025-02-10T00:00:00.000Z',
      changes: { status: 2 },
    });
    const consumer = { licensor: node, licensee: bobUser, licenseeIdentityType: 3, subject: exhibit };
    c5 = await seedContract(t, {
      ...consumer,
      contractName: 'Exhibit free',
      signedAt: '2025-02-15T00:00:00.000Z',
      changes: { isDefault: 1 },
    });
    c6 = await seedContract(t, {
      ...consumer,
      policyText: SEED_PAID_POLICY,
      contractName: 'Exhibit paid',
      signedAt: '2025-02-16T00:00:00.000Z',
    });
    c7 = await seedContract(t, {
      licensor: remix,
      licensee: novel,
      contractName: 'Back',
      signedAt: '2025-02-20T00:00:00.000Z',
    });
  });
  afterAll(() => t.close());

  const pageOf = (client: TestClient, query: Query, language?: Language) =>
    client.get<Page<ContractView>>(CONTRACTS, { query, ...(language ? { locale: language } : {}) });
  const page = (client: TestClient, query: Query) => pageOf(client, query).then(dataOf);
  /** The ids Alice lists as licensor with these filters. */
  const asLicensor = async (query: Query = {}) => idsOf((await page(alice, { identityType: 1, ...query })).dataList);

  describe('GET /v2/contracts', () => {
    it('lists the caller’s contracts as licensor or licensee, newest first; a third user sees none', async () => {
      const all = [c6, c5, c4, c3, c2, c1].map((c) => c.contractId);
      const mine = await page(alice, { identityType: 1 });
      expect(mine).toMatchObject({ skip: 0, totalItem: 6 });
      expect(idsOf(mine.dataList)).toEqual(all);
      expect(idsOf((await page(bob, { identityType: 2 })).dataList)).toEqual(all);
      expect(idsOf((await page(alice, { identityType: 2 })).dataList)).toEqual([c7.contractId]);
      expect(idsOf((await page(bob, { identityType: 1 })).dataList)).toEqual([c7.contractId]);
      for (const identityType of [1, 2])
        expect(await page(carol, { identityType })).toMatchObject({ totalItem: 0, dataList: [] });
      expect(errCodeOf(await pageOf(t.client(), { identityType: 1 }))).toBe(ErrCode.NotLoggedIn);
      expect(badFieldsOf(await pageOf(alice, {}))).toEqual(['identityType']);
    });

    it('answers whole contracts as the wire shows them', async () => {
      const [first] = (await page(bob, { identityType: 2, licenseeIdentityType: 3, isDefault: 1 })).dataList;
      expect(first).toEqual({
        contractId: c5.contractId,
        contractName: 'Exhibit free',
        subjectId: exhibit.id,
        subjectName: exhibit.name,
        subjectType: 2,
        licensorId: '1001',
        licensorName: 'alice-node',
        licensorOwnerId: aliceId,
        licensorOwnerName: `alice${process.pid}`,
        licenseeId: String(bobId),
        licenseeName: bobName,
        licenseeOwnerId: bobId,
        licenseeOwnerName: bobName,
        licenseeIdentityType: 3,
        policyId: c5.policyId,
        isDefault: 1,
        status: 0,
        authStatus: 1,
        isAuth: true,
        isTestAuth: false,
        fsmCurrentState: 'initial',
        fsmCurrentStateColors: ['active'],
        fsmStateEnterDate: '2025-02-15T00:00:00.000Z',
        fsmDeclarations: { envArgs: [{ name: 'self.account', accountId: '', ownerName: `alice${process.pid}` }] },
        fsmRunningStatus: 8,
        createDate: '2025-02-15T00:00:00.000Z',
        updateDate: '2025-02-15T00:00:00.000Z',
      });
    });

    it('pages and orders: order asc|desc, sort createDate:±1 winning over order', async () => {
      const newestFirst = [c6, c5, c4, c3, c2, c1].map((c) => c.contractId);
      const second = await page(alice, { identityType: 1, skip: 1, limit: 2 });
      expect(second).toMatchObject({ skip: 1, limit: 2, totalItem: 6 });
      expect(idsOf(second.dataList)).toEqual(newestFirst.slice(1, 3));
      expect(await asLicensor({ order: 'asc' })).toEqual([...newestFirst].reverse());
      expect(await asLicensor({ order: 'desc' })).toEqual(newestFirst);
      expect(await asLicensor({ sort: 'createDate:1', order: 'desc' })).toEqual([...newestFirst].reverse());
      expect(await asLicensor({ sort: 'createDate:-1', order: 'asc' })).toEqual(newestFirst);
      expect((await page(alice, { identityType: 1, skip: 6 })).dataList).toEqual([]);
      expect(badFieldsOf(await pageOf(alice, { identityType: 1, sort: 'contractName:1' }))).toEqual(['sort']);
      expect(badFieldsOf(await pageOf(alice, { identityType: 1, order: 'up' }))).toEqual(['order']);
    });

    it('filters by parties, subjects, identity, default flag, status and authStatus (comma lists)', async () => {
      expect(await asLicensor({ licensorId: sunset.id })).toEqual([c3.contractId, c1.contractId]);
      expect(await asLicensor({ licensorName: 'MIDNIGHT' })).toEqual([c4.contractId, c2.contractId]);
      expect(await asLicensor({ licenseeId: coverArt.id })).toEqual([c3.contractId]);
      expect(await asLicensor({ licenseeName: 'cover a' })).toEqual([c3.contractId]);
      expect(await asLicensor({ subjectIds: `${sunset.id},${exhibit.id}` })).toEqual(
        [c6, c5, c3, c1].map((c) => c.contractId),
      );
      expect(await asLicensor({ subjectIds: ',' })).toHaveLength(6);
      expect(await asLicensor({ subjectType: 2 })).toEqual([c6.contractId, c5.contractId]);
      expect(await asLicensor({ licenseeIdentityType: 3 })).toEqual([c6.contractId, c5.contractId]);
      expect(await asLicensor({ licenseeIdentityType: 1 })).toEqual([c4, c3, c2, c1].map((c) => c.contractId));
      expect(await asLicensor({ isDefault: 1 })).toEqual([c5.contractId]);
      expect(await asLicensor({ isDefault: 0 })).toHaveLength(5);
      expect(await asLicensor({ status: '1,2' })).toEqual([c4.contractId, c3.contractId]);
      expect(await asLicensor({ status: 0 })).toEqual([c6, c5, c2, c1].map((c) => c.contractId));
      expect(await asLicensor({ authStatus: 1 })).toEqual([c5.contractId, c1.contractId]);
      expect(await asLicensor({ authStatus: '128' })).toEqual([c6, c4, c3, c2].map((c) => c.contractId));
      // Combined: every filter must hold.
      expect(await asLicensor({ licensorId: novel.id, status: 0 })).toEqual([c2.contractId]);
      expect(await asLicensor({ subjectType: 2, isDefault: 0, authStatus: 128 })).toEqual([c6.contractId]);
      expect(await asLicensor({ licensorId: sunset.id, licenseeId: remix.id })).toEqual([c1.contractId]);
      expect(badFieldsOf(await pageOf(alice, { identityType: 1, status: 'x' }))).toEqual(['status']);
    });

    it('groups by displayStatus as the lists show them: 0 pending, 1 authorised, 2 stopped', async () => {
      expect(await asLicensor({ displayStatus: 0 })).toEqual([c6.contractId, c2.contractId]);
      expect(await asLicensor({ displayStatus: 1 })).toEqual([c5.contractId, c1.contractId]);
      expect(await asLicensor({ displayStatus: 2 })).toEqual([c4.contractId, c3.contractId]);
      expect(await asLicensor({ displayStatus: '0,2' })).toEqual([c6, c4, c3, c2].map((c) => c.contractId));
      expect(await asLicensor({ displayStatus: 1, subjectType: 1 })).toEqual([c1.contractId]);
      expect(await asLicensor({ displayStatus: 2, status: 1 })).toEqual([c3.contractId]);
      expect(await asLicensor({ displayStatus: 7 })).toEqual([]);
      // The same grouping as the domain's, contract by contract.
      for (const contract of (await page(alice, { identityType: 1 })).dataList) {
        const group = contractDisplayGroup(contractDisplayState(contract.status ?? -1, contract.authStatus ?? -1));
        expect(await asLicensor({ displayStatus: group })).toContain(contract.contractId);
      }
    });

    it('matches keywords in the contract, subject and party names (any case) or a whole contract id', async () => {
      expect(await asLicensor({ keywords: 'sunset' })).toEqual([c3.contractId, c1.contractId]);
      expect(await asLicensor({ keywords: 'FREE LICENCE' })).toEqual([c1.contractId]);
      expect(await asLicensor({ keywords: 'remix' })).toEqual([c4, c2, c1].map((c) => c.contractId));
      expect(await asLicensor({ keywords: '日落' })).toEqual([c6.contractId, c5.contractId]);
      expect(await asLicensor({ keywords: 'ALICE-NODE' })).toEqual([c6.contractId, c5.contractId]);
      expect(await asLicensor({ keywords: c4.contractId })).toEqual([c4.contractId]);
      expect(await asLicensor({ keywords: c4.contractId.slice(0, 12).replace(/[a-f]/g, '0') })).toEqual([]);
      expect(await asLicensor({ keywords: '%' })).toEqual([]);
      expect(await asLicensor({ keywords: '_' })).toEqual([]);
      expect(await asLicensor({ keywords: 'sunset', status: 0 })).toEqual([c1.contractId]);
      // Another party's contract is never found by its id.
      expect(idsOf((await page(carol, { identityType: 2, keywords: c1.contractId })).dataList)).toEqual([]);
    });

    it('bounds createDate by startDate and endDate on the platform calendar (a plain end date keeps its whole day)', async () => {
      expect(await asLicensor({ startDate: '2025-02-01' })).toEqual([c6, c5, c4, c3].map((c) => c.contractId));
      expect(await asLicensor({ endDate: '2025-01-31' })).toEqual([c2.contractId, c1.contractId]);
      expect(await asLicensor({ endDate: '2025-01-20' })).toEqual([c2.contractId, c1.contractId]);
      expect(await asLicensor({ endDate: '2025-01-20 23:59' })).toEqual([c1.contractId]);
      expect(await asLicensor({ endDate: '2025-01-20 23:59:59' })).toEqual([c2.contractId, c1.contractId]);
      expect(await asLicensor({ startDate: '2025-01-20T15:59:59Z', endDate: '2025-02-01' })).toEqual([
        c3.contractId,
        c2.contractId,
      ]);
      expect(await asLicensor({ startDate: '2025-02-11', endDate: '2025-02-15', licenseeIdentityType: 3 })).toEqual([
        c5.contractId,
      ]);
      expect(badFieldsOf(await pageOf(alice, { identityType: 1, startDate: '2025-02-30' }))).toEqual(['startDate']);
      expect(badFieldsOf(await pageOf(alice, { identityType: 1, endDate: 'yesterday' }))).toEqual(['endDate']);
    });

    it('keeps the projected fields, and adds policyInfo (translated with isTranslate=1) when asked', async () => {
      const projected = (await page(alice, { identityType: 1, projection: 'contractId,status,nothing', limit: 1 }))
        .dataList;
      expect(projected).toEqual([{ contractId: c6.contractId, status: 0 }]);
      const [withPolicy] = (
        await page(alice, { identityType: 1, licensorId: sunset.id, status: 0, isLoadPolicyInfo: 1 })
      ).dataList;
      expect(withPolicy?.policyInfo).toMatchObject({ policyId: c1.policyId, policyText: SEED_FREE_POLICY });
      expect(withPolicy?.policyInfo?.fsmDescriptionInfo).toHaveProperty('initial');
      expect(withPolicy?.policyInfo).not.toHaveProperty('translateInfo');
      const translated = async (language: Language) => {
        const query = { identityType: 1, licensorId: sunset.id, status: 0, isLoadPolicyInfo: 1, isTranslate: 1 };
        const [contract] = dataOf(await pageOf(alice, { ...query, projection: 'contractId' }, language)).dataList;
        expect(Object.keys(contract ?? {}).sort()).toEqual(['contractId', 'policyInfo']);
        return contract?.policyInfo?.translateInfo?.content ?? '';
      };
      const [zh, en] = [await translated('zh_CN'), await translated('en_US')];
      expect(zh).not.toBe('');
      expect(en).not.toBe('');
      expect(zh).not.toBe(en);
      expect((await page(alice, { identityType: 1, isTranslate: 1, limit: 1 })).dataList[0]).not.toHaveProperty(
        'policyInfo',
      );
    });
  });

  describe('GET /v2/contracts/list and /v2/contracts/{id}', () => {
    const listOf = (client: TestClient, query: Query) => client.get<ContractView[]>(`${CONTRACTS}/list`, { query });
    const list = (client: TestClient, query: Query) => listOf(client, query).then(dataOf);

    it('lists by contract ids in their order, or by subject ids newest first; the caller’s only', async () => {
      const contractIds = `${c3.contractId},${c1.contractId},${UNKNOWN_ID},${c7.contractId}`;
      expect(idsOf(await list(alice, { contractIds }))).toEqual([c3.contractId, c1.contractId, c7.contractId]);
      expect(idsOf(await list(bob, { contractIds }))).toEqual([c3.contractId, c1.contractId, c7.contractId]);
      expect(await list(carol, { contractIds })).toEqual([]);
      expect(idsOf(await list(alice, { subjectIds: `${novel.id},${remix.id}` }))).toEqual(
        [c7, c4, c2].map((c) => c.contractId),
      );
      expect(idsOf(await list(alice, { subjectIds: sunset.id, contractIds: c1.contractId }))).toEqual([c1.contractId]);
    });

    it('filters the list by status, authStatusList, parties and identity; projects and loads policies', async () => {
      const subjectIds = `${sunset.id},${novel.id},${exhibit.id}`;
      expect(idsOf(await list(alice, { subjectIds, contractStatus: 1 }))).toEqual([c3.contractId]);
      expect(idsOf(await list(alice, { subjectIds, contractStatus: 0, authStatusList: '1,2,3' }))).toEqual([
        c5.contractId,
        c1.contractId,
      ]);
      expect(idsOf(await list(alice, { subjectIds, licensorId: novel.id, licenseeId: remix.id }))).toEqual([
        c4.contractId,
        c2.contractId,
      ]);
      expect(idsOf(await list(alice, { subjectIds: sunset.id, licensorId: ' ', licenseeId: '' }))).toEqual([
        c3.contractId,
        c1.contractId,
      ]);
      expect(idsOf(await list(alice, { subjectIds, licenseeIdentityType: 3, subjectType: 2 }))).toEqual([
        c6.contractId,
        c5.contractId,
      ]);
      const [projected] = await list(bob, {
        contractIds: c2.contractId,
        projection: 'contractId,policyId',
        isLoadPolicyInfo: 1,
      });
      expect(projected).toEqual({
        contractId: c2.contractId,
        policyId: c2.policyId,
        policyInfo: expect.objectContaining({ policyId: c2.policyId, policyText: SEED_PAID_POLICY }),
      });
    });

    it('needs contract ids or subject ids, at most 300', async () => {
      expect(badFieldsOf(await listOf(alice, {}))).toEqual(['contractIds']);
      expect(badFieldsOf(await listOf(alice, { contractIds: ' , ' }))).toEqual(['contractIds']);
      const many = Array.from({ length: 301 }, (_, index) => hexId(index + 1000)).join(',');
      expect(badFieldsOf(await listOf(alice, { contractIds: many }))).toEqual(['contractIds']);
      expect(badFieldsOf(await listOf(alice, { subjectIds: many }))).toEqual(['subjectIds']);
      expect(errCodeOf(await listOf(t.client(), { contractIds: c1.contractId }))).toBe(ErrCode.NotLoggedIn);
    });

    it('shows one contract to its parties’ owners only; to others exactly as an unknown one', async () => {
      const detailOf = (client: TestClient, contractId: string, query: Query = {}) =>
        client.get<ContractView>(`${CONTRACTS}/${contractId}`, { query, locale: 'en_US' });
      expect(dataOf(await detailOf(alice, c2.contractId))).toMatchObject({
        contractId: c2.contractId,
        authStatus: 128,
      });
      expect(dataOf(await detailOf(bob, c2.contractId, { projection: 'contractName' }))).toEqual({
        contractName: 'Paid licence',
      });
      const withPolicy = dataOf(await detailOf(bob, c2.contractId, { isLoadPolicyInfo: 1, isTranslate: 1 }));
      expect(withPolicy.policyInfo?.translateInfo?.content).toContain('10.00');
      const foreign = await detailOf(carol, c2.contractId);
      const unknown = await detailOf(carol, UNKNOWN_ID);
      expect(errCodeOf(foreign)).toBe(ErrCode.Business);
      expect(foreign.body).toEqual(unknown.body);
      expect(msgOf(unknown)).toBe('The contract does not exist');
      expect(errCodeOf(await detailOf(alice, 'not-an-id'))).toBe(ErrCode.Business);
      expect(errCodeOf(await detailOf(t.client(), c2.contractId))).toBe(ErrCode.NotLoggedIn);
    });
  });

  describe('GET /v2/contracts/{id}/transitionRecords and isCanExecEvent', () => {
    let paid: ContractRow;

    beforeAll(async () => {
      paid = await seedContract(t, {
        licensor: coverArt,
        licensee: sunset,
        policyText: SEED_PAID_POLICY,
        signedAt: '2025-02-25T00:00:00.000Z',
      });
      paid = await seedContractPayment(t, paid.contractId, new Date('2025-02-26T08:00:00.000Z'));
    });

    /** The payment event of the contract's initial state. */
    const initialPaymentOf = async (contract: ContractRow): Promise<string> => {
      const options = { isTranslate: false, language: 'en_US' as const };
      const policy = (await t.services.policies.wiresOf([contract.policyId], options)).get(contract.policyId);
      const fsm = policy?.fsmDescriptionInfo as unknown as Record<string, { transitions: { eventId: string }[] }>;
      return fsm.initial?.transitions[0]?.eventId ?? '';
    };

    const recordsOf = (client: TestClient, contractId: string, query: Query = {}, language: Language = 'en_US') =>
      client.get<Page<TransitionRecordWire>>(`${CONTRACTS}/${contractId}/transitionRecords`, {
        query,
        locale: language,
      });

    it('pages the history oldest first, with its event info', async () => {
      const history = dataOf(await recordsOf(alice, paid.contractId));
      expect(history).toMatchObject({ skip: 0, limit: 100, totalItem: 2 });
      expect(history.dataList).toEqual([
        {
          recordId: expect.stringMatching(/^[0-9a-f]{24}$/),
          contractId: paid.contractId,
          fromState: '_none_',
          toState: 'initial',
          eventId: 'init',
          eventInfo: { code: 'init', name: 'init', args: {} },
          createDate: '2025-02-25T00:00:00.000Z',
        },
        {
          recordId: paid.stateEntryRecordId,
          contractId: paid.contractId,
          fromState: 'initial',
          toState: 'paid',
          eventId: expect.any(String),
          eventInfo: expect.objectContaining({ name: 'TransactionEvent', triggerUserId: aliceId }),
          createDate: '2025-02-26T08:00:00.000Z',
        },
      ]);
      const second = dataOf(await recordsOf(bob, paid.contractId, { skip: 1, limit: 1 }));
      expect(second).toMatchObject({ skip: 1, limit: 1, totalItem: 2 });
      expect(second.dataList.map((record) => record.toState)).toEqual(['paid']);
    });

    it('adds each record as a sentence in the caller’s language with isTranslate=1', async () => {
      const sentences = async (language: Language) =>
        dataOf(await recordsOf(bob, paid.contractId, { isTranslate: 1 }, language)).dataList.map(
          (record) => record.translation,
        );
      expect(await sentences('en_US')).toEqual([
        'Signed: entered initial',
        'Paid 10.00 coins: entered paid; authorized for good',
      ]);
      expect(await sentences('zh_CN')).toEqual(['签约，进入 initial', '支付了 10.00 代币，进入 paid，永久获得授权']);
      const plain = dataOf(await recordsOf(bob, paid.contractId)).dataList;
      expect(plain[0]).not.toHaveProperty('translation');
    });

    it('shows the history to the parties’ owners only', async () => {
      const foreign = await recordsOf(carol, paid.contractId);
      expect(errCodeOf(foreign)).toBe(ErrCode.Business);
      expect(foreign.body).toEqual((await recordsOf(carol, UNKNOWN_ID)).body);
      expect(errCodeOf(await recordsOf(t.client(), paid.contractId))).toBe(ErrCode.NotLoggedIn);
    });

    it('tells the licensee’s owner whether a payment of the current state can be made now', async () => {
      const canExec = (client: TestClient, contract: ContractRow, eventId: string) =>
        client.get<CanExecEventWire>(`${CONTRACTS}/${contract.contractId}/isCanExecEvent`, { query: { eventId } });
      const payEventId = await initialPaymentOf(c2);
      // c2 waits for the same payment (same policy) in its initial state.
      const answer = dataOf(await canExec(bob, c2, payEventId));
      expect(answer).toMatchObject({ eventId: payEventId, isCanExec: true });
      expect(answer.contractInfo).toMatchObject({ contractId: c2.contractId, fsmCurrentState: 'initial' });
      expect(dataOf(await canExec(alice, c2, payEventId)).isCanExec).toBe(false);
      expect(dataOf(await canExec(bob, c2, 'nope')).isCanExec).toBe(false);
      // Paid already: the state has no payment left.
      expect(dataOf(await canExec(alice, paid, payEventId)).isCanExec).toBe(false);
      // An exception accepts no events, even its state's payment.
      expect(dataOf(await canExec(bob, c4, await initialPaymentOf(c4))).isCanExec).toBe(false);
      const foreign = await canExec(carol, c2, payEventId);
      expect(errCodeOf(foreign)).toBe(ErrCode.Business);
      expect(foreign.body).toEqual((await canExec(carol, { ...c2, contractId: UNKNOWN_ID }, payEventId)).body);
      expect(badFieldsOf(await bob.get(`${CONTRACTS}/${c2.contractId}/isCanExecEvent`))).toEqual(['eventId']);
    });
  });

  describe('counts and suggestions', () => {
    const signCountOf = (client: TestClient, query: Query) =>
      client.get<SignCountWire[]>(`${CONTRACTS}/signCount`, { query });
    const signCount = (client: TestClient, query: Query) => signCountOf(client, query).then(dataOf);
    const counts = async (client: TestClient, query: Query) =>
      (await signCount(client, query)).map((item) => item.count);

    it('counts the caller’s contracts per licensor, owner, licensee or subject; another user’s count 0', async () => {
      expect(await signCount(alice, { objectType: 1, objectIds: `${sunset.id},${novel.id},${remix.id}` })).toEqual([
        { key: sunset.id, field: 'licensorId', count: 2 },
        { key: novel.id, field: 'licensorId', count: 2 },
        { key: remix.id, field: 'licensorId', count: 0 },
      ]);
      expect(await counts(bob, { objectType: 1, objectIds: remix.id })).toEqual([1]);
      expect(await signCount(alice, { objectType: 2, objectIds: `${aliceId},${bobId}` })).toEqual([
        { key: String(aliceId), field: 'licensorOwnerId', count: 6 },
        { key: String(bobId), field: 'licensorOwnerId', count: 0 },
      ]);
      expect(await counts(bob, { objectType: 3, objectIds: `${remix.id},${coverArt.id}` })).toEqual([3, 1]);
      expect(await counts(alice, { objectType: 3, objectIds: remix.id })).toEqual([0]);
      expect(await signCount(bob, { objectType: 4, objectIds: bobId })).toEqual([
        { key: String(bobId), field: 'licenseeOwnerId', count: 6 },
      ]);
      expect(await counts(alice, { objectType: 5, objectIds: `${sunset.id},${exhibit.id},${UNKNOWN_ID}` })).toEqual([
        2, 2, 0,
      ]);
      expect(await counts(bob, { objectType: 5, objectIds: sunset.id })).toEqual([2]);
      expect(await counts(carol, { objectType: 5, objectIds: sunset.id })).toEqual([0]);
      expect(await counts(alice, { objectType: 2, objectIds: aliceId, subjectType: 2 })).toEqual([2]);
      expect(await counts(alice, { objectType: 2, objectIds: aliceId, startDate: '2025-02-01' })).toEqual([4]);
      expect(await counts(alice, { objectType: 2, objectIds: aliceId, endDate: '2025-01-20' })).toEqual([2]);
      expect(badFieldsOf(await signCountOf(alice, { objectType: 2, objectIds: 'abc' }))).toEqual(['objectIds']);
      expect(badFieldsOf(await signCountOf(alice, { objectType: 6, objectIds: aliceId }))).toEqual(['objectType']);
      expect(errCodeOf(await signCountOf(t.client(), { objectType: 2, objectIds: aliceId }))).toBe(ErrCode.NotLoggedIn);
    });

    it('counts live contracts per subject for anyone', async () => {
      const subjectCounts = (query: Query) =>
        t.client().get<SubjectSignCountWire[]>(`${CONTRACTS}/subjects/signCount`, { query }).then(dataOf);
      expect(await subjectCounts({ subjectIds: `${sunset.id},${novel.id},${exhibit.id},${UNKNOWN_ID}` })).toEqual([
        { subjectId: sunset.id, count: 1 },
        { subjectId: novel.id, count: 2 },
        { subjectId: exhibit.id, count: 2 },
        { subjectId: UNKNOWN_ID, count: 0 },
      ]);
      expect(await subjectCounts({ subjectIds: `${sunset.id},${exhibit.id}`, subjectType: 2 })).toEqual([
        { subjectId: sunset.id, count: 0 },
        { subjectId: exhibit.id, count: 2 },
      ]);
    });

    it('suggests subject names or the other party’s names by prefix (any case), most used first', async () => {
      const suggestOf = (client: TestClient, query: Query) =>
        client.get<KeywordSuggestionWire[]>(`${CONTRACTS}/keywordSuggest`, { query });
      const suggest = (client: TestClient, query: Query) => suggestOf(client, query).then(dataOf);
      expect(await suggest(alice, { identityType: 1, prefixType: 1, prefix: 'ALICE/' })).toEqual([
        { value: 'alice/Midnight Novel', count: 2 },
        { value: 'alice/Sunset Photo', count: 2 },
      ]);
      expect(await suggest(alice, { identityType: 1, prefixType: 1, prefix: '海边' })).toEqual([
        { value: exhibit.name, count: 2 },
      ]);
      expect(await suggest(alice, { identityType: 1, prefixType: 2, prefix: 'bob' })).toEqual([
        { value: 'bob/Remix', count: 3 },
        { value: bobName, count: 2 },
        { value: 'bob/Cover Art', count: 1 },
      ]);
      expect(await suggest(bob, { identityType: 2, prefixType: 2, prefix: 'alice' })).toEqual([
        { value: 'alice-node', count: 2 },
        { value: 'alice/Midnight Novel', count: 2 },
        { value: 'alice/Sunset Photo', count: 2 },
      ]);
      expect(await suggest(alice, { identityType: 2, prefixType: 2, prefix: 'b' })).toEqual([
        { value: 'bob/Cover Art', count: 1 },
        { value: 'bob/Remix', count: 1 },
      ]);
      expect(await suggest(alice, { identityType: 1, prefixType: 1, prefix: 'sunset' })).toEqual([]);
      expect(await suggest(alice, { identityType: 1, prefixType: 1, prefix: '%' })).toEqual([]);
      expect(
        await suggest(alice, { identityType: 1, prefixType: 1, prefix: 'alice', startDate: '2025-02-01' }),
      ).toEqual([
        { value: 'alice/Midnight Novel', count: 1 },
        { value: 'alice/Sunset Photo', count: 1 },
      ]);
      expect(await suggest(carol, { identityType: 1, prefixType: 1, prefix: 'a' })).toEqual([]);
      expect(badFieldsOf(await suggestOf(alice, { identityType: 1, prefixType: 1, prefix: '' }))).toEqual(['prefix']);
    });

    it('suggests at most 10 names', async () => {
      const { user } = await t.login();
      const owner = { ownerId: user.userId, ownerName: user.username };
      for (let index = 0; index < 11; index += 1) {
        const subject = { id: hexId(0x900 + index), name: `series ${String(index).padStart(2, '0')}`, ...owner };
        await seedContract(t, { licensor: subject, licensee: remix });
      }
      const suggestions = dataOf(
        await (
          await t.login(user)
        ).client.get<KeywordSuggestionWire[]>(`${CONTRACTS}/keywordSuggest`, {
          query: { identityType: 1, prefixType: 1, prefix: 'Series' },
        }),
      );
      expect(suggestions.map((item) => item.value)).toEqual(
        Array.from({ length: 10 }, (_, index) => `series ${String(index).padStart(2, '0')}`),
      );
    });
  });

  describe('PUT /v2/contracts/{id}/setDefault', () => {
    const setDefault = (client: TestClient, contractId: string) =>
      client.put<true>(`${CONTRACTS}/${contractId}/setDefault`, undefined, { locale: 'en_US' });
    const flags = async (...contracts: ContractRow[]) => {
      const rows = await t.db
        .selectFrom('contracts')
        .select(['contractId', 'isDefault'])
        .where(
          'contractId',
          'in',
          contracts.map((c) => c.contractId),
        )
        .execute();
      const byId = new Map(rows.map((row) => [row.contractId, row.isDefault]));
      return contracts.map((c) => byId.get(c.contractId));
    };

    it('makes a consumer contract the licensee owner’s only default on its exhibit', async () => {
      const { user: dave } = await t.login();
      const daveUser = { id: String(dave.userId), name: dave.username, ownerId: dave.userId, ownerName: dave.username };
      const davesDefault = await seedContract(t, {
        licensor: node,
        licensee: daveUser,
        licenseeIdentityType: 3,
        subject: exhibit,
        changes: { isDefault: 1 },
      });
      const otherExhibit = await seedContract(t, {
        licensor: node,
        licensee: bobUser,
        licenseeIdentityType: 3,
        subject: { id: hexId(0x51), name: 'Another exhibit', type: 2 },
        changes: { isDefault: 1 },
      });
      t.clock.advance({ minutes: 5 });
      expect(dataOf(await setDefault(bob, c6.contractId))).toBe(true);
      expect(await flags(c6, c5, davesDefault, otherExhibit)).toEqual([1, 0, 1, 1]);
      const [after] = await t.db.selectFrom('contracts').selectAll().where('contractId', '=', c6.contractId).execute();
      expect(after?.updateDate).toBe(t.clock.now().toISOString());
      expect(dataOf(await setDefault(bob, c6.contractId))).toBe(true);
      expect(await flags(c6, c5)).toEqual([1, 0]);
      expect(dataOf(await setDefault(bob, c5.contractId))).toBe(true);
      expect(await flags(c6, c5, davesDefault, otherExhibit)).toEqual([0, 1, 1, 1]);
    });

    it('refuses the licensor’s owner, other contracts than consumers’ and other users (errCode 2)', async () => {
      const licensorTry = await setDefault(alice, c6.contractId);
      expect(errCodeOf(licensorTry)).toBe(ErrCode.Business);
      expect(msgOf(licensorTry)).toBe("Only a consumer's own contract on an exhibit can be made the default");
      expect(errCodeOf(await setDefault(bob, c1.contractId))).toBe(ErrCode.Business);
      const foreign = await setDefault(carol, c6.contractId);
      expect(errCodeOf(foreign)).toBe(ErrCode.Business);
      expect(foreign.body).toEqual((await setDefault(carol, UNKNOWN_ID)).body);
      expect(errCodeOf(await setDefault(t.client(), c6.contractId))).toBe(ErrCode.NotLoggedIn);
      expect(await flags(c6, c5, c1)).toEqual([0, 1, 0]);
    });
  });
});
