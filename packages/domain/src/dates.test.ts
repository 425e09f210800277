import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatDateTime, formatDisplayDate, toDate } from './dates';

// Dates are built from local components so that the expectations hold in every time zone.
const local = (year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0) =>
  new Date(year, month - 1, day, hours, minutes, seconds);

const MORNING = local(2024, 3, 5, 7, 8, 9);
const EVENING = local(1999, 12, 31, 23, 59, 59);

describe('formatters', () => {
  it.each([
    [MORNING, '2024-03-05', '2024-03-05 07:08', '2024/03/05', '2024/03/05 07:08'],
    [EVENING, '1999-12-31', '1999-12-31 23:59', '1999/12/31', '1999/12/31 23:59'],
    [MORNING.toISOString(), '2024-03-05', '2024-03-05 07:08', '2024/03/05', '2024/03/05 07:08'],
    [local(987, 1, 2), '0987-01-02', '0987-01-02 00:00', '0987/01/02', '0987/01/02 00:00'],
  ])('%s', (input, date, dateTime, displayDate, displayDateTime) => {
    expect(formatDate(input)).toBe(date);
    expect(formatDateTime(input)).toBe(dateTime);
    expect(formatDisplayDate(input)).toBe(displayDate);
    expect(formatDisplayDate(input, false)).toBe(displayDate);
    expect(formatDisplayDate(input, true)).toBe(displayDateTime);
  });

  it.each([undefined, null, '', 'not a date', '2024-13-45T00:00:00Z', new Date(Number.NaN)])(
    'formats invalid input %s as an empty text',
    (input) => {
      expect(formatDate(input)).toBe('');
      expect(formatDateTime(input)).toBe('');
      expect(formatDisplayDate(input)).toBe('');
      expect(formatDisplayDate(input, true)).toBe('');
    },
  );
});

describe('toDate', () => {
  it('copies a Date instead of returning the caller’s object', () => {
    const copy = toDate(MORNING);
    expect(copy).not.toBe(MORNING);
    expect(copy?.getTime()).toBe(MORNING.getTime());
  });

  it('parses an ISO string', () => {
    expect(toDate('2025-03-01T08:30:00.000Z')?.getTime()).toBe(Date.UTC(2025, 2, 1, 8, 30));
  });

  it.each([undefined, null, '', 'nope', new Date(Number.NaN)])('gives null for %s', (input) => {
    expect(toDate(input)).toBeNull();
  });
});

describe('addDays', () => {
  it.each([
    [local(2024, 1, 1, 10, 30), 15, local(2024, 1, 16, 10, 30)],
    [local(2024, 2, 20, 10, 30), 15, local(2024, 3, 6, 10, 30)],
    [local(2023, 2, 20, 10, 30), 15, local(2023, 3, 7, 10, 30)],
    [local(2024, 12, 25), 7, local(2025, 1, 1)],
    [local(2024, 3, 1), -1, local(2024, 2, 29)],
    [local(2024, 3, 1), 0, local(2024, 3, 1)],
  ])('%s + %i days', (start, days, expected) => {
    expect(addDays(start, days).getTime()).toBe(expected.getTime());
  });

  it('accepts an ISO string', () => {
    expect(addDays(local(2024, 1, 1, 9).toISOString(), 2).getTime()).toBe(local(2024, 1, 3, 9).getTime());
  });

  it('leaves its input untouched', () => {
    const start = local(2024, 1, 1);
    addDays(start, 5);
    expect(start.getTime()).toBe(local(2024, 1, 1).getTime());
  });

  it.each([undefined, null, '', 'garbage'])('gives an invalid date for %s', (input) => {
    expect(Number.isNaN(addDays(input, 1).getTime())).toBe(true);
  });
});
