// Contracts (DOMAIN §2.13–§2.15, §3.6): their enumerations and display state, the state machine that
// drives them, the due dates of their time events, their history as sentences, and the simulator.
export * from './status';
export {
  CYCLE_MS,
  LATEST_DUE_DATE,
  addTimeUnits,
  cycleOrigin,
  dateToPolicyDateTime,
  isTimeTransition,
  nextCycleBoundary,
  policyDateTimeToDate,
  timeEventDueDate,
  type TimeTransition,
} from './due-dates';
export {
  EVENT_REFUSALS,
  INIT_EVENT_ID,
  NO_STATE,
  applyEvent,
  authStatusOf,
  enterState,
  initContract,
  scheduleTimeEvents,
  stateOf,
  upcomingEvents,
  type ContractEvent,
  type ContractFsmState,
  type EventInfo,
  type EventOutcome,
  type EventRefusal,
  type EventRefusalCode,
  type PolicyFsm,
  type ScheduledTimeEvent,
  type StateEntry,
  type TransitionRecord,
  type UpcomingEvent,
} from './machine';
export { describeTransitionRecord, describeUpcomingEvent, formatPlatformDisplayDate } from './sentences';
export {
  MAX_EVENTS_PER_WAIT,
  SIMULATED_ACCOUNT,
  simulatePayment,
  simulateWait,
  startSimulation,
  type SimulatedContract,
  type Simulation,
  type SimulationStep,
} from './simulation';
