// Killing the server (SIGKILL) during a storm of contract payments (issue 13; DOMAIN §7.2, §7.3): after
// the restart `tessera admin wallet reconcile` finds no difference, every acknowledged payment is there,
// and each contract's transitions and its payment records still match one to one (the transfer and the
// transition are one transaction). alice and bob (the demo wallets) pay each other's contracts under a
// policy that loops between two paid states, so each contract is paid again and again. Runs the real
// `tessera start`.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { ContractPaymentWire, ContractWire, TransitionRecordWire } from '@tessera/contract/contracts';
import type { ResourceWire } from '@tessera/contract/resources';
import type { AccountWire, StatementLineWire } from '@tessera/contract/wallet';
import { stateOf, type Page, type PolicyFsm } from '@tessera/domain';
import { afterAll, describe } from 'vitest';
import { CrashableServer, callJson, signIn, Tally, type Session } from './testing';

const tally = new Tally('crash-payments', 'kill -9 during a payment storm');
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const CONTRACTS_PER_PAYER = 6;
const ACKNOWLEDGED_BEFORE_KILL = 40;
const PAY_PASSWORD = '123456';
const LOOP_POLICY =
  'for public\n\ninitial:\n  ~freelog.TransactionEvent("0.01","self.account") => paid\n\n' +
  'paid[active]:\n  ~freelog.TransactionEvent("0.01","self.account") => initial';

type Party = { name: 'alice' | 'bob'; session: Session; accountId: string; contracts: ContractWire[] };
type Acknowledged = { payer: Party['name']; contractId: string; recordId: string };
type PaymentBody = {
  eventId: string;
  accountId: string;
  transactionAmount: string;
  password: string;
  idempotencyKey: string;
};

async function ok<T>(answer: Promise<{ errCode: number; data: T }>, what: string): Promise<T> {
  const { errCode, data } = await answer;
  if (errCode !== 0) throw new Error(`${what}: errCode ${errCode} ${JSON.stringify(data)}`);
  return data;
}

/** POST /v2/contracts/{id}/events/payment; a refusal throws. */
function pay(origin: string, payer: Party, contractId: string, body: PaymentBody): Promise<ContractPaymentWire> {
  return ok(
    callJson<ContractPaymentWire>(origin, payer.session, 'POST', `/v2/contracts/${contractId}/events/payment`, body),
    'payment',
  );
}

/** The party's first online resource with the loop policy added; answers it and the policy's event ids. */
async function loopSubject(origin: string, session: Session): Promise<{ resourceId: string; policyId: string }> {
  const own = await ok(
    callJson<Page<ResourceWire>>(origin, session, 'GET', '/v2/resources?isSelf=1&status=1&limit=1'),
    'own resources',
  );
  const resourceId = own.dataList[0]?.resourceId ?? '';
  const updated = await ok(
    callJson<ResourceWire>(origin, session, 'PUT', `/v2/resources/${resourceId}`, {
      addPolicies: [{ policyName: 'loop', policyText: encodeURIComponent(LOOP_POLICY) }],
    }),
    'add the loop policy',
  );
  const policyId = updated.policies.find((binding) => binding.policyName === 'loop')?.policyId ?? '';
  return { resourceId, policyId };
}

async function eventIdsOf(origin: string, session: Session, resourceId: string, policyId: string) {
  const resource = await ok(
    callJson<ResourceWire>(origin, session, 'GET', `/v2/resources/${resourceId}?isLoadPolicyInfo=1`),
    'the subject',
  );
  const fsm = resource.policies.find((binding) => binding.policyId === policyId)
    ?.fsmDescriptionInfo as unknown as PolicyFsm;
  return new Map(['initial', 'paid'].map((state) => [state, stateOf(fsm, state).transitions[0]?.eventId ?? '']));
}

/** Contracts of `payer` on the other party's loop policy, one per new licensee resource. */
async function signContracts(origin: string, payer: Party, subject: { resourceId: string; policyId: string }) {
  for (let index = 0; index < CONTRACTS_PER_PAYER; index += 1) {
    const licensee = await ok(
      callJson<ResourceWire>(origin, payer.session, 'POST', '/v2/resources', {
        name: `crash-pay-${index}-${Date.now()}`,
        resourceTypeCode: 'image',
      }),
      'licensee resource',
    );
    const signed = await ok(
      callJson<ContractWire[]>(origin, payer.session, 'POST', '/v2/contracts/batchSign', {
        subjects: [{ subjectId: subject.resourceId, policyId: subject.policyId }],
        subjectType: 1,
        licenseeId: licensee.resourceId,
        licenseeIdentityType: 1,
      }),
      'sign',
    );
    payer.contracts.push(...signed);
  }
}

async function party(origin: string, name: Party['name']): Promise<Party> {
  const session = await signIn(origin, name);
  const user = await ok(callJson<{ userId: number }>(origin, session, 'GET', '/v2/users/current'), 'who');
  const account = await ok(
    callJson<AccountWire>(origin, session, 'GET', `/v2/accounts/individualAccounts/${user.userId}`),
    `${name}'s account`,
  );
  return { name, session, accountId: account.accountId, contracts: [] };
}

/** Every line of the party's statement that is a contract payment it made. */
async function paymentsMade(origin: string, payer: Party): Promise<StatementLineWire[]> {
  const lines: StatementLineWire[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await ok(
      callJson<Page<StatementLineWire>>(
        origin,
        payer.session,
        'GET',
        `/v2/transactions/details/${payer.accountId}?transactionType=2&skip=${skip}&limit=100`,
      ),
      'statement',
    );
    lines.push(...page.dataList);
    if (lines.length >= page.totalItem || page.dataList.length === 0)
      return lines.filter((line) => line.transactionAmount.startsWith('-'));
  }
}

