import { useCallback, useEffect, useRef, useState } from 'react';
import type { BatchItemResultWire } from '@tessera/contract/resources';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { fileCanBeUsed, generateResourceNames, storeFile } from '../creator';
import { MAX_BATCH_FILES, type FileRules } from './batch-api';
import { baseNameOf, fileProblemOf, isPending, outcomeOf, type BatchRow } from './batch-rows';

/** Files hashed and uploaded at the same time; the others wait their turn. */
const STORING_AT_ONCE = 3;

let lastRowId = 0;
const newRowId = () => `row-${(lastRowId += 1)}`;

export interface BatchRows {
  rows: BatchRow[];
  /** false (nothing added) when the files would take the batch past its limit. */
  addFiles: (files: readonly File[]) => boolean;
  removeRow: (id: string) => void;
  retryRow: (id: string) => void;
  editRow: (id: string, change: Pick<Partial<BatchRow>, 'name' | 'title'>) => void;
  /** Records createBatch's answer; `sentIds[index]` is the row of item `index`. */
  recordResults: (sentIds: readonly string[], results: readonly BatchItemResultWire[]) => void;
  clear: () => void;
}

/**
 * The batch's rows: each file is stored (hashed, uploaded when the platform lacks it, analysed) as
 * soon as a type is chosen that takes it, and gets a name the server generates from its file name.
 */
export function useBatchRows(rules: FileRules | undefined, typeChosen: boolean): BatchRows {
  const t = useT();
  const api = useApiClient();
  const [rows, setRows] = useState<BatchRow[]>([]);
  const started = useRef(new Set<string>());
  const running = useRef(0);

  const update = useCallback((id: string, change: Partial<BatchRow>) => {
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...change } : row)));
  }, []);

  const store = useCallback(
    async (row: BatchRow) => {
      running.current += 1;
      try {
        const { sha1 } = await storeFile(api, row.file, (progress) =>
          update(row.id, { phase: progress.phase, percent: 'percent' in progress ? progress.percent : undefined }),
        );
        if (!(await fileCanBeUsed(api, sha1)))
          update(row.id, { phase: 'failed', fileError: t('creatorBatch.file.taken') });
        else update(row.id, { phase: 'ready', sha1, percent: undefined });
      } catch (failure) {
        update(row.id, { phase: 'failed', fileError: errorMessage(failure), percent: undefined });
      } finally {
        running.current -= 1;
        setRows((all) => [...all]); // lets the next waiting file start
      }
    },
    [api, t, update],
  );

  useEffect(() => {
    if (!typeChosen) return;
    for (const row of rows) {
      if (running.current >= STORING_AT_ONCE) break;
      if (row.phase !== 'queued' || started.current.has(row.id) || fileProblemOf(row.file, rules)) continue;
      started.current.add(row.id);
      void store(row);
    }
  }, [rows, rules, typeChosen, store]);

  const nameRows = useCallback(
    // The names of the rows already there go first, so that the server keeps the new ones apart from them.
    async (kept: readonly string[], added: readonly BatchRow[]) => {
      const wanted = added.map((row) => baseNameOf(row.file.name));
      let names: string[];
      try {
        names = (await generateResourceNames(api, [...kept, ...wanted])).slice(kept.length);
      } catch {
        names = wanted; // the person corrects what the name rule refuses
      }
      setRows((all) =>
        all.map((row) => {
          const index = added.findIndex((item) => item.id === row.id);
          return index >= 0 && row.name === undefined ? { ...row, name: names[index] ?? wanted[index] } : row;
        }),
      );
    },
    [api],
  );

  const addFiles = (files: readonly File[]): boolean => {
    if (files.length === 0) return true;
    if (rows.filter(isPending).length + files.length > MAX_BATCH_FILES) return false;
    const added = files.map<BatchRow>((file) => ({
      id: newRowId(),
      file,
      phase: 'queued',
      title: baseNameOf(file.name),
    }));
    setRows((all) => [...all, ...added]);
    const kept = rows.filter(isPending).flatMap((row) => (row.name ? [row.name] : []));
    void nameRows(kept, added);
    return true;
  };

  const removeRow = (id: string) => setRows((all) => all.filter((row) => row.id !== id));

  const retryRow = (id: string) => {
    started.current.delete(id);
    update(id, { phase: 'queued', fileError: undefined, percent: undefined });
  };

  const editRow = (id: string, change: Pick<Partial<BatchRow>, 'name' | 'title'>) =>
    setRows((all) =>
      all.map((row) =>
        row.id === id ? { ...row, ...change, outcome: row.outcome?.kind === 'refused' ? undefined : row.outcome } : row,
      ),
    );

  const recordResults = (sentIds: readonly string[], results: readonly BatchItemResultWire[]) => {
    const outcomes = new Map(results.map((result) => [sentIds[result.index], outcomeOf(result)]));
    setRows((all) => all.map((row) => (outcomes.has(row.id) ? { ...row, outcome: outcomes.get(row.id) } : row)));
  };

  const clear = () => setRows([]);

  return { rows, addFiles, removeRow, retryRow, editRow, recordResults, clear };
}
