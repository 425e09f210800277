// The rules of the user detail (DOMAIN §2.2) that need no database.
import { isDate } from '@tessera/domain';

/** The calendar day of `now` in the platform time zone, as YYYY-MM-DD. */
export function platformToday(now: Date, utcOffsetMinutes: number): string {
  return new Date(now.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Why a birthday is refused ('pattern' or 'future'), or null; '' (no birthday) is accepted. */
export function birthdayProblem(birthday: string, today: string): 'pattern' | 'future' | null {
  if (birthday === '') return null;
  if (!isDate(birthday)) return 'pattern';
  return birthday > today ? 'future' : null;
}
