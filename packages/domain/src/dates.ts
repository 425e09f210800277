// Date text in the local time of the running environment (SPEC §9 formats). Inputs are a Date or
// an ISO string; anything that does not make a valid date formats as ''.

export type DateInput = Date | string | null | undefined;

export function toDate(input: DateInput): Date | null {
  if (input == null || input === '') return null;
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function formatLocal(input: DateInput, separator: '-' | '/', withTime: boolean): string {
  const date = toDate(input);
  if (!date) return '';
  const day = [pad(date.getFullYear(), 4), pad(date.getMonth() + 1), pad(date.getDate())].join(separator);
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}` : day;
}

/** 'YYYY-MM-DD' */
export function formatDate(input: DateInput): string {
  return formatLocal(input, '-', false);
}

/** 'YYYY-MM-DD HH:mm' */
export function formatDateTime(input: DateInput): string {
  return formatLocal(input, '-', true);
}

/** 'YYYY/MM/DD', or 'YYYY/MM/DD HH:mm' with time */
export function formatDisplayDate(input: DateInput, withTime = false): string {
  return formatLocal(input, '/', withTime);
}

/** Adds calendar days in local time (a day across a DST change keeps the wall-clock time). */
export function addDays(input: DateInput, days: number): Date {
  const date = toDate(input);
  if (!date) return new Date(Number.NaN);
  date.setDate(date.getDate() + days);
  return date;
}
