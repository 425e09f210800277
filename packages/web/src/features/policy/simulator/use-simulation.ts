// One policy simulation as React state: the domain's simulator (the state machine the server runs)
// behind setState, started again whenever the policy changes.
import { useState } from 'react';
import {
  addTimeUnits,
  DEFAULT_PLATFORM_UTC_OFFSET_MINUTES,
  simulatePayment,
  simulateWait,
  startSimulation,
  type EventRefusal,
  type PolicyFsm,
  type RelativeTimeUnit,
  type Simulation,
} from '@tessera/domain';

/**
 * The platform's UTC offset. The server may be configured with another one, but no call tells the app
 * yet, so the simulator says which zone it uses.
 */
export const PLATFORM_UTC_OFFSET_MINUTES = DEFAULT_PLATFORM_UTC_OFFSET_MINUTES;

export type WaitUnit = Extract<RelativeTimeUnit, 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'>;
export const WAIT_UNITS: readonly WaitUnit[] = ['minute', 'hour', 'day', 'week', 'month', 'year'];

type State = {
  fsm: PolicyFsm;
  start: Date;
  simulation: Simulation;
  /** Why the last payment was refused (the simulator only pays exact amounts, so rarely). */
  refusal: EventRefusal | null;
  /** How many steps the person took since the start: announcements wait for the first. */
  steps: number;
};

function started(fsm: PolicyFsm, start: Date): State {
  return { fsm, start, simulation: startSimulation(fsm, start, PLATFORM_UTC_OFFSET_MINUTES), refusal: null, steps: 0 };
}

/** Now, to the minute (policy times have no seconds). */
export function currentMinute(): Date {
  const now = Date.now();
  return new Date(now - (now % 60_000));
}

export function useSimulation(fsm: PolicyFsm) {
  const [stored, setState] = useState<State>(() => started(fsm, currentMinute()));
  // A new policy (the editor recompiled it) starts again at the same signing time.
  const state = stored.fsm === fsm ? stored : started(fsm, stored.start);
  if (state !== stored) setState(state);

  const waitUntil = (until: Date) =>
    setState({
      ...state,
      simulation: simulateWait(fsm, state.simulation, until, PLATFORM_UTC_OFFSET_MINUTES),
      refusal: null,
      steps: state.steps + 1,
    });

  return {
    ...state,
    restart: (start: Date) => setState({ ...started(fsm, start), steps: state.steps + 1 }),
    pay: (eventId: string, amount: string) => {
      const step = simulatePayment(fsm, state.simulation, eventId, amount, PLATFORM_UTC_OFFSET_MINUTES);
      setState(
        step.ok
          ? { ...state, simulation: step.simulation, refusal: null, steps: state.steps + 1 }
          : { ...state, refusal: step.refusal },
      );
    },
    waitFor: (count: number, unit: WaitUnit) =>
      waitUntil(addTimeUnits(state.simulation.clock, count, unit, PLATFORM_UTC_OFFSET_MINUTES)),
    waitUntil,
  };
}
