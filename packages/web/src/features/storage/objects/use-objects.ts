import { useCallback, useEffect, useState } from 'react';
import type { Page } from '@tessera/domain';
import { useApiClient } from '../../../shared/api';
import { listObjects, type ObjectSortField, type SortOrder, type StorageObject } from '../storage-api';

export interface ObjectListView {
  page: number;
  pageSize: number;
  keywords: string;
  sort: { field: ObjectSortField; order: SortOrder };
}

export const DEFAULT_OBJECT_VIEW: ObjectListView = {
  page: 1,
  pageSize: 20,
  keywords: '',
  sort: { field: 'updateDate', order: -1 },
};

export interface ObjectListState {
  /** The last answer, kept while the next one is on its way. */
  result: Page<StorageObject> | null;
  loading: boolean;
  error: string | null;
}

/**
 * One page of a bucket's objects as the view asks for it. It is asked again when `revision`
 * changes (objects were changed elsewhere on the page) and on `reload()`.
 */
export function useObjects(bucketName: string, view: ObjectListView, revision: number) {
  const api = useApiClient();
  const [state, setState] = useState<ObjectListState>({ result: null, loading: true, error: null });
  const [round, setRound] = useState(0);
  const { page, pageSize, keywords, sort } = view;

  // A new question shows loading at once; another bucket also drops the previous bucket's rows.
  const question = {
    bucketName,
    key: [bucketName, page, pageSize, keywords, sort.field, sort.order, revision, round].join('\n'),
  };
  const [asked, setAsked] = useState(question);
  if (asked.key !== question.key) {
    setAsked(question);
    setState((previous) => ({
      result: asked.bucketName === bucketName ? previous.result : null,
      loading: true,
      error: null,
    }));
  }

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    listObjects(api, bucketName, { skip: (page - 1) * pageSize, limit: pageSize, keywords, sort }, signal).then(
      (answer) => {
        if (signal.aborted) return;
        if (answer.errCode === 0 && answer.data) setState({ result: answer.data, loading: false, error: null });
        else setState((previous) => ({ ...previous, loading: false, error: answer.msg }));
      },
      (failure: unknown) => {
        if (!signal.aborted)
          setState((previous) => ({
            ...previous,
            loading: false,
            error: failure instanceof Error ? failure.message : String(failure),
          }));
      },
    );
    return () => controller.abort();
  }, [api, bucketName, page, pageSize, keywords, sort, revision, round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);

  return { ...state, reload };
}
