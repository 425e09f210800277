// Wall-clock times in the platform time zone (DOMAIN: "platform time zone", default UTC+8).
// Stored and wire times are always ISO UTC; these helpers convert operator input and output.
import { isDate } from '@tessera/domain';

const MINUTE_MS = 60_000;

/** '+08:00' → 480, '-05:30' → -330; null when malformed. */
export function parseUtcOffset(text: string): number | null {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (hours > 14 || minutes > 59) return null;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Reads 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm' or 'YYYY-MM-DD HH:mm:ss' as wall-clock time in the
 * platform time zone, or an ISO string with an explicit zone. Null when the text is none of these
 * or names an impossible date or time.
 */
export function parsePlatformDateTime(text: string, utcOffsetMinutes: number): Date | null {
  const trimmed = text.trim();
  if (ISO_WITH_ZONE.test(trimmed)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) || !isDate(trimmed.slice(0, 10)) ? null : date;
  }
  const match = WALL_CLOCK.exec(trimmed);
  if (!match || !isDate(match[1])) return null;
  const [hours, minutes, seconds] = [match[2], match[3], match[4]].map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
  ];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  const asUtc = Date.parse(`${match[1]}T00:00:00.000Z`) + ((hours * 60 + minutes) * 60 + seconds) * 1000;
  return new Date(asUtc - utcOffsetMinutes * MINUTE_MS);
}

/** 'YYYY-MM-DD HH:mm' in the platform time zone. */
export function formatPlatformDateTime(date: Date, utcOffsetMinutes: number): string {
  const shifted = new Date(date.getTime() + utcOffsetMinutes * MINUTE_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}
