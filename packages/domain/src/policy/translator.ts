// Translator: a compiled policy as plain sentences in the caller's language (DOMAIN §2.12 translateInfo,
// §4.7): who may sign, what each state grants, each event and where it leads.
import type { Language } from '../constants';
import { lookupPolicyText, type PolicyTexts } from './texts';
import type {
  CompiledPolicy,
  CompiledState,
  CompiledTransition,
  CycleEndUnit,
  RelativeTimeUnit,
  ServiceStateName,
} from './types';

/** The `translateInfo` shape of DOMAIN §2.12; `content` at the top is the whole text. */
export type PolicyTranslation = {
  audience: string;
  content: string;
  states: { name: string; content: string; events: { eventId: string; content: string }[] }[];
};

const CYCLE_HOURS = 4;
/** Formal authorization reads before test authorization, whatever the order in the text. */
const SERVICE_STATE_ORDER: readonly ServiceStateName[] = ['active', 'testActive'];

type Say = (key: string, params?: Record<string, string | number>) => string;

function sayIn(language: Language, texts: PolicyTexts): Say {
  return (key, params) => lookupPolicyText(texts, language, `policy.translate.${key}`, params);
}

export function translatePolicyInfo(policy: CompiledPolicy, language: Language, texts: PolicyTexts): PolicyTranslation {
  const say = sayIn(language, texts);
  const separator = say('separator');
  const audiences = policy.fsmDeclarationInfo.audiences.map((audience) =>
    say(`audience.${audience.type}`, { value: audience.name }),
  );
  const audience = say('audience', { audiences: audiences.join(separator) });
  const states = Object.entries(policy.fsmDescriptionInfo).map(([name, state]) => ({
    name,
    content: describeState(name, state, say, separator),
    events: state.transitions.map((transition) => ({
      eventId: transition.eventId,
      content: describeTransition(transition, say),
    })),
  }));
  const lines = [audience];
  for (const state of states) lines.push(state.content, ...state.events.map((event) => `  ${event.content}`));
  return { audience, content: lines.join('\n'), states };
}

/** The whole translation as one text: the audience line, then each state followed by its events. */
export function translatePolicy(policy: CompiledPolicy, language: Language, texts: PolicyTexts): string {
  return translatePolicyInfo(policy, language, texts).content;
}

function describeState(name: string, state: CompiledState, say: Say, separator: string): string {
  const label = say(state.isInitial ? 'state.initialName' : 'state.name', { state: name });
  const services = SERVICE_STATE_ORDER.filter((serviceState) => state.serviceStates.includes(serviceState))
    .map((serviceState) => say(`service.${serviceState}`))
    .join(separator);
  if (state.isTerminate) return say(services ? 'state.permanent' : 'state.ends', { name: label, services });
  return say(services ? 'state.grants' : 'state.grantsNothing', { name: label, services });
}

function describeTransition(transition: CompiledTransition, say: Say): string {
  const target = transition.toState;
  switch (transition.name) {
    case 'TransactionEvent':
      return say('event.transaction', { amount: transition.args.amount, target });
    case 'RelativeTimeEvent': {
      const { elapsed, timeUnit } = transition.args;
      return say('event.relativeTime', { duration: duration(elapsed, timeUnit, say), target });
    }
    case 'TimeEvent':
      return say('event.time', { dateTime: transition.args.dateTime.replaceAll('-', '/'), target });
    case 'CycleEndEvent': {
      const { cycleCount, timeUnit } = transition.args;
      return say('event.cycleEnd', { duration: duration(cycleCount, timeUnit, say), target });
    }
  }
}

/** "7 days", "1 cycle (4 hours)": a time event's duration in the caller's language. */
export function durationText(
  count: number,
  unit: RelativeTimeUnit | CycleEndUnit,
  language: Language,
  texts: PolicyTexts,
): string {
  return duration(count, unit, sayIn(language, texts));
}

function duration(count: number, unit: RelativeTimeUnit | CycleEndUnit, say: Say): string {
  return say(`unit.${unit}.${count === 1 ? 'one' : 'other'}`, { count, hours: count * CYCLE_HOURS });
}
