// Versions and version ranges of resources (DOMAIN §3.2): `MAJOR.MINOR.PATCH` without pre-release or
// build parts, and node-semver ranges over them (exact, x-ranges, `^`, `~`, comparators, hyphens, `||`).
// Shared by the server (version rules, trees) and the browser (prefilled next versions, range checks).

export type Version = readonly [number, number, number];

const NUMBER = '(?:0|[1-9]\\d{0,14})';
const VERSION = new RegExp(`^v?(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})$`);
const PART = `(?:[xX*]|${NUMBER})`;
const PARTIAL = `v?(${PART})(?:\\.(${PART})(?:\\.(${PART}))?)?`;
const COMPARATOR = new RegExp(`^(<=|>=|<|>|=|~>?|\\^)?${PARTIAL}$`);
const HYPHEN = new RegExp(`^${PARTIAL}\\s+-\\s+${PARTIAL}$`);
export const VERSION_RANGE_MAX_LENGTH = 100;

/** The version a client typed, normalised (`' v1.2.3 '` → `1.2.3`); null when it is not one. */
export function normalizeVersion(text: string): string | null {
  const version = parseVersion(text);
  return version ? version.join('.') : null;
}

export function parseVersion(text: string): Version | null {
  const match = VERSION.exec(text.trim());
  if (!match) return null;
  const parts = [Number(match[1]), Number(match[2]), Number(match[3])] as const;
  return parts.every(Number.isSafeInteger) ? parts : null;
}

export function compareVersions(a: Version, b: Version): number {
  for (let index = 0; index < 3; index += 1) {
    const difference = (a[index] as number) - (b[index] as number);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** Semver order of two version texts; a text that is not a version sorts as 0.0.0. */
export function compareVersionTexts(a: string, b: string): number {
  return compareVersions(parseVersion(a) ?? [0, 0, 0], parseVersion(b) ?? [0, 0, 0]);
}

/** `1.2.3` → `1.2.4`: what a client prefills for the next version. */
export function nextPatchVersion(text: string): string {
  const version = parseVersion(text);
  return version ? `${version[0]}.${version[1]}.${version[2] + 1}` : '1.0.0';
}

type Bound = { version: Version; inclusive: boolean };
/** One interval; `never` matches nothing (`<0.0.0`, `>*`). */
type Interval = { min?: Bound; max?: Bound; never?: true };
/** Numbers given before the first wildcard: `1.x` → [1]. */
type Partial = number[];

function partialOf(parts: readonly (string | undefined)[]): Partial {
  const numbers: number[] = [];
  for (const part of parts) {
    if (part === undefined || /^[xX*]$/.test(part)) break;
    numbers.push(Number(part));
  }
  return numbers;
}

function low(partial: Partial): Version {
  return [partial[0] ?? 0, partial[1] ?? 0, partial[2] ?? 0];
}

/** The first version above everything the partial covers (`1.2` → `1.3.0`); undefined for `*`. */
function next(partial: Partial): Version | undefined {
  const [major = 0, minor = 0, patch = 0] = partial;
  if (partial.length === 0) return undefined;
  if (partial.length === 1) return [major + 1, 0, 0];
  if (partial.length === 2) return [major, minor + 1, 0];
  return [major, minor, patch + 1];
}

function atLeast(partial: Partial): Interval {
  return partial.length === 0 ? {} : { min: { version: low(partial), inclusive: true } };
}

function below(version: Version | undefined): Interval {
  return version ? { max: { version, inclusive: false } } : {};
}

function caretTop(partial: Partial): Version | undefined {
  const [major = 0, minor = 0, patch = 0] = partial;
  if (partial.length === 0) return undefined;
  if (major > 0 || partial.length === 1) return [major + 1, 0, 0];
  if (minor > 0 || partial.length === 2) return [0, minor + 1, 0];
  return [0, 0, patch + 1];
}

function comparatorInterval(operator: string, partial: Partial): Interval {
  switch (operator) {
    case '>=':
      return atLeast(partial);
    case '>': {
      const above = next(partial);
      return above ? { min: { version: above, inclusive: true } } : { never: true };
    }
    case '<':
      return partial.length === 0 ? { never: true } : below(low(partial));
    case '<=':
      return below(next(partial));
    case '~':
    case '~>':
      return { ...atLeast(partial), ...below(partial.length <= 1 ? next(partial) : next(partial.slice(0, 2))) };
    case '^':
      return { ...atLeast(partial), ...below(caretTop(partial)) };
    default:
      return { ...atLeast(partial), ...below(next(partial)) };
  }
}

/** Comparator sets joined by `||`; each set is the intervals that must all hold. Null when not a range. */
function parseRange(text: string): Interval[][] | null {
  if (text.length > VERSION_RANGE_MAX_LENGTH) return null;
  const sets: Interval[][] = [];
  for (const setText of text.split('||')) {
    const set = setText.trim();
    const hyphen = HYPHEN.exec(set);
    if (hyphen) {
      sets.push([atLeast(partialOf(hyphen.slice(1, 4))), below(next(partialOf(hyphen.slice(4, 7))))]);
      continue;
    }
    const intervals: Interval[] = [];
    const tokens = set
      .replace(/(<=|>=|<|>|=|~>?|\^)\s+/g, '$1')
      .split(/\s+/)
      .filter((token) => token !== '');
    for (const token of tokens) {
      const match = COMPARATOR.exec(token);
      if (!match) return null;
      intervals.push(comparatorInterval(match[1] ?? '=', partialOf(match.slice(2, 5))));
    }
    sets.push(intervals);
  }
  return sets;
}

export function isVersionRange(text: string): boolean {
  return parseRange(text) !== null;
}

function inside(version: Version, interval: Interval): boolean {
  if (interval.never) return false;
  if (interval.min) {
    const order = compareVersions(version, interval.min.version);
    if (order < 0 || (order === 0 && !interval.min.inclusive)) return false;
  }
  if (interval.max) {
    const order = compareVersions(version, interval.max.version);
    if (order > 0 || (order === 0 && !interval.max.inclusive)) return false;
  }
  return true;
}

/** Whether the version lies in the range (false for a text that is not a version or not a range). */
export function satisfiesRange(versionText: string, rangeText: string): boolean {
  const version = parseVersion(versionText);
  const sets = parseRange(rangeText);
  if (!version || !sets) return false;
  return sets.some((set) => set.every((interval) => inside(version, interval)));
}

/** The highest of the versions that the range matches; undefined when none does. */
export function maxSatisfying(versions: readonly string[], rangeText: string): string | undefined {
  let best: Version | undefined;
  let bestText: string | undefined;
  for (const text of versions) {
    const version = parseVersion(text);
    if (!version || !satisfiesRange(text, rangeText)) continue;
    if (!best || compareVersions(version, best) > 0) [best, bestText] = [version, text];
  }
  return bestText;
}
