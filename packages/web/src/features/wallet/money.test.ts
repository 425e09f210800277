import { describe, expect, it } from 'vitest';
import { centsToWire, formatCoins, toCents } from './money';

describe('coins', () => {
  it('reads wire amounts, policy amounts and numbers as cents', () => {
    expect(toCents('1200.00')).toBe(120_000);
    expect(toCents('10')).toBe(1000);
    expect(toCents('0.5')).toBe(50);
    expect(toCents('-30.25')).toBe(-3025);
    expect(toCents(10.5)).toBe(1050);
    expect(toCents('1e3')).toBeNull();
    expect(toCents('1.234')).toBeNull();
  });

  it('writes cents back with two decimals and groups thousands for reading', () => {
    expect(centsToWire(120_000)).toBe('1200.00');
    expect(centsToWire(-5)).toBe('-0.05');
    expect(formatCoins('1234567.8')).toBe('1,234,567.80');
    expect(formatCoins('-1000.00')).toBe('-1,000.00');
    expect(formatCoins('abc')).toBe('abc');
  });
});
