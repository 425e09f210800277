import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObjectSortField } from '@tessera/contract/storage';
import { useApiClient } from '../../../shared/api';
import { deleteObjects, type ObjectQuery, type SortOrder } from '../storage-api';
import { invalidateBucketContents, useObjectsQuery } from '../storage-queries';

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

/** The page of objects a view shows, as the server is asked for it. */
export function objectQueryOf({ page, pageSize, keywords, sort }: ObjectListView): ObjectQuery {
  return { skip: (page - 1) * pageSize, limit: pageSize, keywords, sort };
}

/**
 * One page of a bucket's objects as the view asks for it: the last answer stays while the next one
 * is on its way, `loading` meanwhile; a new question clears a shown error. Uploads, edits and
 * deletions on the page make it ask again (storage-queries).
 */
export function useObjects(bucketName: string, view: ObjectListView) {
  const query = useObjectsQuery(bucketName, objectQueryOf(view));
  return {
    result: query.data ?? null,
    loading: query.isFetching,
    error: query.isError && !query.isFetching ? query.error.message : null,
    reload: () => void query.refetch(),
  };
}

/** The server takes up to 100 ids per call (API.md §3.4). */
const IDS_PER_CALL = 100;

/** Deletes objects of a bucket, 100 per call; the bucket's lists and totals are asked again afterwards. */
export function useDeleteObjects(bucketName: string) {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (objectIds: readonly string[]) => {
      for (let start = 0; start < objectIds.length; start += IDS_PER_CALL)
        await deleteObjects(api, bucketName, objectIds.slice(start, start + IDS_PER_CALL));
    },
    // Also after a failure: the calls before it deleted their objects.
    onSettled: () => void invalidateBucketContents(queries, bucketName),
  });
}
