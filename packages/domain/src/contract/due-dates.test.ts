import { describe, expect, it } from 'vitest';
import {
  addTimeUnits,
  cycleOrigin,
  dateToPolicyDateTime,
  nextCycleBoundary,
  policyDateTimeToDate,
  timeEventDueDate,
  type TimeTransition,
} from './due-dates';

const CHINA = 480; // +08:00
const INDIA_WEST = -330; // -05:30: negative, and not a whole hour

/** A platform wall-clock time as the moment it names. */
function at(text: string, offset: number): Date {
  const date = policyDateTimeToDate(text, offset);
  if (!date) throw new Error(`not a date: ${text}`);
  return date;
}

const wall = (date: Date | null, offset: number) => (date ? dateToPolicyDateTime(date, offset) : null);

function relative(elapsed: number, timeUnit: 'year' | 'month' | 'week' | 'day' | 'cycle' | 'hour' | 'minute') {
  return {
    eventId: 'e',
    toState: 's',
    service: 'freelog',
    name: 'RelativeTimeEvent',
    code: 'A103',
    args: { elapsed, timeUnit },
    isSingleton: false,
  } satisfies TimeTransition;
}
function cycleEnd(cycleCount: number, timeUnit: 'year' | 'month' | 'week' | 'day' | 'cycle') {
  return {
    eventId: 'e',
    toState: 's',
    service: 'freelog',
    name: 'CycleEndEvent',
    code: 'A101',
    args: { cycleCount, timeUnit },
    isSingleton: false,
  } satisfies TimeTransition;
}
function absolute(dateTime: string) {
  return {
    eventId: 'e',
    toState: 's',
    service: 'freelog',
    name: 'TimeEvent',
    code: 'A102',
    args: { dateTime },
    isSingleton: false,
  } satisfies TimeTransition;
}

