// The policy simulator (@tessera/domain startSimulation, simulateWait, simulatePayment) and the server's
// contracts agree step for step (issue 12): random resource policies with time events and payments,
// signed through batchSign and in the simulator at the same moment, then the same random steps on both
// sides — waits (the app clock moved and the scheduler's due events fired) and payments through the
// payment route — and after each step the same state, statuses, entry date, waiting time events and
// transition records (DOMAIN §3.6, §4.5).
import type { ContractWire } from '@tessera/contract/contracts';
import type { ResourceWire } from '@tessera/contract/resources';
import {
  builderToText,
  ContractStatus,
  simulatePayment,
  simulateWait,
  startSimulation,
  stateOf,
  type PolicyFsm,
  type Simulation,
} from '@tessera/domain';
import { resourcePolicyModel } from '@tessera/domain/policy-arbitraries';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../../platform/config';
import { createTestApp, dataOf, type TestApp, type TestClient } from '../../testing';
import { createResource, onlineResource, policy } from '../resources/testing';
import type { UserRow } from '../identity';
import type { AccountRow } from '../wallet';
import { fundedAccount, TEST_PAY_PASSWORD } from '../wallet/testing';
import { ScheduledEventStatus } from './repo';
import { clearContracts, contractRow, scheduledEventsOf, transitionRecordsOf } from './testing';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The platform offset the test apps run with (signing and the scheduler use it). */
const UTC_OFFSET_MINUTES = configWith().utcOffsetMinutes;

/**
 * Time events one step may fire: a step that would fire more (a minute timer looping through a year,
 * a zero-time loop, which the server bounds its own way) is skipped on both sides; signing into more
 * ends the case.
 */
const MAX_EVENTS_PER_STEP = 50;

type Step =
  /** The clock moves by `ms`. */
  | { kind: 'wait'; ms: number }
  /** The clock moves to the next due date plus `offsetMs` (before it, on it, just after), a day when none. */
  | { kind: 'toNextDue'; offsetMs: number }
  /** The licensee pays the `pick`th payment of the current state (nothing when it has none). */
  | { kind: 'pay'; pick: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('toNextDue' as const),
      offsetMs: fc.constantFrom(-SECOND, 0, 0, 1, MINUTE),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }), weight: 2 },
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.oneof(
      fc.constantFrom(0, SECOND, MINUTE, HOUR, DAY, 7 * DAY, 31 * DAY, 366 * DAY),
      fc.integer({ min: 0, max: 3 * DAY }),
    ),
  }),
);

const caseArbitrary = fc.record({
  // Contracts that can move (half the random initial states are terminal), for everyone: the licensee
  // signs whoever it is (audiences are the signing tests' business).
  policyText: resourcePolicyModel
    .filter((model) => model.states.some((state) => state.name === 'initial' && state.transitions.length > 0))
    .map((model) => builderToText({ ...model, audiences: ['public'] })),
  // Whole seconds between 2000 and 2100, the range of the policies' TimeEvents.
  signedAt: fc
    .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((ms) => new Date(ms - (ms % SECOND))),
  steps: fc.array(stepArbitrary, { minLength: 2, maxLength: 8 }),
});

/** Where a wait takes the clock, judged from the simulator's contract (the same as the server's so far). */
function targetOf(simulation: Simulation, step: Exclude<Step, { kind: 'pay' }>): Date {
  const now = simulation.clock.getTime();
  if (step.kind === 'wait') return new Date(now + step.ms);
  const next = simulation.contract.timeEvents[0];
  return new Date(Math.max(now, next ? next.dueDate.getTime() + step.offsetMs : now + DAY));
}

/** The simulator's contract in the server's terms. */
function simulated(simulation: Simulation) {
  const { contract, history } = simulation;
  return {
    state: {
      fsmCurrentState: contract.fsmCurrentState,
      authStatus: contract.authStatus,
      status: contract.status,
      fsmRunningStatus: contract.fsmRunningStatus,
      fsmStateEnterDate: contract.fsmStateEnterDate.toISOString(),
    },
    waiting: contract.timeEvents.map((event) => ({ eventId: event.eventId, dueDate: event.dueDate.toISOString() })),
    records: history.map((record) => ({
      fromState: record.fromState,
      toState: record.toState,
      eventId: record.eventId,
      createDate: record.createDate.toISOString(),
    })),
  };
}

/** What a payment step pays: the current state's `pick`th payment, or nothing. */
function paymentOf(fsm: PolicyFsm, simulation: Simulation, pick: number): { eventId: string; amount: string } | null {
  if (simulation.contract.status !== ContractStatus.InForce) return null;
  const payments = stateOf(fsm, simulation.contract.fsmCurrentState).transitions.flatMap((transition) =>
    transition.name === 'TransactionEvent' ? [{ eventId: transition.eventId, amount: transition.args.amount }] : [],
  );
  return payments[pick % Math.max(payments.length, 1)] ?? null;
}

