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

const FINDING_1 = 'finding 1: a file is used by its sha1 without possession';

export const KNOWN_HOLES: KnownHole[] = [
  {
    finding: `${FINDING_1} (look-ups answer about another user's private file)`,
    cases: /^cross-user GET \/v2\/storages\/files\/(?:fileIsExist|list\/info|info|\{sha1\}\/property) as another user$/,
  },
  {
    finding: `${FINDING_1} (an object or a version made from another user's private file)`,
    cases:
      /^cross-user POST \/v2\/(?:storages\/buckets\/\{bucketName\}\/objects|resources\/\{resourceId\}\/versions) as another user$/,
  },
  {
    finding:
      'finding 6: createBatch writes an item’s resource and its first version in two steps (killed between, a resource keeps no version)',
    cases: /^crash-batch /,
    unreliable: true,
  },
  {
    finding:
      'NEW (found by this suite): a NUL byte (%00) in a storage bucket or object path parameter reaches PostgreSQL, which refuses it: errCode 1',
    cases: /^fuzz-edges encoded separators (?:GET|POST|DELETE) \/v2\/storages\/buckets\/\{bucketName\}/,
    dialects: ['postgres'],
  },
];

export function knownHoleOf(caseName: string, dialect: Dialect): KnownHole | undefined {
  return KNOWN_HOLES.find(
    (hole) => hole.cases.test(caseName) && (hole.dialects === undefined || hole.dialects.includes(dialect)),
  );
}
