/** The value, or a failed test that says what the demo data was expected to hold. */
export function required<T>(value: T | undefined | null, what: string): T {
  if (value == null) throw new Error(`missing: ${what}`);
  return value;
}
