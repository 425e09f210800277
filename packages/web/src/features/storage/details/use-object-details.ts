import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ObjectWire, UpdateObjectBody } from '@tessera/contract/storage';
import { ErrCode } from '@tessera/domain';
import { ApiError, useApiClient } from '../../../shared/api';
import { checkDependencyCycle, updateObject } from '../storage-api';
import { invalidateBucketContents, storageKeys, useObjectQuery } from '../storage-queries';

export type ObjectDetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; object: ObjectWire };

/** The object the drawer shows (GET /v2/storages/objects/{objectId}). */
export function useObjectDetails(objectId: string) {
  const query = useObjectQuery(objectId);
  let details: ObjectDetailsState;
  if (query.isSuccess) details = { status: 'loaded', object: query.data };
  else if (!query.isError || query.isFetching) details = { status: 'loading' };
  // The server answers errCode 2 for no such object (3 for another user's): not found either way.
  else if (query.error instanceof ApiError && isNotFound(query.error.errCode)) details = { status: 'notFound' };
  else details = { status: 'error', message: query.error.message };
  return { details, retry: () => void query.refetch() };
}

const isNotFound = (errCode: number | undefined) => errCode === ErrCode.Business || errCode === ErrCode.Forbidden;

/** The server found that the dependencies would form a cycle: nothing was saved. */
export class DependencyCycle extends Error {}

/**
 * Saves the editor's changes: dependencies are checked for a cycle first. The drawer shows the
 * saved object at once and the bucket's lists ask again.
 */
export function useSaveObject(objectId: string) {
  const api = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (changes: UpdateObjectBody) => {
      if (changes.dependencies && changes.dependencies.length > 0) {
        if ((await checkDependencyCycle(api, objectId, changes.dependencies)) !== true) throw new DependencyCycle();
      }
      return updateObject(api, objectId, changes);
    },
    onSuccess: (saved) => {
      queries.setQueryData(storageKeys.object(saved.objectId), saved);
      void invalidateBucketContents(queries, saved.bucketName);
    },
  });
}
