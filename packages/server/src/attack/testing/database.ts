// Row counts of every table in one query: an answer that refused must leave them as they were.
import { sql } from 'kysely';
import type { TestApp } from '../../testing';

export type RowCounts = Record<string, number>;

/** Tables a refusal may legitimately write to: counted attempts are the limiters' memory. */
export const ATTEMPT_TABLES = new Set(['login_attempts']);

const tablesByApp = new WeakMap<TestApp, string[]>();

async function tablesOf(t: TestApp): Promise<string[]> {
  const known = tablesByApp.get(t);
  if (known) return known;
  const tables = (await t.db.introspection.getTables())
    .filter((table) => (t.dialect === 'postgres' ? table.schema === t.databaseLocation : true))
    .map((table) => table.name)
    .filter((name) => !name.startsWith('kysely_'))
    .sort();
  tablesByApp.set(t, tables);
  return tables;
}

export async function rowCounts(t: TestApp): Promise<RowCounts> {
  const tables = await tablesOf(t);
  const union = tables.map((name) => `select '${name}' as name, count(*) as n from "${name}"`).join(' union all ');
  const { rows } = await sql<{ name: string; n: number | string }>`${sql.raw(union)}`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
}

/** The tables whose count changed, as `name before→after`, attempt tables left out. */
export function changedTables(before: RowCounts, after: RowCounts): string[] {
  return Object.keys(after)
    .filter((name) => !ATTEMPT_TABLES.has(name) && before[name] !== after[name])
    .map((name) => `${name} ${before[name]}→${after[name]}`);
}
