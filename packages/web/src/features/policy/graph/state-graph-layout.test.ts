import { describe, expect, it } from 'vitest';
import { compilePolicy } from '@tessera/domain';
import { TRIAL_POLICY } from '../../contracts/testing';
import { layoutStateGraph } from './state-graph-layout';

function fsmOf(text: string) {
  const result = compilePolicy(text, { subjectType: 1 });
  if (!result.ok) throw new Error('the policy does not compile');
  return result.policy.fsmDescriptionInfo;
}

const SUBSCRIPTION = `for public
initial:
  ~freelog.TransactionEvent("10","self.account") => active
active[active]:
  ~freelog.CycleEndEvent("1","month") => overdue
  ~freelog.TransactionEvent("10","self.account") => active
overdue:
  ~freelog.TransactionEvent("10","self.account") => active
  ~freelog.RelativeTimeEvent("7","day") => ended
ended:
  terminate
lonely:
  terminate`;

describe('the state graph layout', () => {
  const layout = layoutStateGraph(fsmOf(SUBSCRIPTION), (transition) => transition.name);
  const state = (name: string) => layout.states.find((item) => item.name === name);
  const edge = (id: string) => layout.edges.find((item) => item.id === id);

  it('puts states in columns by their distance from the initial state, unreachable ones last', () => {
    const columns = ['initial', 'active', 'overdue', 'ended', 'lonely'].map((name) => state(name)?.x ?? -1);
    expect(columns).toEqual([...columns].sort((a, b) => a - b));
    expect(new Set(columns).size).toBe(5);
    expect(state('initial')?.isInitial).toBe(true);
    expect(state('active')?.authorizes).toBe(true);
    expect(state('ended')?.isTerminate).toBe(true);
  });

  it('draws events forward, back and to the same state, and fits everything in the picture', () => {
    expect(edge('initial->active')?.kind).toBe('forward');
    expect(edge('active->active')?.kind).toBe('loop');
    expect(edge('overdue->active')?.kind).toBe('back');
    expect(edge('active->overdue')?.labels).toEqual(['CycleEndEvent']);
    expect(layout.edges).toHaveLength(5);
    for (const item of layout.states) {
      expect(item.x + item.width).toBeLessThanOrEqual(layout.width);
      expect(item.y).toBeGreaterThan(40);
    }
    expect(edge('overdue->active')?.labelY).toBeLessThan(layout.height);
  });

  it('bows an event between two states of one column out to the right, its label inside the picture', () => {
    const trial = layoutStateGraph(fsmOf(TRIAL_POLICY), () => 'a rather long label');
    const side = trial.edges.find((item) => item.id === 'expired->paid');
    expect(side?.kind).toBe('side');
    expect(side?.labelAnchor).toBe('start');
    const paid = trial.states.find((item) => item.name === 'paid');
    expect(side?.labelX).toBeGreaterThan((paid?.x ?? 0) + (paid?.width ?? 0));
    expect((side?.labelX ?? 0) + 'a rather long label'.length * 7).toBeLessThanOrEqual(trial.width);
  });

  it('groups two events between the same states on one edge', () => {
    const twice = layoutStateGraph(
      fsmOf(`for public
initial:
  ~freelog.TransactionEvent("10","self.account") => done
  ~freelog.RelativeTimeEvent("1","day") => done
done[active]:
  terminate`),
      (transition) => transition.name,
    );
    expect(twice.edges.map((item) => item.labels)).toEqual([['TransactionEvent', 'RelativeTimeEvent']]);
  });
});
