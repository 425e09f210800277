// A real contract payment (the contracts module's payment call) in both parties' statements, record
// details and statistics: the wallet reads what the payment writes.
import type { ContractPaymentWire, ContractWire } from '@tessera/contract/contracts';
import type { StatementLineWire, TransactionRecordWire, TransactionStatisticsWire } from '@tessera/contract/wallet';
import { stateOf, type Page, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import { createResource, onlineResource, PAID_POLICY, policy } from '../resources/testing';
import type { AccountRow } from './repo';
import { DETAILS_PATH, fundedAccount, query, RECORDS_PATH, STATISTICS_PATH, TEST_PAY_PASSWORD } from './testing';

type Party = { client: TestClient; user: UserRow; account: AccountRow };

describe('a contract payment in the statements', () => {
  let t: TestApp;
  let licensor: Party;
  let licensee: Party;
  let contract: ContractWire;
  let subjectId = '';
  let recordId = '';

  const party = async (cents: number): Promise<Party> => {
    const { client, user } = await t.login();
    const { account } = await fundedAccount(t, cents, user);
    return { client, user, account };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2025-03-01T04:00:00.000Z', config: { utcOffsetMinutes: 480 } });
    licensor = await party(0);
    licensee = await party(5_000);
    const subject = await onlineResource(t, licensor.client, { policies: [policy('paid', PAID_POLICY)] });
    subjectId = subject.resourceId;
    const resource = await createResource(licensee.client);
    const signed = dataOf(
      await licensee.client.post<ContractWire[]>('/v2/contracts/batchSign', {
        subjects: [{ subjectId, policyId: subject.policies[0]?.policyId }],
        subjectType: 1,
        licenseeId: resource.resourceId,
        licenseeIdentityType: 1,
      }),
    );
    contract = signed[0] as ContractWire;
    const wires = await t.services.policies.wiresOf([contract.policyId], { isTranslate: false, language: 'en_US' });
    const fsm = wires.get(contract.policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
    const paid = dataOf(
      await licensee.client.post<ContractPaymentWire>(`/v2/contracts/${contract.contractId}/events/payment`, {
        eventId: stateOf(fsm, 'initial').transitions[0]?.eventId ?? '',
        accountId: licensee.account.accountId,
        transactionAmount: '10.00',
        password: TEST_PAY_PASSWORD,
      }),
    );
    recordId = paid.transactionRecordId;
  });
  afterAll(() => t.close());

  it('shows the payment on both sides, each signed from its own side and naming the other', async () => {
    const lineOf = async (who: Party) => {
      const page = dataOf(
        await who.client.get<Page<StatementLineWire>>(`${DETAILS_PATH}/${who.account.accountId}?transactionType=2`),
      );
      expect(page.totalItem).toBe(1);
      return page.dataList[0];
    };
    expect(await lineOf(licensee)).toMatchObject({
      transactionRecordId: recordId,
      transactionAmount: '-10.00',
      beforeBalance: '50.00',
      afterBalance: '40.00',
      reciprocalAccountId: licensor.account.accountId,
      reciprocalAccountName: licensor.user.username,
      attachInfo: expect.objectContaining({ contractId: contract.contractId, subjectId }),
    });
    expect(await lineOf(licensor)).toMatchObject({
      transactionRecordId: recordId,
      transactionAmount: '10.00',
      afterBalance: '10.00',
      reciprocalAccountName: licensee.user.username,
    });
    const asLicensor = dataOf(await licensor.client.get<TransactionRecordWire>(`${RECORDS_PATH}/${recordId}`));
    expect(asLicensor).toMatchObject({
      transactionType: 2,
      authorizationType: 'password',
      operatorId: licensee.user.userId,
    });
  });

  it('finds it by the contract name and counts it in the licensor’s statistics', async () => {
    const found = dataOf(
      await licensee.client.get<Page<StatementLineWire>>(
        `${DETAILS_PATH}/${licensee.account.accountId}${query({ keywords: contract.contractName })}`,
      ),
    );
    expect(found.dataList.map((line) => line.transactionRecordId)).toEqual([recordId]);
    const statistics = dataOf(
      await licensor.client.get<TransactionStatisticsWire>(
        `${STATISTICS_PATH}${query({ ownerId: licensor.user.userId, objectId: subjectId, beginDate: '2025-03-01' })}`,
      ),
    );
    expect(statistics).toMatchObject({
      totalIncome: '10.00',
      incomeLast7Days: '10.00',
      contractCountLast7Days: 1,
      income: '10.00',
      days: [{ date: '2025-03-01', income: '10.00', spending: '0.00' }],
    });
  });
});
