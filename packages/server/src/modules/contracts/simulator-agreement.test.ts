// The policy simulator (@tessera/domain startSimulation/simulateWait) and the server's contracts agree
// step for step (issue 12): random resource policies with time events, signed on the server and in the
// simulator at the same moment, then the same random waits on both sides — the app clock moved and
// the scheduler's due events fired, the simulator's clock moved — and after each step the same state,
// statuses, entry date, waiting time events and transition records (DOMAIN §3.6, §4.5).
import { builderToText, simulateWait, startSimulation, type PolicyFsm, type Simulation } from '@tessera/domain';
import { resourcePolicyModel } from '@tessera/domain/policy-arbitraries';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWith } from '../../platform/config';
import { createTestApp, type TestApp } from '../../testing';
import type { ContractRow } from './repo';
import {
  clearContracts,
  contractRow,
  madeUpParty,
  scheduledEventsOf,
  seedContract,
  transitionRecordsOf,
} from './testing';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The platform offset the test apps run with, which seedContract signs under. */
const UTC_OFFSET_MINUTES = configWith().utcOffsetMinutes;

/**
 * Time events one step may fire: a step that would fire more (a minute timer looping through a year,
 * a zero-time loop, where the server's own bound applies) ends the case before the server moves.
 */
const MAX_EVENTS_PER_STEP = 25;

type Step =
  /** The clock moves by `ms`. */
  | { kind: 'wait'; ms: number }
  /** The clock moves to the next due date plus `offsetMs` (before it, on it, just after). */
  | { kind: 'toNextDue'; offsetMs: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('toNextDue' as const),
      offsetMs: fc.constantFrom(-SECOND, 0, 0, 1, MINUTE),
    }),
    weight: 2,
  },
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.oneof(
      fc.constantFrom(0, SECOND, MINUTE, HOUR, DAY, 7 * DAY, 31 * DAY, 366 * DAY),
      fc.integer({ min: 0, max: 3 * DAY }),
    ),
  }),
);

const caseArbitrary = fc.record({
  policyText: resourcePolicyModel.map(builderToText),
  // Whole seconds between 2000 and 2100, the range of the policies' TimeEvents.
  signedAt: fc
    .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })
    .map((ms) => new Date(ms - (ms % SECOND))),
  steps: fc.array(stepArbitrary, { minLength: 2, maxLength: 8 }),
});

/** Where the step takes the clock, judged from the simulator's contract (the same as the server's so far). */
function targetOf(simulation: Simulation, step: Step): Date {
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

describe('the simulator and the server agree step for step', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The server's contract in the same terms as `simulated`. */
  async function onServer(contractId: string) {
    const row: ContractRow = await contractRow(t, contractId);
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
      // Waiting ones, in firing order (the machine lists them earliest first, text order among equals).
      waiting: events
        .filter((event) => event.status === 1)
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

  async function fsmOf(policyId: string): Promise<PolicyFsm> {
    const wires = await t.services.policies.wiresOf([policyId], { isTranslate: false, language: 'en_US' });
    return wires.get(policyId)?.fsmDescriptionInfo as unknown as PolicyFsm;
  }

  it('random resource policies with time events × random waits', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ policyText, signedAt, steps }) => {
        await clearContracts(t);
        t.clock.set(signedAt);
        const signed = await seedContract(t, { licensor: madeUpParty(), licensee: madeUpParty(), policyText });
        const fsm = await fsmOf(signed.policyId);
        let simulation = startSimulation(fsm, signedAt, UTC_OFFSET_MINUTES, MAX_EVENTS_PER_STEP);
        if (simulation.halted) return;
        // Signing only schedules: events already due fire at the scheduler's next poll, at the same moment.
        await t.services.contractScheduler.fireDue();
        expect(await onServer(signed.contractId)).toEqual(simulated(simulation));
        for (const step of steps) {
          const target = targetOf(simulation, step);
          simulation = simulateWait(fsm, simulation, target, UTC_OFFSET_MINUTES, MAX_EVENTS_PER_STEP);
          if (simulation.halted) return;
          t.clock.set(target);
          await t.services.contractScheduler.fireDue();
          expect(await onServer(signed.contractId)).toEqual(simulated(simulation));
        }
      }),
      { numRuns: 50 },
    );
  });
});
