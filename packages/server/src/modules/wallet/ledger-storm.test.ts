// The ledger's invariants after a storm of concurrent payments (issue 13; DOMAIN §7.2, §7.3): contract
// payments through the real service (contracts under a policy that loops between two paid states, so a
// contract can be paid again and again) and plain ledger transfers, from 50 accounts, with faults thrown
// at random steps inside the transactions and idempotency keys reused at random. Afterwards every record
// has two entries summing to zero, the balances sum to zero, none is negative, no key is charged twice,
// payment records and contract transitions match one to one, and reconciliation finds nothing.
// The faults come from a Ledger subclass that the contracts module receives as its `walletLedger`
// (the wallet module is wrapped in the module list): it throws after the locks, after the key check
// and after the transfer (before the contract's state entry).
// LEDGER_STORM_OPERATIONS sets how many operations run: the 10,000 under CI, 2,000 elsewhere.
import type { ContractWire } from '@tessera/contract/contracts';
import { stateOf, type PolicyFsm } from '@tessera/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import type { AnyModule } from '../../platform/modules';
import { createTestApp, dataOf, MODULES, type TestApp, type TestClient } from '../../testing';
import type { UserRow } from '../identity';
import { createResource, onlineResource, policy } from '../resources/testing';
import { Ledger, reconcileLedger, TransactionType, type Transfer, type TransferOrder } from './ledger';
import type { Db } from '../../platform/db/database';
import type { AccountRow } from './repo';
import { fundedAccount, TEST_PAY_PASSWORD } from './testing';

const OPERATIONS = Number(process.env.LEDGER_STORM_OPERATIONS ?? (process.env.CI === 'true' ? 10_000 : 2_000));
const ACCOUNTS = 50;
const LICENSORS = 5;
const WORKERS = 16;
const FAULT_RATE = 0.05;
const LOOP_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("1.00","self.account") => paid\n\n' +
  'paid[active]:\n  ~freelog.TransactionEvent("1.00","self.account") => initial';

type FaultSite = 'afterLocks' | 'afterKeyCheck' | 'afterTransfer';

class InjectedFault extends Error {}

/** The real ledger, throwing now and then at a step inside the caller's transaction. */
class FaultyLedger extends Ledger {
  readonly injected: Record<FaultSite, number> = { afterLocks: 0, afterKeyCheck: 0, afterTransfer: 0 };

  #maybeFail(trx: Db, site: FaultSite): void {
    if (!trx.isTransaction || Math.random() >= FAULT_RATE) return;
    this.injected[site] += 1;
    throw new InjectedFault(site);
  }

  override async lockAccounts(trx: Db, accountIds: readonly string[]): Promise<Map<string, AccountRow>> {
    const locked = await super.lockAccounts(trx, accountIds);
    this.#maybeFail(trx, 'afterLocks');
    return locked;
  }

  override async findByIdempotencyKey(trx: Db, fromAccountId: string, key: string) {
    const found = await super.findByIdempotencyKey(trx, fromAccountId, key);
    this.#maybeFail(trx, 'afterKeyCheck');
    return found;
  }

  override async transfer(trx: Db, order: TransferOrder): Promise<Transfer> {
    const done = await super.transfer(trx, order);
    this.#maybeFail(trx, 'afterTransfer');
    return done;
  }
}

/** The manifest's modules with the wallet's `walletLedger` replaced (its own services keep the real one). */
function modulesWithLedger(make: (context: Parameters<AnyModule['services']>[0]) => Ledger): AnyModule[] {
  return MODULES.map((module): AnyModule => {
    if (module.name !== 'wallet') return module;
    const wallet = module as AnyModule;
    return {
      ...wallet,
      services: (context, needs) => ({ ...wallet.services(context, needs), walletLedger: make(context) }),
    };
  });
}

type Payer = { user: UserRow; client: TestClient; account: AccountRow; contracts: string[]; keys: string[] };
type Outcome = 'paid' | 'repeated' | 'refused' | 'faulted';

