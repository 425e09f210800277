import { ErrCode, isResourceName } from '@tessera/domain';
import type { BatchItemResultWire, ResourceWire } from '@tessera/contract/resources';
import { reasonOf, type FileRules } from './batch-api';

// One row per chosen file: its storing progress, the resource name and title the person edits, and
// what createBatch answered for it. Everything here is pure; the page's hooks hold the state.

export type FilePhase = 'queued' | 'hashing' | 'checking' | 'uploading' | 'analysing' | 'ready' | 'failed';

export type RowOutcome =
  | { kind: 'created'; resource: ResourceWire }
  /** The resource exists but its first version was refused: it is finished on the version creator. */
  | { kind: 'refused'; reason: string; concernsName: boolean };

export interface BatchRow {
  id: string;
  file: File;
  phase: FilePhase;
  /** 0–100 while hashing or uploading. */
  percent?: number;
  fileError?: string;
  sha1?: string;
  /** undefined until generateResourceNames answers. */
  name?: string;
  title: string;
  outcome?: RowOutcome;
}

/** What data-phase says: the file's phase, or what publishing did with the row. */
export type RowPhase = FilePhase | RowOutcome['kind'];

export const TITLE_MAX_LENGTH = 100;
const WORKING: readonly FilePhase[] = ['hashing', 'checking', 'uploading', 'analysing'];

export const rowPhase = (row: BatchRow): RowPhase => row.outcome?.kind ?? row.phase;
export const isWorking = (row: BatchRow): boolean => WORKING.includes(row.phase);
/** Rows publishing still has to send (created ones are done, even without their version). */
export const isPending = (row: BatchRow): boolean => row.outcome?.kind !== 'created';

/** The file name without its extension: what the generated name and the title start from. */
export function baseNameOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(0, dot) : filename;
}

export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
};

export type FileProblem = { kind: 'format'; formats: string } | { kind: 'size'; limit: number };

/** Whether the chosen type takes this file (the server checks the same when it makes the version). */
export function fileProblemOf(file: File, rules: FileRules | undefined): FileProblem | null {
  if (!rules) return null;
  if (rules.formats.length > 0 && !rules.formats.includes(extensionOf(file.name)))
    return { kind: 'format', formats: rules.formats.join(', ') };
  if (rules.fileMaxSize > 0 && file.size > rules.fileMaxSize) return { kind: 'size', limit: rules.fileMaxSize };
  return null;
}

export type NameProblem = 'pending' | 'invalid' | 'duplicate';

/** Names already used by another row of the batch (letter case aside, like the server's rule). */
export function duplicateNames(rows: readonly BatchRow[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    const key = row.name?.toLowerCase();
    if (key === undefined || key === '') continue;
    if (seen.has(key)) twice.add(key);
    seen.add(key);
  }
  return twice;
}

export function nameProblemOf(row: BatchRow, duplicates: ReadonlySet<string>): NameProblem | null {
  if (row.name === undefined) return 'pending';
  if (!isResourceName(row.name)) return 'invalid';
  if (duplicates.has(row.name.toLowerCase())) return 'duplicate';
  return null;
}

export const titleTooLong = (title: string): boolean => [...title.trim()].length > TITLE_MAX_LENGTH;

/** The server refused the row's name (taken, say): sending it unchanged would fail again. */
const nameRefused = (row: BatchRow): boolean => row.outcome?.kind === 'refused' && row.outcome.concernsName;

/**
 * A row publishing leaves out, counted as failed: its file could not be stored or used, or the chosen
 * type refuses it. The other rows are published without it; removing it or trying it again is up to
 * the person.
 */
export const isLeftOut = (row: BatchRow, rules: FileRules | undefined): boolean =>
  isPending(row) && (row.phase === 'failed' || fileProblemOf(row.file, rules) !== null);

/** A row publishing may send: its file stored and usable, its name and title acceptable. */
export function isRowPublishable(
  row: BatchRow,
  rules: FileRules | undefined,
  duplicates: ReadonlySet<string>,
): boolean {
  return (
    row.phase === 'ready' &&
    !fileProblemOf(row.file, rules) &&
    !nameProblemOf(row, duplicates) &&
    !nameRefused(row) &&
    !titleTooLong(row.title)
  );
}

/**
 * What createBatch said about one item, as the row's outcome. An item makes its resource with its
 * first version or nothing; a refused version comes back in `version` too, and is not the name's fault.
 */
export function outcomeOf(result: BatchItemResultWire): RowOutcome {
  if (!result.resource) {
    const versionRefused = Boolean(result.version);
    const concernsName =
      !versionRefused &&
      (result.errCode === ErrCode.Business ||
        (Array.isArray(result.data) &&
          result.data.some(
            (issue: unknown) => issue && typeof issue === 'object' && 'field' in issue && issue.field === 'name',
          )));
    return { kind: 'refused', reason: reasonOf(result), concernsName };
  }
  return { kind: 'created', resource: result.resource };
}
