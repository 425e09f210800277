// `projection` (DOMAIN §1.4): a comma list of field names trims each returned object to those fields.
// Names the object does not have are ignored; nothing known left means "all fields".

export function projectionFields<T>(projection: string | undefined, known: readonly (keyof T)[]): (keyof T)[] | null {
  if (!projection) return null;
  const fields = projection
    .split(',')
    .map((field) => field.trim())
    .filter((field): field is Extract<keyof T, string> => (known as readonly unknown[]).includes(field));
  return fields.length > 0 ? fields : null;
}

export function projected<T extends object>(object: T, fields: readonly (keyof T)[] | null): Partial<T> {
  if (!fields) return object;
  return Object.fromEntries(
    fields.filter((field) => field in object).map((field) => [field, object[field]]),
  ) as Partial<T>;
}

/** Query flags arrive as 0/1 or true/false (API.md §1.5). */
export function isTruthyFlag(flag: string | undefined): boolean {
  return flag === '1' || flag === 'true';
}