describe('the simulator and the server agree step for step', () => {
  let t: TestApp;
  /** Alice licenses a new resource per case; Bob's resource signs it and Bob pays (enough for every case). */
  let alice: UserRow;
  let bob: UserRow;
  let bobsAccount: AccountRow;
  let bobsResource: ResourceWire;

  beforeAll(async () => {
    t = await createTestApp();
    alice = (await fundedAccount(t, 0)).user;
    const licensee = await fundedAccount(t, 100_000_000_000);
    bob = licensee.user;
    bobsAccount = licensee.account;
    bobsResource = await createResource(await session(bob));
  });
  afterAll(() => t.close());

  /** A new session of `user`: the clock jumps years between cases and steps, past any session's end. */
  const session = async (user: UserRow): Promise<TestClient> => (await t.login(user)).client;

  /** Bob's resource signs Alice's new online resource under `policyText`, now. */
  async function sign(policyText: string): Promise<ContractWire> {
    const subject = await onlineResource(t, await session(alice), { policies: [policy('agreement', policyText)] });
    const body = {
      subjects: [{ subjectId: subject.resourceId, policyId: subject.policies[0]?.policyId }],
      subjectType: 1,
      licenseeId: bobsResource.resourceId,
      licenseeIdentityType: 1,
    };
    const [contract] = dataOf(await (await session(bob)).post<ContractWire[]>('/v2/contracts/batchSign', body));
    if (!contract) throw new Error('nothing signed');
    return contract;
  }

  async function pay(contractId: string, payment: { eventId: string; amount: string }): Promise<void> {
    const body = {
      eventId: payment.eventId,
      accountId: bobsAccount.accountId,
      transactionAmount: payment.amount,
      password: TEST_PAY_PASSWORD,
    };
    dataOf(await (await session(bob)).post(`/v2/contracts/${contractId}/events/payment`, body));
  }

  async function fsmOf(policyId: string): Promise<PolicyFsm> {
    const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
    return wires.get(policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
  }

  /** The server's contract in the same terms as `simulated`. */
  async function onServer(contractId: string) {
    const row = await contractRow(t, contractId);
    const events = await scheduledEventsOf(t, contractId);
    const records = await transitionRecordsOf(t, contractId);
    return {
      state: {
        fsmCurrentState: row.fsmCurrentState,
        authStatus: row.authStatus,
        status: row.status,
        fsmRunningStatus: row.fsmRunningStatus,
        fsmStateEnterDate: row.fsmStateEnterDate,
      },
      // The waiting ones in firing order (the machine lists them earliest first, text order among equals).
      waiting: events
        .filter((event) => event.status === ScheduledEventStatus.Waiting)
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.eventOrder - b.eventOrder)
        .map((event) => ({ eventId: event.eventId, dueDate: event.dueDate })),
      records: records.map(({ fromState, toState, eventId, createDate }) => ({
        fromState,
        toState,
        eventId,
        createDate,
      })),
    };
  }

  /**
   * One step on both sides; answers the simulation after it, the same one when the step was skipped
   * (nothing to pay, or more than MAX_EVENTS_PER_STEP events: the server is left untouched).
   */
  async function both(fsm: PolicyFsm, simulation: Simulation, contractId: string, step: Step) {
    if (step.kind === 'pay') {
      const payment = paymentOf(fsm, simulation, step.pick);
      if (!payment) return simulation;
      const paid = simulatePayment(
        fsm,
        simulation,
        payment.eventId,
        payment.amount,
        UTC_OFFSET_MINUTES,
        MAX_EVENTS_PER_STEP,
      );
      if (!paid.ok) throw new Error(`the simulator refused ${payment.eventId}: ${paid.refusal.code}`);
      if (paid.simulation.halted) return simulation;
      await pay(contractId, payment);
      return paid.simulation;
    }
    const target = targetOf(simulation, step);
    const waited = simulateWait(fsm, simulation, target, UTC_OFFSET_MINUTES, MAX_EVENTS_PER_STEP);
    if (waited.halted) return simulation;
    t.clock.set(target);
    return waited;
  }

  it('random resource policies with time events and payments × random steps', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ policyText, signedAt, steps }) => {
        await clearContracts(t);
        t.clock.set(signedAt);
        const signed = await sign(policyText);
        const fsm = await fsmOf(signed.policyId);
        let simulation = startSimulation(fsm, signedAt, UTC_OFFSET_MINUTES, MAX_EVENTS_PER_STEP);
        if (simulation.halted) return;
        // Signing and paying only schedule: events already due fire at the scheduler's next poll, at that moment.
        await t.services.contractScheduler.fireDue();
        expect(await onServer(signed.contractId)).toEqual(simulated(simulation));
        for (const step of steps) {
          simulation = await both(fsm, simulation, signed.contractId, step);
          await t.services.contractScheduler.fireDue();
          expect(await onServer(signed.contractId)).toEqual(simulated(simulation));
        }
      }),
      { numRuns: 50 },
    );
  });
});
