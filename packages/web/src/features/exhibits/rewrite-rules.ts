// The rewrite list's rules (DOMAIN §2.18): ≤ 30 rows, key per SPEC §5 custom key and unique, value ≤ 140,
// remark ≤ 50 characters (code points, as the server counts).
import { isCustomKey } from '@tessera/domain';
import type { RewriteProperty } from './exhibits-api';

export const REWRITE_LIMITS = { rows: 30, value: 140, remark: 50 } as const;

export type RewriteField = keyof RewriteProperty;
/** Per field, the name of what is wrong (a text key suffix). */
export type RowProblems = Partial<Record<RewriteField, 'required' | 'key' | 'duplicate' | 'valueLong' | 'remarkLong'>>;

const length = (text: string) => Array.from(text).length;

export function rewriteProblems(rows: readonly RewriteProperty[]): RowProblems[] {
  const seen = new Map<string, number>();
  for (const row of rows) seen.set(row.key, (seen.get(row.key) ?? 0) + 1);
  return rows.map((row) => {
    const problems: RowProblems = {};
    if (row.key === '') problems.key = 'required';
    else if (!isCustomKey(row.key)) problems.key = 'key';
    else if ((seen.get(row.key) ?? 0) > 1) problems.key = 'duplicate';
    if (length(row.value) > REWRITE_LIMITS.value) problems.value = 'valueLong';
    if (length(row.remark) > REWRITE_LIMITS.remark) problems.remark = 'remarkLong';
    return problems;
  });
}

export const hasProblems = (problems: readonly RowProblems[]) => problems.some((row) => Object.keys(row).length > 0);

/**
 * The server names a refused field by its path (`rewriteProperty.3.key`, `/rewriteProperty/3/key`):
 * its message, by row and field.
 */
export function serverRowProblems(fields: ReadonlyMap<string, string>): Map<string, string> {
  const byCell = new Map<string, string>();
  for (const [field, message] of fields) {
    const match = /rewriteProperty\W+(\d+)\W+(key|value|remark)/.exec(field);
    if (match) byCell.set(`${match[1]}.${match[2]}`, message);
  }
  return byCell;
}