async function transitionsOf(origin: string, session: Session, contractId: string): Promise<TransitionRecordWire[]> {
  const records: TransitionRecordWire[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await ok(
      callJson<Page<TransitionRecordWire>>(
        origin,
        session,
        'GET',
        `/v2/contracts/${contractId}/transitionRecords?skip=${skip}&limit=100`,
      ),
      'transitions',
    );
    records.push(...page.dataList);
    if (records.length >= page.totalItem || page.dataList.length === 0) return records;
  }
}

/** `tessera admin wallet reconcile` on the server's database: its exit code and what it printed. */
async function reconcile(dataDir: string, databaseUrl: string): Promise<{ code: number; output: string }> {
  const run = promisify(execFile);
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', MAIN, 'admin', 'wallet', 'reconcile'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('killing the server during a payment storm', () => {
  const server = new CrashableServer('tessera-crash-payments-');
  afterAll(() => server.dispose());

  tally.case(
    'crash-payments reconciliation finds no difference and every acknowledged payment is there',
    async () => {
      const origin = await server.start();
      let alice = await party(origin, 'alice');
      let bob = await party(origin, 'bob');
      const subjects = {
        alice: await loopSubject(origin, alice.session),
        bob: await loopSubject(origin, bob.session),
      };
      const eventIds = await eventIdsOf(origin, alice.session, subjects.alice.resourceId, subjects.alice.policyId);
      await signContracts(origin, bob, subjects.alice);
      await signContracts(origin, alice, subjects.bob);

      // One loop per contract pays it over and over, each payment with a key of its own, until the
      // server is gone; an answer is acknowledged only when it says the payment was made.
      const acknowledged: Acknowledged[] = [];
      const unanswered: { payer: Party['name']; contractId: string; body: PaymentBody }[] = [];
      const payLoop = async (payer: Party, contract: ContractWire) => {
        let state = contract.fsmCurrentState;
        for (let count = 0; ; count += 1) {
          const body = {
            eventId: eventIds.get(state) ?? '',
            accountId: payer.accountId,
            transactionAmount: '0.01',
            password: PAY_PASSWORD,
            idempotencyKey: `crash-${contract.contractId}-${count}`,
          };
          const answer = await pay(origin, payer, contract.contractId, body).catch(() => null);
          if (answer === null)
            return void unanswered.push({ payer: payer.name, contractId: contract.contractId, body });
          acknowledged.push({
            payer: payer.name,
            contractId: contract.contractId,
            recordId: answer.transactionRecordId,
          });
          state = answer.fsmCurrentState;
        }
      };
      const storm = [alice, bob].flatMap((payer) => payer.contracts.map((contract) => payLoop(payer, contract)));
      const stormEnded = Promise.all(storm);
      // Killed once payments are being acknowledged (not after a guessed delay), so that the kill lands
      // among them whatever the machine's speed.
      const started = Date.now();
      while (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL && Date.now() - started < 60_000)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await server.kill();
      await stormEnded;

      await server.start();
      const violations: string[] = [];
      const { code, output } = await reconcile(server.dataDir, server.databaseUrl);
      if (code !== 0 || !/No difference/.test(output)) violations.push(`reconcile (exit ${code}): ${output.trim()}`);

      alice = { ...alice, session: await signIn(origin, 'alice') };
      bob = { ...bob, session: await signIn(origin, 'bob') };
      const parties = { alice, bob };
      // A client retries what went unanswered with the same key: the payment made before the kill is
      // answered again (its state was left, so a new charge would be refused as stale), else made now.
      for (const { payer, contractId, body } of unanswered) {
        const answer = await pay(origin, parties[payer], contractId, body).catch((error: unknown) => String(error));
        if (typeof answer === 'string') violations.push(`retry of ${body.idempotencyKey}: ${answer}`);
        else acknowledged.push({ payer, contractId, recordId: answer.transactionRecordId });
      }
      for (const payer of [alice, bob]) {
        const made = await paymentsMade(origin, payer);
        const recordIds = new Set(made.map((line) => line.transactionRecordId));
        for (const ack of acknowledged.filter((entry) => entry.payer === payer.name))
          if (!recordIds.has(ack.recordId)) violations.push(`acknowledged payment ${ack.recordId} is gone`);
        for (const contract of payer.contracts) {
          const paidFor = made
            .filter((line) => (line.attachInfo as { contractId?: string }).contractId === contract.contractId)
            .map((line) => line.transactionRecordId)
            .sort();
          const transitions = await transitionsOf(origin, payer.session, contract.contractId);
          const paidBy = transitions
            .map((record) => record.eventInfo.transactionRecordId ?? '')
            .filter((recordId) => recordId !== '')
            .sort();
          if (paidBy.join() !== paidFor.join())
            violations.push(`contract ${contract.contractId}: transitions paid by [${paidBy}], records [${paidFor}]`);
          const current = await ok(
            callJson<ContractWire>(origin, payer.session, 'GET', `/v2/contracts/${contract.contractId}`),
            'contract',
          );
          const expected = paidFor.length % 2 === 1 ? 'paid' : 'initial';
          if (current.fsmCurrentState !== expected)
            violations.push(`contract ${contract.contractId} is in ${current.fsmCurrentState} after ${paidFor.length}`);
        }
      }
      if (acknowledged.length < ACKNOWLEDGED_BEFORE_KILL)
        violations.push(`only ${acknowledged.length} payments were acknowledged before the kill`);
      if (unanswered.length === 0) violations.push('every payment was answered: the kill landed after the storm');
      return violations;
    },
    240_000,
  );
});
