// Helpers for the contract tests: a policy text's state machine and the eventIds in it.
import { compilePolicy } from '../policy/compiler';
import type { PolicyFsm } from './machine';

export function fsmOf(text: string): PolicyFsm {
  const result = compilePolicy(text);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.policy.fsmDescriptionInfo;
}

/** The eventId of the `index`th transition of `state`. */
export function eventIdOf(fsm: PolicyFsm, state: string, index = 0): string {
  const transition = fsm[state]?.transitions[index];
  if (!transition) throw new Error(`no transition ${index} in ${state}`);
  return transition.eventId;
}
