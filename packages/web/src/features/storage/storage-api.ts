import { fileEndpoints } from '@tessera/contract/endpoints/files';
import { storageEndpoints } from '@tessera/contract/endpoints/storage';
import type { FileInfoItem } from '@tessera/contract/files';
import type { DependencyBody, ObjectSortField, ObjectWire, UpdateObjectBody } from '@tessera/contract/storage';
import type { ApiClient } from '../../shared/api';

// The storage and file calls (API.md §3.4) of the storage page and of the creators, over the wire
// contract: each answers the envelope's data and throws ApiError for any refusal.

/** GET /v2/storages/buckets: 1 user buckets (the system bucket `.UserNodeData` is type 2). */
export const USER_BUCKET_TYPE = 1;

/** DOMAIN §3.10. */
export const MAX_USER_BUCKETS = 5;

export type SortOrder = 1 | -1;

/** A page of a bucket's objects as the page asks for it. */
export interface ObjectQuery {
  skip: number;
  limit: number;
  keywords?: string;
  sort?: { field: ObjectSortField; order: SortOrder };
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** 0–100 while the body is sent. */
  onPercent?: (percent: number) => void;
}

export function listBuckets(api: ApiClient, signal?: AbortSignal) {
  return api.call(storageEndpoints.buckets, { query: { bucketType: USER_BUCKET_TYPE } }, { signal });
}

export function fetchSpaceStatistics(api: ApiClient, signal?: AbortSignal) {
  return api.call(storageEndpoints.spaceStatistics, {}, { signal });
}

export function createBucket(api: ApiClient, bucketName: string) {
  return api.call(storageEndpoints.createBucket, { body: { bucketName } });
}

/** Without `force` the server refuses (errCode 2) a bucket that still holds objects. */
export function deleteBucket(api: ApiClient, bucketName: string, { force = false }: { force?: boolean } = {}) {
  return api.call(storageEndpoints.deleteBucket, { params: { bucketName }, query: force ? { force: '1' } : {} });
}

export function listObjects(api: ApiClient, bucketName: string, query: ObjectQuery, signal?: AbortSignal) {
  const { skip, limit, keywords, sort } = query;
  return api.call(
    storageEndpoints.objects,
    {
      params: { bucketName },
      query: { skip, limit, keywords: keywords || undefined, sort: sort ? `${sort.field}:${sort.order}` : undefined },
    },
    { signal },
  );
}

/** An id, or a full name `bucket/object` (it travels encoded twice, API.md §1.6: fillPath adds the second). */
const objectParams = (objectIdOrName: string) => ({ objectIdOrName: encodeURIComponent(objectIdOrName) });

/** GET /v2/storages/objects/{objectIdOrName}; errCode 2 when the caller has no such object. */
export function fetchObject(api: ApiClient, objectIdOrName: string, signal?: AbortSignal) {
  return api.call(storageEndpoints.object, { params: objectParams(objectIdOrName) }, { signal });
}

/** GET /v2/storages/objects/list by full names (`bucket/object`, comma-joined). */
export function lookupObjects(api: ApiClient, fullObjectNames: readonly string[], signal?: AbortSignal) {
  return api.call(
    storageEndpoints.lookupObjects,
    { query: { fullObjectNames: fullObjectNames.join(',') } },
    { signal },
  );
}

/** Creates the object, or replaces the file of the object of that name (keeping its type and properties). */
export function createObject(api: ApiClient, bucketName: string, object: { objectName: string; sha1: string }) {
  return api.call(storageEndpoints.createObject, { params: { bucketName }, body: object });
}

export function deleteObjects(api: ApiClient, bucketName: string, objectIds: readonly string[]) {
  return api.call(storageEndpoints.deleteObjects, { params: { bucketName, objectIds: objectIds.join(',') } });
}

export function updateObject(api: ApiClient, objectId: string, changes: UpdateObjectBody): Promise<ObjectWire> {
  return api.call(storageEndpoints.updateObject, { params: objectParams(objectId), body: changes });
}

/** Answers true when the dependencies form **no** cycle. */
export function checkDependencyCycle(api: ApiClient, objectId: string, dependencies: DependencyBody[]) {
  return api.call(storageEndpoints.cycleDependencyCheck, { params: objectParams(objectId), body: { dependencies } });
}

/** The address the browser navigates to for the file (a plain navigation, API.md §1.11). */
export function objectFileAddress(api: ApiClient, objectId: string): string {
  return api.addressOf(storageEndpoints.objectFile, { params: objectParams(objectId) });
}

export function fileExists(api: ApiClient, sha1: string, signal?: AbortSignal) {
  return api.call(fileEndpoints.fileIsExist, { query: { sha1 } }, { signal });
}

/** POST /v2/storages/files/upload (multipart field `file`): answers the server's sha1 and size. */
export function uploadFile(api: ApiClient, file: File, { signal, onPercent }: UploadOptions = {}) {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.call(
    fileEndpoints.upload,
    { body: form },
    {
      signal,
      onUploadProgress: onPercent
        ? ({ loaded, total }) => {
            if (total) onPercent(Math.min(100, Math.round((loaded / total) * 100)));
          }
        : undefined,
    },
  );
}

export function fetchFileAnalysis(api: ApiClient, sha1: string, signal?: AbortSignal) {
  return api.call(fileEndpoints.info, { query: { sha1 } }, { signal });
}

/** The item of `sha1` in an analysis answer (sha1 values compare in any case). */
export function analysisOf(items: readonly FileInfoItem[], sha1: string): FileInfoItem | undefined {
  return items.find((item) => item.sha1.toLowerCase() === sha1.toLowerCase());
}
