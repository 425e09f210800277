// Holes the attack suite finds that are being fixed now: each case named here runs as an expected
// failure (`it.fails`), so `npm test` stays green while the suite is complete. Remove an entry when
// its fix lands: the case then passes, and `it.fails` reports that it did.
// Cases are named `<suite> <METHOD> <path> [<variant>]`; `cases` matches the whole name.

export type Dialect = 'sqlite' | 'postgres';

export type KnownHole = {
  /** The finding of issue 11 (or the report) that covers the hole. */
  finding: string;
  cases: RegExp;
  /** Only on these databases (a race that SQLite's single writer never loses). */
  dialects?: Dialect[];
  /** A race that is lost only sometimes: the case runs and is counted, but cannot fail the run. */
  unreliable?: boolean;
};

export const KNOWN_HOLES: KnownHole[] = [];

export function knownHoleOf(caseName: string, dialect: Dialect): KnownHole | undefined {
  return KNOWN_HOLES.find(
    (hole) => hole.cases.test(caseName) && (hole.dialects === undefined || hole.dialects.includes(dialect)),
  );
}
