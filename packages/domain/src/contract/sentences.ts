// A contract's history and what can happen to it next, as sentences in the caller's language: the
// transition records with `isTranslate=1`, the contract drawer and the policy simulator. Dates are
// shown on the platform's wall clock as the interface writes them (`YYYY/MM/DD HH:mm`).
import type { Language } from '../constants';
import { lookupPolicyText, type PolicyTexts } from '../policy/texts';
import { durationText } from '../policy/translator';
import type { PolicyMessageParams } from '../policy/types';
import { dateToPolicyDateTime } from './due-dates';
import { stateOf, type EventInfo, type PolicyFsm, type TransitionRecord, type UpcomingEvent } from './machine';

/** `YYYY/MM/DD HH:mm` in the platform time zone. */
export function formatPlatformDisplayDate(at: Date, utcOffsetMinutes: number): string {
  return dateToPolicyDateTime(at, utcOffsetMinutes).replaceAll('-', '/');
}

type Say = (key: string, params?: PolicyMessageParams) => string;

function sayIn(language: Language, texts: PolicyTexts): Say {
  return (key, params) => lookupPolicyText(texts, language, `contracts.${key}`, params);
}

function cause(info: EventInfo, from: string, language: Language, texts: PolicyTexts, say: Say): string {
  switch (info.name) {
    case 'init':
      return say('record.cause.init');
    case 'TransactionEvent':
      return say('record.cause.transaction', { amount: info.args.amount });
    case 'RelativeTimeEvent': {
      const duration = durationText(info.args.elapsed, info.args.timeUnit, language, texts);
      return say('record.cause.relativeTime', { duration, from });
    }
    case 'TimeEvent':
      return say('record.cause.time', { dateTime: info.args.dateTime.replaceAll('-', '/') });
    case 'CycleEndEvent': {
      const duration = durationText(info.args.cycleCount, info.args.timeUnit, language, texts);
      return say('record.cause.cycleEnd', { duration, from });
    }
  }
}

/**
 * One record as a sentence: what happened, then where the contract went ("Paid 10.00 coins: entered
 * active", "After 7 days in trial: entered expired; the contract ends").
 */
export function describeTransitionRecord(
  fsm: PolicyFsm,
  record: Pick<TransitionRecord, 'fromState' | 'toState' | 'eventInfo'>,
  language: Language,
  texts: PolicyTexts,
): string {
  const say = sayIn(language, texts);
  const target = stateOf(fsm, record.toState);
  const effect = target.isTerminate
    ? target.serviceStates.length > 0
      ? 'permanent'
      : 'ends'
    : record.fromState === record.toState
      ? 'reenter'
      : 'enter';
  return say('record.sentence', {
    cause: cause(record.eventInfo, record.fromState, language, texts, say),
    effect: say(`record.effect.${effect}`, { to: record.toState }),
  });
}

/** "Pay 10.00 coins → active", "On 2027/01/03 12:00 → expired". */
export function describeUpcomingEvent(
  event: UpcomingEvent,
  language: Language,
  texts: PolicyTexts,
  utcOffsetMinutes: number,
): string {
  const say = sayIn(language, texts);
  if (event.kind === 'payment') return say('next.payment', { amount: event.amount, to: event.toState });
  if (event.dueDate === null) return say('next.never', { to: event.toState });
  return say('next.time', { date: formatPlatformDisplayDate(event.dueDate, utcOffsetMinutes), to: event.toState });
}
