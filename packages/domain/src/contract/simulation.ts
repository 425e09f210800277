// A contract stepped by hand, before anyone signs (the policy simulator): signing at a chosen time,
// paying, and waiting while a simulated clock fires the due time events in order. Every step goes
// through applyEvent, the code the server runs.
import {
  applyEvent,
  initContract,
  type ContractFsmState,
  type EventRefusal,
  type PolicyFsm,
  type StateEntry,
  type TransitionRecord,
} from './machine';

/** Where a simulated payment goes: the simulator binds `self.account` to itself. */
export const SIMULATED_ACCOUNT = 'self.account';

/** Time events handled by one wait at most: a policy can loop without time passing. */
export const MAX_EVENTS_PER_WAIT = 500;

export type SimulatedContract = StateEntry & Pick<ContractFsmState, 'entryId' | 'selfAccountId'>;

export type Simulation = {
  /** The simulated now. */
  clock: Date;
  contract: SimulatedContract;
  /** Every transition, oldest first, starting with the signing (`init`). */
  history: TransitionRecord[];
  /**
   * Set when the last wait stopped after MAX_EVENTS_PER_WAIT events (the clock stays at the last one):
   * `target` is where it was going.
   */
  halted: { target: Date } | null;
};

function withEntry(simulation: Simulation, record: TransitionRecord, entry: StateEntry): Simulation {
  const history = [...simulation.history, record];
  const contract = { ...entry, entryId: String(history.length), selfAccountId: simulation.contract.selfAccountId };
  return { ...simulation, contract, history };
}

/** Signs at `signedAt`; events already due then (a date in the past) fire at once, as on the server. */
export function startSimulation(
  fsm: PolicyFsm,
  signedAt: Date,
  utcOffsetMinutes: number,
  maxEvents = MAX_EVENTS_PER_WAIT,
): Simulation {
  const { record, entry } = initContract(fsm, signedAt, utcOffsetMinutes);
  const contract = { ...entry, entryId: '1', selfAccountId: SIMULATED_ACCOUNT };
  const signed = { clock: signedAt, contract, history: [record], halted: null };
  return simulateWait(fsm, signed, signedAt, utcOffsetMinutes, maxEvents);
}

export type SimulationStep = { ok: true; simulation: Simulation } | { ok: false; refusal: EventRefusal };

/** The licensee pays `amount` for the payment `eventId` now; events due at once then fire. */
export function simulatePayment(
  fsm: PolicyFsm,
  simulation: Simulation,
  eventId: string,
  amount: string,
  utcOffsetMinutes: number,
  maxEvents = MAX_EVENTS_PER_WAIT,
): SimulationStep {
  const event = { type: 'payment', eventId, amount, accountId: SIMULATED_ACCOUNT, at: simulation.clock } as const;
  const outcome = applyEvent(fsm, simulation.contract, event, utcOffsetMinutes);
  if (!outcome.ok) return outcome;
  const paid = withEntry(simulation, outcome.record, outcome.entry);
  return { ok: true, simulation: simulateWait(fsm, paid, paid.clock, utcOffsetMinutes, maxEvents) };
}

/**
 * Moves the clock to `until`, firing every time event due by then in order (each new state counts as
 * entered at its event's due date). Stops early after `maxEvents`.
 */
export function simulateWait(
  fsm: PolicyFsm,
  simulation: Simulation,
  until: Date,
  utcOffsetMinutes: number,
  maxEvents = MAX_EVENTS_PER_WAIT,
): Simulation {
  let current: Simulation = { ...simulation, halted: null };
  for (let fired = 0; ; fired += 1) {
    const next = current.contract.timeEvents[0];
    if (!next || next.dueDate > until) break;
    if (fired === maxEvents) return { ...current, halted: { target: until } };
    const event = { type: 'time', eventId: next.eventId, entryId: current.contract.entryId, now: until } as const;
    const outcome = applyEvent(fsm, current.contract, event, utcOffsetMinutes);
    // The machine scheduled this event for this entry and it is due: a refusal would be a bug.
    if (!outcome.ok) throw new Error(`scheduled event refused: ${outcome.refusal.code}`);
    current = { ...withEntry(current, outcome.record, outcome.entry), clock: outcome.record.createDate };
  }
  return until > current.clock ? { ...current, clock: until } : current;
}
