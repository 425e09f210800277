import { describe, expect, it } from 'vitest';
import { formatPlatformDateTime, parsePlatformDateTime, parseUtcOffset } from './time';

describe('platform time zone', () => {
  it.each([
    ['+08:00', 480],
    ['-05:30', -330],
    ['+00:00', 0],
    ['08:00', null],
    ['+15:00', null],
    ['+08:60', null],
  ])('reads the offset %s', (text, minutes) => {
    expect(parseUtcOffset(text)).toBe(minutes);
  });

  it.each([
    ['2025-03-01 08:00', '2025-03-01T00:00:00.000Z'],
    ['2025-03-01 08:00:30', '2025-03-01T00:00:30.000Z'],
    ['2025-03-01', '2025-02-28T16:00:00.000Z'],
    ['2024-02-29 23:59', '2024-02-29T15:59:00.000Z'],
    ['2025-03-01T08:00', '2025-03-01T00:00:00.000Z'],
    ['2025-03-01T08:00:00.000Z', '2025-03-01T08:00:00.000Z'],
    ['2025-03-01T08:00+02:00', '2025-03-01T06:00:00.000Z'],
  ])('reads %s as wall clock in UTC+8 unless it names its zone', (text, iso) => {
    expect(parsePlatformDateTime(text, 480)?.toISOString()).toBe(iso);
  });

  it.each(['2025-02-29 10:00', '2025-13-01', '2025-03-01 24:00', '2025-03-01 10:60', 'tomorrow', ''])(
    'refuses %j',
    (text) => {
      expect(parsePlatformDateTime(text, 480)).toBeNull();
    },
  );

  it('formats in the platform time zone', () => {
    expect(formatPlatformDateTime(new Date('2025-02-28T16:00:00.000Z'), 480)).toBe('2025-03-01 00:00');
    expect(formatPlatformDateTime(new Date('2025-03-01T03:15:00.000Z'), -330)).toBe('2025-02-28 21:45');
  });
});
