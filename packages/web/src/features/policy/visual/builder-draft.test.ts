import { describe, expect, it } from 'vitest';
import { compilePolicy, textToBuilder } from '@tessera/domain';
import { COMPILING_EXAMPLES } from '@tessera/domain/policy-examples';
import {
  addState,
  addTransition,
  defaultEvent,
  draftFromModel,
  draftText,
  emptyDraft,
  modelFromDraft,
  moveState,
  nextMidnight,
  removeState,
  updateState,
  updateTransition,
  type BuilderDraft,
} from './builder-draft';
import { isStateName, validateDraft } from './builder-validation';

const POLICY_D = COMPILING_EXAMPLES.D;

function draftOf(text: string): BuilderDraft {
  const result = textToBuilder(text);
  if (!result.ok) throw new Error('expected a policy that compiles');
  return draftFromModel(result.model);
}

const messages = (draft: BuilderDraft, subjectType: 1 | 2 = 1) =>
  validateDraft(draft, subjectType).map((issue) => issue.messageKey);

describe('the builder draft', () => {
  it('keeps the model as it is, with keys instead of target names', () => {
    const model = textToBuilder(POLICY_D);
    if (!model.ok) throw new Error('expected a model');
    const draft = draftFromModel(model.model);
    expect(draft.states[0]?.transitions[0]?.targetKey).toBe(draft.states[1]?.key);
    expect(modelFromDraft(draft)).toEqual(model.model);
    expect(compilePolicy(draftText(draft)).ok).toBe(true);
  });

  it('renaming a state keeps the events that lead to it; removing it leaves them without a target', () => {
    const draft = draftOf(POLICY_D);
    const paid = draft.states[1]?.key as string;
    const renamed = updateState(draft, paid, { name: 'member' });
    expect(draftText(renamed)).toContain('=> member');
    expect(compilePolicy(draftText(renamed)).ok).toBe(true);
    const removed = removeState(renamed, paid);
    expect(removed.states.map((state) => state.name)).toEqual(['initial', 'closed']);
    expect(removed.states[0]?.transitions[0]?.targetKey).toBe('');
    expect(messages(removed)).toContain('policyEditor.issue.targetRequired');
  });

  it('adds states (initial first) and events, and a final state has no events', () => {
    const first = addState(emptyDraft());
    expect(first.draft.states[0]).toMatchObject({ name: 'initial', terminate: true, transitions: [] });
    const second = addState(updateState(first.draft, first.key, { active: true }));
    expect(second.draft.states[1]?.name).toBe('state_1');
    const withEvent = addTransition(second.draft, first.key);
    const initial = withEvent.draft.states[0];
    expect(initial?.terminate).toBe(false);
    expect(initial?.transitions[0]).toMatchObject({ event: defaultEvent('TransactionEvent'), targetKey: second.key });
    expect(compilePolicy(draftText(withEvent.draft)).ok).toBe(true);
    expect(updateState(withEvent.draft, first.key, { terminate: true }).states[0]?.transitions).toEqual([]);
    expect(moveState(withEvent.draft, second.key, -1).states.map((state) => state.name)).toEqual([
      'state_1',
      'initial',
    ]);
  });

  it('starts a date event at the next midnight', () => {
    expect(nextMidnight(new Date(2030, 0, 31, 15, 20))).toBe('2030-02-01 00:00');
    expect(defaultEvent('TimeEvent', new Date(2030, 11, 31, 9))).toEqual({
      name: 'TimeEvent',
      args: { dateTime: '2031-01-01 00:00' },
    });
  });
});

describe('the builder checks', () => {
  it('accept a draft that compiles', () => {
    expect(validateDraft(draftOf(POLICY_D), 1)).toEqual([]);
  });

  it('point at the field that is wrong', () => {
    const draft = draftOf(POLICY_D);
    const [initial, paid, closed] = draft.states as [
      BuilderDraft['states'][number],
      BuilderDraft['states'][number],
      BuilderDraft['states'][number],
    ];
    const payment = initial.transitions[0]?.key as string;
    const date = initial.transitions[1]?.key as string;
    const cycle = paid.transitions[0]?.key as string;
    let broken = updateTransition(draft, initial.key, payment, {
      event: { name: 'TransactionEvent', args: { amount: '0.001', account: 'self.account' } },
    });
    broken = updateTransition(broken, initial.key, date, {
      event: { name: 'TimeEvent', args: { dateTime: '2030-02-30 00:00' } },
    });
    broken = updateTransition(broken, paid.key, cycle, {
      event: { name: 'CycleEndEvent', args: { cycleCount: 0, timeUnit: 'cycle' } },
    });
    broken = updateState(broken, closed.key, { name: 'for' });
    expect(validateDraft(broken, 1)).toEqual([
      { field: `${initial.key}-${payment}-amount`, messageKey: 'policy.error.P024', params: {} },
      {
        field: `${initial.key}-${date}-dateTime`,
        messageKey: 'policy.error.P028',
        params: { value: '2030-02-30 00:00' },
      },
      { field: `${paid.key}-${cycle}-count`, messageKey: 'policy.error.P027', params: { value: 0 } },
      { field: `${closed.key}-name`, messageKey: 'policy.error.P013', params: { state: 'for' } },
    ]);
  });

  it('find audiences, names, empty states and missing grants', () => {
    const draft = draftOf('for public\n\ninitial[active]:\n  terminate');
    const initial = draft.states[0]?.key as string;
    expect(messages({ ...draft, audiences: [] })).toEqual(['policyEditor.issue.audienceRequired']);
    expect(messages({ ...draft, audiences: ['userGroup', 'someone'] })).toEqual([
      'policy.error.P003',
      'policy.error.P002',
    ]);
    expect(messages(updateState(draft, initial, { name: '' }))).toEqual([
      'policyEditor.issue.nameRequired',
      'policy.error.P011',
    ]);
    expect(messages(updateState(draft, initial, { name: '1st' }))).toEqual([
      'policyEditor.issue.nameInvalid',
      'policy.error.P011',
    ]);
    expect(messages(updateState(draft, initial, { active: false }))).toEqual(['policy.error.P032']);
    expect(messages(updateState(draft, initial, { terminate: false }))).toEqual(['policyEditor.issue.stateEmpty']);
    expect(messages(updateState(draft, initial, { testActive: true }), 2)).toEqual(['policy.error.P010.exhibit']);
    expect(messages(emptyDraft())).toEqual(['policyEditor.issue.noStates']);
    const twice = addState(draft);
    expect(messages(updateState(twice.draft, twice.key, { name: 'initial' }))).toEqual(['policy.error.P012']);
  });

  it('find the same payment twice in one state, however the amount is written', () => {
    const draft = draftOf(POLICY_D);
    const initial = draft.states[0]?.key as string;
    const added = addTransition(draft, initial);
    const again = updateTransition(added.draft, initial, added.key, {
      event: { name: 'TransactionEvent', args: { amount: '100.00', account: 'self.account' } },
    });
    expect(validateDraft(again, 1)).toEqual([
      { field: `${initial}-${added.key}-event`, messageKey: 'policy.error.P031', params: { state: 'initial' } },
    ]);
  });

  it('state names follow the language: a letter or _, then letters, digits or _, at most 40', () => {
    expect(isStateName('已付费_2')).toBe(true);
    expect(isStateName('_a')).toBe(true);
    expect(isStateName('a b')).toBe(false);
    expect(isStateName('a-b')).toBe(false);
    expect(isStateName('x'.repeat(40))).toBe(true);
    expect(isStateName('x'.repeat(41))).toBe(false);
  });
});
