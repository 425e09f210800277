import { DEFAULT_PLATFORM_UTC_OFFSET_MINUTES, formatPlatformDisplayDate, type Language } from '@tessera/domain';
import { languageTag } from '../../shared/i18n';

// Contract times are shown on the platform's wall clock, as the history sentences and the policy
// simulator show them. No call tells the app the server's configured offset yet, so the drawer
// names the zone it uses.
export const PLATFORM_OFFSET = DEFAULT_PLATFORM_UTC_OFFSET_MINUTES;

/** `YYYY/MM/DD HH:mm` in platform time. */
export const platformDate = (at: string | Date): string =>
  formatPlatformDisplayDate(typeof at === 'string' ? new Date(at) : at, PLATFORM_OFFSET);

/** 'UTC+08:00'. */
export function platformZone(): string {
  const hours = Math.trunc(Math.abs(PLATFORM_OFFSET) / 60);
  const minutes = Math.abs(PLATFORM_OFFSET) % 60;
  return `UTC${PLATFORM_OFFSET < 0 ? '-' : '+'}${`${hours}`.padStart(2, '0')}:${`${minutes}`.padStart(2, '0')}`;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3_600_000],
  ['month', 30 * 24 * 3_600_000],
  ['week', 7 * 24 * 3_600_000],
  ['day', 24 * 3_600_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "in 3 days", "3天后": how far a due date is from now, in the largest whole unit; null when it is
 * already due (the scheduler fires it within moments).
 */
export function timeUntil(due: Date, now: Date, language: Language): string | null {
  const span = due.getTime() - now.getTime();
  if (span <= 0) return null;
  const format = new Intl.RelativeTimeFormat(languageTag(language), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (span >= size) return format.format(Math.floor(span / size), unit);
  }
  return format.format(1, 'minute');
}
