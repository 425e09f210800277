// When a contract's time events fall due (DOMAIN §4.5): calendar arithmetic on the wall clock of the
// platform time zone (a fixed UTC offset, no daylight saving), 4-hour cycles counted from
// 2021-02-01 00:00 platform time, and policy dates (`YYYY-MM-DD HH:mm`) read in that zone.
import { parsePolicyDateTime } from '../policy/events';
import type { CompiledTransition, CycleEndUnit, RelativeTimeUnit } from '../policy/types';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
export const CYCLE_MS = 4 * HOUR_MS;

/**
 * The last moment a due date may have. Anything later is never due: a timer of 300 000 years does
 * not fit a JavaScript date, and a stored year above 9999 would not even sort as text.
 */
export const LATEST_DUE_DATE = new Date(Date.UTC(9999, 11, 31, 23, 59, 59, 999));

export type TimeTransition = Exclude<CompiledTransition, { name: 'TransactionEvent' }>;

export function isTimeTransition(transition: CompiledTransition): transition is TimeTransition {
  return transition.name !== 'TransactionEvent';
}

/** Midnight UTC of a calendar day; years below 100 stay themselves (Date.UTC would add 1900). */
function utcDay(year: number, monthIndex: number, day: number): number {
  const date = new Date(Date.UTC(2000, monthIndex, day));
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(utcDay(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `months` calendar months after `at` on the platform's wall clock, keeping the time of day; a day
 * the target month lacks becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
function addMonths(at: number, months: number, utcOffsetMinutes: number): number {
  const wall = at + utcOffsetMinutes * MINUTE_MS;
  const date = new Date(wall);
  const timeOfDay = wall - utcDay(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const monthIndex = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, monthIndex));
  return utcDay(year, monthIndex, day) + timeOfDay - utcOffsetMinutes * MINUTE_MS;
}

/** `at` + count × unit; units of a day and longer on the platform calendar. NaN when out of range. */
export function addTimeUnits(
  at: Date,
  count: number,
  unit: RelativeTimeUnit | CycleEndUnit,
  utcOffsetMinutes: number,
): Date {
  const from = at.getTime();
  switch (unit) {
    case 'minute':
      return new Date(from + count * MINUTE_MS);
    case 'hour':
      return new Date(from + count * HOUR_MS);
    case 'cycle':
      return new Date(from + count * CYCLE_MS);
    // A fixed offset has no daylight saving: a calendar day is always 24 hours.
    case 'day':
      return new Date(from + count * DAY_MS);
    case 'week':
      return new Date(from + count * 7 * DAY_MS);
    case 'month':
      return new Date(addMonths(from, count, utcOffsetMinutes));
    case 'year':
      return new Date(addMonths(from, count * 12, utcOffsetMinutes));
  }
}

/** 2021-02-01 00:00 platform time, from which the 4-hour cycles are counted. */
export function cycleOrigin(utcOffsetMinutes: number): Date {
  return new Date(Date.UTC(2021, 1, 1) - utcOffsetMinutes * MINUTE_MS);
}

/** The first cycle boundary at or after `at`. */
export function nextCycleBoundary(at: Date, utcOffsetMinutes: number): Date {
  const origin = cycleOrigin(utcOffsetMinutes).getTime();
  return new Date(origin + Math.ceil((at.getTime() - origin) / CYCLE_MS) * CYCLE_MS);
}

/** A policy date `YYYY-MM-DD HH:mm` as the moment it names in the platform time zone; null if not real. */
export function policyDateTimeToDate(text: string, utcOffsetMinutes: number): Date | null {
  const fields = parsePolicyDateTime(text);
  if (!fields) return null;
  const [year, month, day, hour, minute] = fields;
  return new Date(utcDay(year, month - 1, day) + (hour * 60 + minute - utcOffsetMinutes) * MINUTE_MS);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A moment as `YYYY-MM-DD HH:mm` on the platform's wall clock (seconds are dropped). */
export function dateToPolicyDateTime(at: Date, utcOffsetMinutes: number): string {
  const wall = new Date(at.getTime() + utcOffsetMinutes * MINUTE_MS);
  const day = [pad(wall.getUTCFullYear(), 4), pad(wall.getUTCMonth() + 1), pad(wall.getUTCDate())].join('-');
  return `${day} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/**
 * When a time event of a state entered at `enteredAt` falls due (DOMAIN §4.5), never before the entry;
 * null when it never does (later than LATEST_DUE_DATE).
 */
export function timeEventDueDate(transition: TimeTransition, enteredAt: Date, utcOffsetMinutes: number): Date | null {
  let due: Date;
  switch (transition.name) {
    case 'RelativeTimeEvent':
      due = addTimeUnits(enteredAt, transition.args.elapsed, transition.args.timeUnit, utcOffsetMinutes);
      break;
    case 'TimeEvent': {
      const at = policyDateTimeToDate(transition.args.dateTime, utcOffsetMinutes);
      if (at === null) return null;
      due = at < enteredAt ? enteredAt : at;
      break;
    }
    case 'CycleEndEvent': {
      const end = addTimeUnits(enteredAt, transition.args.cycleCount, transition.args.timeUnit, utcOffsetMinutes);
      due = nextCycleBoundary(end, utcOffsetMinutes);
      break;
    }
  }
  return Number.isNaN(due.getTime()) || due > LATEST_DUE_DATE ? null : due;
}
