// The event catalogue of DOMAIN §4.5 and the checks of a transition (P020–P028, W002).
import { diagnostic } from './diagnostics';
import {
  CYCLE_END_UNITS,
  RELATIVE_TIME_UNITS,
  type CompiledTransition,
  type PolicyDiagnostic,
  type PolicyStringNode,
  type SupportedEventName,
  type PolicyTransitionNode,
} from './types';

export const POLICY_EVENT_SERVICE = 'freelog';
export const SELF_ACCOUNT = 'self.account';

export const POLICY_EVENT_CODES: Readonly<Record<SupportedEventName, CompiledTransition['code']>> = {
  TransactionEvent: 'S201',
  RelativeTimeEvent: 'A103',
  TimeEvent: 'A102',
  CycleEndEvent: 'A101',
};

/** Known to the reference platform, parsed, then refused with P022. */
const UNSUPPORTED_EVENTS = new Set([
  'SigningEvent',
  'SettlementEvent',
  'ViewCountEvent',
  'ReContractCountEvent',
  'PresentCountEvent',
  'EscrowExceedAmount',
  'EscrowConfiscated',
  'EscrowRefunded',
  'IconChangeEvent',
]);

const ARITY: Readonly<Record<SupportedEventName, number>> = {
  TransactionEvent: 2,
  RelativeTimeEvent: 2,
  TimeEvent: 1,
  CycleEndEvent: 2,
};

export const MIN_AMOUNT_CENTS = 1;
export const MAX_AMOUNT_CENTS = 100_000_000;
export const MAX_POLICY_EVENT_COUNT = 999_999;

function isSupportedEvent(name: string): name is SupportedEventName {
  return Object.hasOwn(POLICY_EVENT_CODES, name);
}