/** Map.groupBy (Node 21+). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

describe('the ledger after a storm of concurrent payments with faults', () => {
  let t: TestApp;
  let ledger: FaultyLedger | undefined;
  let eventIds: Record<'initial' | 'paid', string>;
  const payers: Payer[] = [];
  const outcomes: Record<Outcome, number> = { paid: 0, repeated: 0, refused: 0, faulted: 0 };
  /** Acknowledged answers: payer account and key → the record ids answered for it. */
  const acknowledged = new Map<string, Set<string>>();

  const remember = (accountId: string, key: string, recordId: string) => {
    const name = `${accountId} ${key}`;
    acknowledged.set(name, (acknowledged.get(name) ?? new Set()).add(recordId));
  };

  beforeAll(async () => {
    t = await createTestApp({
      modules: modulesWithLedger(({ clock }) => (ledger = new FaultyLedger(clock))),
    });
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const { user, client } = await t.login();
      const { account } = await fundedAccount(t, 1_000 + Math.floor(Math.random() * 5_000), user);
      payers.push({ user, client, account, contracts: [], keys: [] });
    }
    const subjects: { subjectId: string; policyId: string; ownerId: number }[] = [];
    for (const licensor of payers.slice(0, LICENSORS)) {
      const subject = await onlineResource(t, licensor.client, { policies: [policy('loop', LOOP_POLICY)] });
      subjects.push({
        subjectId: subject.resourceId,
        policyId: subject.policies[0]?.policyId ?? '',
        ownerId: licensor.user.userId,
      });
    }
    for (const payer of payers) {
      const resource = await createResource(payer.client);
      const signed = dataOf(
        await payer.client.post<ContractWire[]>('/v2/contracts/batchSign', {
          subjects: subjects
            .filter((subject) => subject.ownerId !== payer.user.userId)
            .map(({ subjectId, policyId }) => ({ subjectId, policyId })),
          subjectType: 1,
          licenseeId: resource.resourceId,
          licenseeIdentityType: 1,
        }),
      );
      payer.contracts = signed.map((contract) => contract.contractId);
    }
    const policyId = subjects[0]?.policyId ?? '';
    const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
    const fsm = wires.get(policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
    eventIds = {
      initial: stateOf(fsm, 'initial').transitions[0]?.eventId ?? '',
      paid: stateOf(fsm, 'paid').transitions[0]?.eventId ?? '',
    };
  }, 120_000);
  afterAll(() => t.close());

  /** A key for this payer: none (the automatic one), one it used before, or a new one. */
  const keyFor = (payer: Payer, index: number): string | undefined => {
    const roll = Math.random();
    if (roll < 0.2) return undefined;
    if (roll < 0.45 && payer.keys.length > 0) return pick(payer.keys);
    const key = `storm-${index}`;
    payer.keys.push(key);
    return key;
  };

  async function contractPayment(payer: Payer, index: number): Promise<Outcome> {
    const contractId = pick(payer.contracts);
    const row = await t.db
      .selectFrom('contracts')
      .select('fsmCurrentState')
      .where('contractId', '=', contractId)
      .executeTakeFirstOrThrow();
    // Mostly the event the contract waits for; sometimes the other one (stale, refused).
    const state = Math.random() < 0.9 ? row.fsmCurrentState : pick(['initial', 'paid']);
    const eventId = eventIds[state as 'initial' | 'paid'];
    const key = keyFor(payer, index);
    const answer = await t.services.contractPayments.pay(payer.user.userId, contractId, {
      eventId,
      accountId: payer.account.accountId,
      transactionAmount: '1.00',
      password: TEST_PAY_PASSWORD,
      ...(key === undefined ? {} : { idempotencyKey: key }),
    });
    if (key !== undefined) remember(payer.account.accountId, key, answer.transactionRecordId);
    return 'paid';
  }

  async function ledgerTransfer(payer: Payer, index: number): Promise<Outcome> {
    const payee = pick(payers.filter((other) => other !== payer));
    const key = keyFor(payer, index) ?? `storm-${index}`;
    const faulty = ledger as FaultyLedger;
    const answer = await t.db.transaction().execute(async (trx) => {
      await faulty.lockAccounts(trx, [payer.account.accountId, payee.account.accountId]);
      const again = await faulty.findByIdempotencyKey(trx, payer.account.accountId, key);
      if (again) return { recordId: again.recordId, outcome: 'repeated' as const };
      const { record } = await faulty.transfer(trx, {
        from: payer.account.accountId,
        to: payee.account.accountId,
        amount: 1 + Math.floor(Math.random() * 300),
        type: TransactionType.Transfer,
        idempotencyKey: key,
      });
      return { recordId: record.recordId, outcome: 'paid' as const };
    });
    remember(payer.account.accountId, key, answer.recordId);
    return answer.outcome;
  }

  async function operation(index: number): Promise<Outcome> {
    const payer = pick(payers);
    try {
      return await (Math.random() < 0.7 ? contractPayment(payer, index) : ledgerTransfer(payer, index));
    } catch (error) {
      if (error instanceof InjectedFault) return 'faulted';
      if (error instanceof AppError) return 'refused';
      throw error;
    }
  }

  it(`keeps every invariant through ${OPERATIONS} concurrent operations`, async () => {
    let next = 0;
    const worker = async () => {
      while (next < OPERATIONS) {
        const index = next;
        next += 1;
        outcomes[await operation(index)] += 1;
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));

    const records = await t.db.selectFrom('wallet_transaction_records').selectAll().execute();
    const entries = await t.db.selectFrom('wallet_ledger_entries').selectAll().execute();
    const accounts = await t.db.selectFrom('wallet_accounts').selectAll().execute();
    const transitions = await t.db.selectFrom('contract_transition_records').selectAll().execute();
    const recordById = new Map(records.map((record) => [record.recordId, record]));

    // Every record: two entries, −amount and +amount, summing to zero.
    const entriesOf = groupBy(entries, (entry) => entry.recordId);
    for (const record of records) {
      const own = (entriesOf.get(record.recordId) ?? []).map((entry) => Number(entry.amount)).sort((a, b) => a - b);
      expect(own, record.recordId).toEqual([-Number(record.amount), Number(record.amount)]);
    }
    expect(entries.filter((entry) => !recordById.has(entry.recordId))).toEqual([]);
    // Σ balances = 0 (the issuance account holds minus what it issued); no individual balance below zero.
    expect(accounts.reduce((sum, account) => sum + Number(account.balance), 0)).toBe(0);
    expect(accounts.filter((account) => account.accountType !== 9 && Number(account.balance) < 0)).toEqual([]);
    // Each idempotency key charged at most once, and every acknowledged answer names that one record.
    const keyed = groupBy(
      records.filter((record) => record.idempotencyKey !== ''),
      (record) => `${record.fromAccountId} ${record.idempotencyKey}`,
    );
    expect([...keyed].filter(([, charged]) => charged.length > 1).map(([key]) => key)).toEqual([]);
    for (const [key, answered] of acknowledged) {
      expect([...answered], key).toEqual([keyed.get(key)?.[0]?.recordId]);
    }
    // Payment records and contract transitions, one to one.
    const paidTransitions = transitions.filter((transition) => transition.eventId !== '' && transition.seq > 0);
    const byRecord = groupBy(
      paidTransitions,
      (transition) => (JSON.parse(transition.eventInfo) as { transactionRecordId?: string }).transactionRecordId ?? '',
    );
    const payments = records.filter((record) => record.transactionType === TransactionType.ContractPayment);
    for (const payment of payments) expect(byRecord.get(payment.recordId)?.length, payment.recordId).toBe(1);
    for (const [recordId, matched] of byRecord) {
      expect(recordById.get(recordId)?.transactionType, `transition paid by '${recordId}'`).toBe(
        TransactionType.ContractPayment,
      );
      expect(matched).toHaveLength(1);
      const paidFor = JSON.parse(recordById.get(recordId)?.attachInfo ?? '{}') as { contractId?: string };
      expect(paidFor.contractId).toBe(matched[0]?.contractId);
    }
    // A contract is in `paid` after an odd number of payments.
    const contracts = await t.db.selectFrom('contracts').select(['contractId', 'fsmCurrentState']).execute();
    for (const contract of contracts) {
      const paidTimes = paidTransitions.filter((transition) => transition.contractId === contract.contractId).length;
      expect(contract.fsmCurrentState, contract.contractId).toBe(paidTimes % 2 === 1 ? 'paid' : 'initial');
    }
    expect((await reconcileLedger(t.db)).differences).toEqual([]);

    // The storm did what it is for: payments made and refused, and faults at every site.
    expect(outcomes.paid).toBeGreaterThan(OPERATIONS / 4);
    expect(outcomes.refused).toBeGreaterThan(0);
    expect(outcomes.faulted).toBeGreaterThan(0);
    for (const count of Object.values(ledger?.injected ?? {})) expect(count).toBeGreaterThan(0);
    expect(outcomes.paid + outcomes.repeated + outcomes.refused + outcomes.faulted).toBe(OPERATIONS);
  }, 600_000);
});