describe('policy dates in the platform time zone', () => {
  it('reads YYYY-MM-DD HH:mm as wall-clock time at the offset', () => {
    expect(at('2027-01-01 00:00', CHINA).toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(at('2027-01-01 00:00', INDIA_WEST).toISOString()).toBe('2027-01-01T05:30:00.000Z');
    expect(at('2027-01-01 00:00', 0).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('refuses dates that do not exist', () => {
    expect(policyDateTimeToDate('2025-02-29 00:00', CHINA)).toBeNull();
    expect(policyDateTimeToDate('2024-02-30 10:00', CHINA)).toBeNull();
    expect(policyDateTimeToDate('2024-01-01 24:00', CHINA)).toBeNull();
  });

  it('keeps years below 100 (no 1900 shift) and writes them back', () => {
    expect(at('0050-03-01 12:00', 0).getUTCFullYear()).toBe(50);
    expect(wall(at('0050-03-01 12:00', CHINA), CHINA)).toBe('0050-03-01 12:00');
  });

  it('round-trips a moment through the wall clock', () => {
    const moment = new Date('2025-06-30T20:15:00.000Z');
    expect(wall(moment, CHINA)).toBe('2025-07-01 04:15');
    expect(wall(moment, INDIA_WEST)).toBe('2025-06-30 14:45');
    expect(at('2025-07-01 04:15', CHINA)).toEqual(moment);
  });
});

describe('calendar arithmetic (RelativeTimeEvent)', () => {
  it.each([
    // [entered, count, unit, due] on the +08:00 wall clock
    ['2025-01-31 10:00', 1, 'month', '2025-02-28 10:00'],
    ['2024-01-31 10:00', 1, 'month', '2024-02-29 10:00'],
    ['2024-03-31 23:59', 1, 'month', '2024-04-30 23:59'],
    ['2024-01-31 10:00', 2, 'month', '2024-03-31 10:00'],
    ['2025-12-31 18:00', 2, 'month', '2026-02-28 18:00'],
    ['2024-02-29 08:00', 1, 'year', '2025-02-28 08:00'],
    ['2024-02-29 08:00', 4, 'year', '2028-02-29 08:00'],
    ['2023-02-28 08:00', 1, 'year', '2024-02-28 08:00'],
    ['2024-12-31 10:00', 1, 'day', '2025-01-01 10:00'],
    ['2024-02-28 10:00', 1, 'day', '2024-02-29 10:00'],
    ['2025-02-25 10:00', 1, 'week', '2025-03-04 10:00'],
    ['2025-01-01 23:30', 1, 'hour', '2025-01-02 00:30'],
    ['2025-01-01 23:59', 1, 'minute', '2025-01-02 00:00'],
    ['2025-01-01 22:00', 1, 'cycle', '2025-01-02 02:00'],
  ] as const)('%s + %i %s = %s', (entered, count, unit, due) => {
    expect(wall(timeEventDueDate(relative(count, unit), at(entered, CHINA), CHINA), CHINA)).toBe(due);
  });

  it('counts months on the platform calendar, not in UTC', () => {
    // 00:30 on 31 Jan in +08:00 is still 30 Jan in UTC: a UTC month would land on 1 March.
    const entered = at('2025-01-31 00:30', CHINA);
    expect(entered.toISOString()).toBe('2025-01-30T16:30:00.000Z');
    expect(wall(addTimeUnits(entered, 1, 'month', CHINA), CHINA)).toBe('2025-02-28 00:30');
    // 22:00 on 30 Jan in -05:30 is already 31 Jan in UTC: a UTC month would land on 28 Feb, 22:00 local 27 Feb.
    const west = at('2025-01-30 22:00', INDIA_WEST);
    expect(west.toISOString()).toBe('2025-01-31T03:30:00.000Z');
    expect(wall(addTimeUnits(west, 1, 'month', INDIA_WEST), INDIA_WEST)).toBe('2025-02-28 22:00');
    expect(addTimeUnits(west, 1, 'month', INDIA_WEST).toISOString()).toBe('2025-03-01T03:30:00.000Z');
  });

  it('keeps seconds and milliseconds of the entry', () => {
    const entered = new Date('2025-01-31T02:00:07.123Z');
    expect(addTimeUnits(entered, 1, 'month', CHINA).toISOString()).toBe('2025-02-28T02:00:07.123Z');
  });

  it('is never due when the due date is beyond year 9999', () => {
    const entered = at('2025-01-01 00:00', CHINA);
    expect(timeEventDueDate(relative(999_999, 'year'), entered, CHINA)).toBeNull();
    expect(timeEventDueDate(relative(999_999, 'month'), entered, CHINA)).toBeNull();
    expect(timeEventDueDate(relative(999_999, 'week'), entered, CHINA)).toBeNull();
    expect(wall(timeEventDueDate(relative(999_999, 'day'), entered, CHINA), CHINA)).toBe('4762-11-28 00:00');
    expect(wall(timeEventDueDate(relative(7974, 'year'), entered, CHINA), CHINA)).toBe('9999-01-01 00:00');
  });
});

describe('TimeEvent', () => {
  it('is due at its wall-clock time in the platform zone', () => {
    const entered = at('2026-06-01 00:00', CHINA);
    expect(timeEventDueDate(absolute('2027-01-01 00:00'), entered, CHINA)?.toISOString()).toBe(
      '2026-12-31T16:00:00.000Z',
    );
    expect(timeEventDueDate(absolute('2027-01-01 00:00'), entered, INDIA_WEST)?.toISOString()).toBe(
      '2027-01-01T05:30:00.000Z',
    );
  });

  it('is due at the entry when its time has passed, or is the entry itself', () => {
    const entered = new Date('2027-01-01T00:00:30.000Z');
    expect(timeEventDueDate(absolute('2020-01-01 00:00'), entered, CHINA)).toEqual(entered);
    const exactly = at('2027-01-01 00:00', CHINA);
    expect(timeEventDueDate(absolute('2027-01-01 00:00'), exactly, CHINA)).toEqual(exactly);
  });
});

describe('cycles (CycleEndEvent)', () => {
  it('counts 4-hour boundaries from 2021-02-01 00:00 platform time', () => {
    expect(cycleOrigin(CHINA).toISOString()).toBe('2021-01-31T16:00:00.000Z');
    expect(cycleOrigin(INDIA_WEST).toISOString()).toBe('2021-02-01T05:30:00.000Z');
    for (const offset of [CHINA, INDIA_WEST, 0]) {
      const boundary = (text: string) => wall(nextCycleBoundary(at(text, offset), offset), offset);
      expect(boundary('2025-03-10 00:00')).toBe('2025-03-10 00:00');
      expect(boundary('2025-03-10 00:01')).toBe('2025-03-10 04:00');
      expect(boundary('2025-03-10 21:00')).toBe('2025-03-11 00:00');
      // Before the origin the boundaries go on every 4 hours.
      expect(boundary('2020-01-01 01:00')).toBe('2020-01-01 04:00');
    }
  });

  it('a boundary is at or after the entry plus the count', () => {
    const in1 = (entered: string, count: number, unit: 'year' | 'month' | 'week' | 'day' | 'cycle', offset = CHINA) =>
      wall(timeEventDueDate(cycleEnd(count, unit), at(entered, offset), offset), offset);
    expect(in1('2025-03-10 01:00', 1, 'cycle')).toBe('2025-03-10 08:00');
    expect(in1('2025-03-10 04:00', 6, 'cycle')).toBe('2025-03-11 04:00');
    expect(in1('2025-03-10 01:00', 1, 'day')).toBe('2025-03-11 04:00');
    expect(in1('2025-01-31 09:30', 1, 'month')).toBe('2025-02-28 12:00');
    expect(in1('2024-02-29 21:00', 1, 'year')).toBe('2025-03-01 00:00');
    expect(in1('2025-03-10 01:00', 1, 'cycle', INDIA_WEST)).toBe('2025-03-10 08:00');
    expect(in1('2025-03-10 01:00', 1, 'week', INDIA_WEST)).toBe('2025-03-17 04:00');
  });

  it('a boundary of the entry itself still waits a whole count', () => {
    const entered = new Date('2025-03-10T00:00:00.001Z');
    const due = timeEventDueDate(cycleEnd(1, 'cycle'), entered, 0);
    expect(due?.toISOString()).toBe('2025-03-10T08:00:00.000Z');
  });
});