/** A payment amount as the policy writes it ("29.99", "100") → "29.99" / "100.00"; null when invalid. */
export function parsePolicyAmount(text: string): string | null {
  const parts = /^([0-9]+)(?:\.([0-9]{1,2}))?$/.exec(text);
  if (!parts) return null;
  const units = (parts[1] as string).replace(/^0+(?=[0-9])/, '');
  if (units.length > 7) return null;
  const cents = Number(units) * 100 + Number((parts[2] ?? '').padEnd(2, '0'));
  if (cents < MIN_AMOUNT_CENTS || cents > MAX_AMOUNT_CENTS) return null;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** elapsed / cycleCount: a whole number from 1 to 999 999, written in digits. */
export function parsePolicyCount(text: string): number | null {
  if (!/^[0-9]{1,7}$/.test(text)) return null;
  const count = Number(text);
  return count >= 1 && count <= MAX_POLICY_EVENT_COUNT ? count : null;
}

const DATE_TIME = /^([0-9]{4})-([0-9]{2})-([0-9]{2}) ([0-9]{2}):([0-9]{2})$/;

/** `YYYY-MM-DD HH:mm` → its wall-clock fields, or null when it is not a real date and time. */
export function parsePolicyDateTime(text: string): [number, number, number, number, number] | null {
  const parts = DATE_TIME.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real = year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && hour <= 23 && minute <= 59 ? [year, month, day, hour, minute] : null;
}

export type TransitionCheckContext = {
  /** When set, a TimeEvent at or before this moment gets W002. */
  now?: Date;
  /** Offset of the platform time zone from UTC, in minutes (DOMAIN: +08:00 → 480). */
  utcOffsetMinutes: number;
};

/** A compiled transition before its eventId is known (the eventId needs the policyId). */
export type CheckedTransition = WithoutEventId<CompiledTransition>;
type WithoutEventId<T> = T extends CompiledTransition ? Omit<T, 'eventId'> : never;

export type DiagnosticSink = { errors: PolicyDiagnostic[]; warnings: PolicyDiagnostic[] };

/**
 * Checks the event of one transition and builds its compiled form without the eventId. Path errors
 * stop at the first one; argument errors are all reported, each at its argument.
 */
export function checkTransition(
  node: PolicyTransitionNode,
  context: TransitionCheckContext,
  sink: DiagnosticSink,
): CheckedTransition | null {
  const { errors } = sink;
  const service = node.path[0] as PolicyTransitionNode['path'][number];
  const event = node.path[node.path.length - 1] as PolicyTransitionNode['path'][number];
  if (service.text !== POLICY_EVENT_SERVICE) {
    errors.push(diagnostic('P020', service.range, { service: service.text }));
    return null;
  }
  if (UNSUPPORTED_EVENTS.has(event.text)) {
    errors.push(diagnostic('P022', event.range, { event: event.text }));
    return null;
  }
  if (!isSupportedEvent(event.text)) {
    errors.push(diagnostic('P021', event.range, { event: event.text }));
    return null;
  }
  const name = event.text;
  if (node.args.length !== ARITY[name]) {
    errors.push(diagnostic('P023', event.range, { event: name, count: ARITY[name] }));
    return null;
  }
  const before = errors.length;
  const transition = buildTransition(name, node, context, sink);
  return errors.length === before ? transition : null;
}

function buildTransition(
  name: SupportedEventName,
  node: PolicyTransitionNode,
  context: TransitionCheckContext,
  sink: DiagnosticSink,
): CheckedTransition {
  const { errors } = sink;
  const [first, second] = node.args as [PolicyStringNode, PolicyStringNode];
  const base = { toState: node.target.text, service: POLICY_EVENT_SERVICE } as const;
  switch (name) {
    case 'TransactionEvent': {
      const amount = parsePolicyAmount(first.value);
      if (amount === null) errors.push(diagnostic('P024', first.range, { amount: first.value }));
      if (second.value !== SELF_ACCOUNT) errors.push(diagnostic('P025', second.range, { account: second.value }));
      const args = { amount: amount ?? '', account: second.value };
      return { ...base, name, code: 'S201', args, isSingleton: true };
    }
    case 'RelativeTimeEvent': {
      const elapsed = checkCount(first, errors);
      const timeUnit = checkUnit(second, RELATIVE_TIME_UNITS, name, errors);
      return { ...base, name, code: 'A103', args: { elapsed, timeUnit }, isSingleton: false };
    }
    case 'CycleEndEvent': {
      const cycleCount = checkCount(first, errors);
      const timeUnit = checkUnit(second, CYCLE_END_UNITS, name, errors);
      return { ...base, name, code: 'A101', args: { cycleCount, timeUnit }, isSingleton: false };
    }
    case 'TimeEvent': {
      checkDateTime(first, context, sink);
      return { ...base, name, code: 'A102', args: { dateTime: first.value }, isSingleton: false };
    }
  }
}

function checkCount(arg: PolicyStringNode, errors: PolicyDiagnostic[]): number {
  const count = parsePolicyCount(arg.value);
  if (count === null) errors.push(diagnostic('P027', arg.range, { value: arg.value }));
  return count ?? 0;
}

function checkUnit<Unit extends string>(
  arg: PolicyStringNode,
  units: readonly Unit[],
  event: SupportedEventName,
  errors: PolicyDiagnostic[],
): Unit {
  const unit = units.find((candidate) => candidate === arg.value);
  if (unit === undefined) errors.push(diagnostic('P026', arg.range, { unit: arg.value, event }));
  return unit ?? (units[0] as Unit);
}

function checkDateTime(arg: PolicyStringNode, context: TransitionCheckContext, sink: DiagnosticSink): void {
  const fields = parsePolicyDateTime(arg.value);
  if (fields === null) {
    sink.errors.push(diagnostic('P028', arg.range, { value: arg.value }));
    return;
  }
  if (context.now === undefined) return;
  const [year, month, day, hour, minute] = fields;
  const wallClock = new Date(Date.UTC(2000, month - 1, day, hour, minute));
  wallClock.setUTCFullYear(year);
  if (wallClock.getTime() - context.utcOffsetMinutes * 60_000 <= context.now.getTime()) {
    sink.warnings.push(diagnostic('W002', arg.range, { time: arg.value }));
  }
}
