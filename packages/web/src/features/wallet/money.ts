// Coins are decimal strings with two decimals on the wire (DOMAIN §1.6); sums are done in whole cents.

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/u;

/** "1200.00", "10", 10.5 → cents; null for anything else. */
export function toCents(amount: string | number): number | null {
  const match = DECIMAL.exec(typeof amount === 'number' ? amount.toFixed(2) : amount.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Cents as the wire writes them: "1200.00", "-30.50". */
export function centsToWire(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** An amount for reading: thousands grouped, two decimals ("1,200.00"); the raw text when it is not a number. */
export function formatCoins(amount: string | number): string {
  const cents = toCents(amount);
  if (cents === null) return String(amount);
  const [whole = '0', fraction = '00'] = centsToWire(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/gu, ',')}.${fraction}`;
}
