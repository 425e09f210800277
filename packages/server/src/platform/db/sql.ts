import { sql, type RawBuilder } from 'kysely';

/** Case-insensitive "contains" on a text column, with LIKE wildcards in `text` taken literally. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<boolean> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<boolean>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
