import { sql, type RawBuilder } from 'kysely';

/** Lower-cased, with LIKE wildcards taken literally (the pattern must say `escape '\\'`). */
function likeLiteralLower(text: string): string {
  return text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Case-insensitive "contains" on a text column, with LIKE wildcards in `text` taken literally. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${likeLiteralLower(text)}%`} escape '\\'`;
}

/** Case-insensitive "starts with" on a text column, with LIKE wildcards in `prefix` taken literally. */
export function startsWithIgnoringCase(column: string, prefix: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${likeLiteralLower(prefix)}%`} escape '\\'`;
}
