// Money on the wire (DOMAIN §1.6): integer cents inside, decimal text with exactly two decimals outside.

/** Largest amount one record may move: 10 000 000 000.00 coins (far inside 2^53 cents). */
export const MAX_AMOUNT_CENTS = 1_000_000_000_000;

/** 12345 → "123.45", -5 → "-0.05". */
export function centsToText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * An unsigned amount given as text or a JSON number with at most two decimals and no exponent → cents;
 * null when it is not one (a third decimal is never rounded).
 */
export function parseAmount(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  const match = AMOUNT.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_AMOUNT_CENTS ? cents : null;
}
