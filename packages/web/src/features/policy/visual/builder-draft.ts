// What the visual builder edits: the domain's PolicyBuilderModel with a stable key on every state and
// transition, and targets held as state keys. Keys keep React rows in place while states move, and let
// a state be renamed (or its name cleared while typing) without its incoming transitions losing it.
import {
  builderToText,
  POLICY_INITIAL_STATE,
  SELF_ACCOUNT,
  type PolicyBuilderModel,
  type PolicyEventCall,
  type SupportedEventName,
} from '@tessera/domain';

export type DraftTransition = { key: string; event: PolicyEventCall; targetKey: string };

export type DraftState = {
  key: string;
  name: string;
  active: boolean;
  testActive: boolean;
  terminate: boolean;
  transitions: DraftTransition[];
};

export type BuilderDraft = { audiences: string[]; states: DraftState[] };

let lastKey = 0;
function newKey(prefix: 's' | 't'): string {
  lastKey += 1;
  return `${prefix}${lastKey}`;
}

export function emptyDraft(): BuilderDraft {
  return { audiences: ['public'], states: [] };
}

/** The model's targets are state names; a name no state has becomes an unset target. */
export function draftFromModel(model: PolicyBuilderModel): BuilderDraft {
  const keyed = model.states.map((state) => ({ state, key: newKey('s') }));
  const keyOf = (name: string) => keyed.find((entry) => entry.state.name === name)?.key ?? '';
  return {
    audiences: [...model.audiences],
    states: keyed.map(({ state, key }) => ({
      key,
      name: state.name,
      active: state.active,
      testActive: state.testActive,
      terminate: state.terminate,
      transitions: state.transitions.map(({ target, ...event }) => ({
        key: newKey('t'),
        event: event as PolicyEventCall,
        targetKey: keyOf(target),
      })),
    })),
  };
}

export function modelFromDraft(draft: BuilderDraft): PolicyBuilderModel {
  const nameOf = (key: string) => draft.states.find((state) => state.key === key)?.name ?? '';
  return {
    audiences: [...draft.audiences],
    states: draft.states.map((state) => ({
      name: state.name,
      active: state.active,
      testActive: state.testActive,
      terminate: state.terminate,
      transitions: state.transitions.map(({ event, targetKey }) => ({ ...event, target: nameOf(targetKey) })),
    })),
  };
}

/** The policy text of the draft; an unfinished draft gives text that does not compile. */
export function draftText(draft: BuilderDraft): string {
  return builderToText(modelFromDraft(draft));
}

// ---- edits (each returns a new draft) ----------------------------------------------------------

function mapState(draft: BuilderDraft, key: string, change: (state: DraftState) => DraftState): BuilderDraft {
  return { ...draft, states: draft.states.map((state) => (state.key === key ? change(state) : state)) };
}

function moved<T>(items: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  const [item] = copy.splice(index, 1) as [T];
  copy.splice(to, 0, item);
  return copy;
}

export function setAudiences(draft: BuilderDraft, audiences: string[]): BuilderDraft {
  return { ...draft, audiences };
}

/** `initial` while no state has that name, else the first free `state_N`. */
function unusedStateName(draft: BuilderDraft): string {
  const names = new Set(draft.states.map((state) => state.name));
  if (!names.has(POLICY_INITIAL_STATE)) return POLICY_INITIAL_STATE;
  let n = draft.states.length;
  while (names.has(`state_${n}`)) n += 1;
  return `state_${n}`;
}

/** A new state starts as a valid final state that grants nothing; adding an event makes it continue. */
export function addState(draft: BuilderDraft): { draft: BuilderDraft; key: string } {
  const state: DraftState = {
    key: newKey('s'),
    name: unusedStateName(draft),
    active: false,
    testActive: false,
    terminate: true,
    transitions: [],
  };
  return { draft: { ...draft, states: [...draft.states, state] }, key: state.key };
}

export type StatePatch = Partial<Pick<DraftState, 'name' | 'active' | 'testActive' | 'terminate'>>;

/** Making a state final drops its transitions: a final state has none. */
export function updateState(draft: BuilderDraft, key: string, patch: StatePatch): BuilderDraft {
  return mapState(draft, key, (state) => {
    const next = { ...state, ...patch };
    return patch.terminate ? { ...next, transitions: [] } : next;
  });
}

/** Transitions that led to the removed state keep no target, so the builder asks for a new one. */
export function removeState(draft: BuilderDraft, key: string): BuilderDraft {
  return {
    ...draft,
    states: draft.states
      .filter((state) => state.key !== key)
      .map((state) => ({
        ...state,
        transitions: state.transitions.map((transition) =>
          transition.targetKey === key ? { ...transition, targetKey: '' } : transition,
        ),
      })),
  };
}

export function moveState(draft: BuilderDraft, key: string, delta: -1 | 1): BuilderDraft {
  const index = draft.states.findIndex((state) => state.key === key);
  return { ...draft, states: moved(draft.states, index, delta) };
}

const TOMORROW_MS = 24 * 60 * 60 * 1000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `YYYY-MM-DD 00:00` of the day after `now` (wall clock of the browser, as the date picker shows it). */
export function nextMidnight(now: Date): string {
  const day = new Date(now.getTime() + TOMORROW_MS);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())} 00:00`;
}

/** The arguments a newly chosen event starts with. */
export function defaultEvent(name: SupportedEventName, now: Date = new Date()): PolicyEventCall {
  switch (name) {
    case 'TransactionEvent':
      return { name, args: { amount: '10.00', account: SELF_ACCOUNT } };
    case 'RelativeTimeEvent':
      return { name, args: { elapsed: 1, timeUnit: 'day' } };
    case 'TimeEvent':
      return { name, args: { dateTime: nextMidnight(now) } };
    case 'CycleEndEvent':
      return { name, args: { cycleCount: 1, timeUnit: 'cycle' } };
  }
}

/** A payment leading to the next state in the list (or none yet); the state stops being final. */
export function addTransition(draft: BuilderDraft, stateKey: string): { draft: BuilderDraft; key: string } {
  const index = draft.states.findIndex((state) => state.key === stateKey);
  const next = draft.states[index + 1] ?? draft.states.find((state) => state.key !== stateKey);
  const transition: DraftTransition = {
    key: newKey('t'),
    event: defaultEvent('TransactionEvent'),
    targetKey: next?.key ?? '',
  };
  const updated = mapState(draft, stateKey, (state) => ({
    ...state,
    terminate: false,
    transitions: [...state.transitions, transition],
  }));
  return { draft: updated, key: transition.key };
}

export type TransitionPatch = Partial<Pick<DraftTransition, 'event' | 'targetKey'>>;

export function updateTransition(
  draft: BuilderDraft,
  stateKey: string,
  key: string,
  patch: TransitionPatch,
): BuilderDraft {
  return mapState(draft, stateKey, (state) => ({
    ...state,
    transitions: state.transitions.map((transition) =>
      transition.key === key ? { ...transition, ...patch } : transition,
    ),
  }));
}

export function removeTransition(draft: BuilderDraft, stateKey: string, key: string): BuilderDraft {
  return mapState(draft, stateKey, (state) => ({
    ...state,
    transitions: state.transitions.filter((transition) => transition.key !== key),
  }));
}

export function moveTransition(draft: BuilderDraft, stateKey: string, key: string, delta: -1 | 1): BuilderDraft {
  return mapState(draft, stateKey, (state) => ({
    ...state,
    transitions: moved(
      state.transitions,
      state.transitions.findIndex((transition) => transition.key === key),
      delta,
    ),
  }));
}
