import type { ApiEnvelope, Page } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';

// The storage calls of the page (API.md §3.4). They answer the envelope as received: the page
// shows `msg` for any errCode it does not act on.

/** GET /v2/storages/buckets: 1 user buckets (the system bucket `.UserNodeData` is type 2). */
export const USER_BUCKET_TYPE = 1;

/** DOMAIN §3.10. */
export const MAX_USER_BUCKETS = 5;

export interface Bucket {
  bucketName: string;
  bucketType: number;
  totalFileQuantity: number;
  totalFileSize: number;
  createDate: string;
}

export interface SpaceStatistics {
  storageLimit: number;
  bucketCount?: number;
  totalFileSize: number;
}

/** From file analysis (DOMAIN §2.23): sizes in bytes, duration in seconds. */
export interface SystemProperty {
  fileSize?: number;
  mime?: string;
  width?: number;
  height?: number;
  duration?: number;
}

export type CustomPropertyType = 'editableText' | 'readonlyText' | 'select' | 'radio' | 'checkbox';

export interface CustomPropertyDescriptor {
  key: string;
  name?: string;
  defaultValue: string;
  type: CustomPropertyType;
  candidateItems?: string[];
  remark?: string;
}

export type DependencyType = 'object' | 'resource';

export interface Dependency {
  /** `bucket/object` or `user/resource`. */
  name: string;
  type: DependencyType;
  /** Resources only. */
  versionRange?: string;
}

export interface StorageObject {
  objectId: string;
  objectName: string;
  bucketName: string;
  sha1: string;
  fileSize?: number;
  /** The type path: a level-1 type code first, then sub-type names. */
  resourceType?: string[];
  resourceTypeCode?: string;
  resourceTypeName?: string;
  systemProperty?: SystemProperty;
  customPropertyDescriptors?: CustomPropertyDescriptor[];
  dependencies?: Dependency[];
  createDate?: string;
  updateDate?: string;
}

export type ObjectSortField = 'updateDate' | 'objectName' | 'fileSize';
export type SortOrder = 1 | -1;

export interface ObjectQuery {
  skip: number;
  limit: number;
  keywords?: string;
  sort?: { field: ObjectSortField; order: SortOrder };
}

export interface FileAnalysis {
  sha1: string;
  fileSize?: number;
  metaAnalyzeStatus?: number | null;
  metaInfo?: SystemProperty | null;
  /** Why the analysis failed (DOMAIN §2.23), when the server says. */
  analyseError?: string;
}

export interface ObjectChanges {
  resourceTypeCode?: string;
  customPropertyDescriptors?: CustomPropertyDescriptor[];
  dependencies?: Dependency[];
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** 0–100 while the body is sent. */
  onPercent?: (percent: number) => void;
}

const bucketPath = (bucketName: string) => `/storages/buckets/${encodeURIComponent(bucketName)}`;

export function listBuckets(api: ApiClient, signal?: AbortSignal): Promise<ApiEnvelope<Bucket[] | null>> {
  return api.get<Bucket[] | null>('/storages/buckets', { params: { bucketType: USER_BUCKET_TYPE }, signal });
}

export function fetchSpaceStatistics(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<ApiEnvelope<SpaceStatistics | null>> {
  return api.get<SpaceStatistics | null>('/storages/buckets/spaceStatistics', { signal });
}

export function createBucket(api: ApiClient, bucketName: string): Promise<ApiEnvelope<Bucket | null>> {
  return api.post<Bucket | null>('/storages/buckets', { bucketName });
}

/** Without `force` the server refuses (errCode 2) a bucket that still holds objects. */
export function deleteBucket(
  api: ApiClient,
  bucketName: string,
  { force = false }: { force?: boolean } = {},
): Promise<ApiEnvelope<unknown>> {
  return api.delete<unknown>(bucketPath(bucketName), { params: { force: force ? 1 : undefined } });
}

export function listObjects(
  api: ApiClient,
  bucketName: string,
  query: ObjectQuery,
  signal?: AbortSignal,
): Promise<ApiEnvelope<Page<StorageObject> | null>> {
  const { skip, limit, keywords, sort } = query;
  return api.get<Page<StorageObject> | null>(`${bucketPath(bucketName)}/objects`, {
    params: { skip, limit, keywords: keywords || undefined, sort: sort ? `${sort.field}:${sort.order}` : undefined },
    signal,
  });
}

/** GET /v2/storages/objects/{objectIdOrName}: a full name travels encoded twice (API.md §1.6). */
export function fetchObject(
  api: ApiClient,
  objectIdOrName: string,
  signal?: AbortSignal,
): Promise<ApiEnvelope<StorageObject | null>> {
  return api.get<StorageObject | null>(`/storages/objects/${encodeURIComponent(encodeURIComponent(objectIdOrName))}`, {
    signal,
  });
}

/** GET /v2/storages/objects/list by full names (`bucket/object`, comma-joined). */
export function lookupObjects(
  api: ApiClient,
  fullObjectNames: readonly string[],
  signal?: AbortSignal,
): Promise<ApiEnvelope<StorageObject[] | null>> {
  return api.get<StorageObject[] | null>('/storages/objects/list', {
    params: { fullObjectNames: fullObjectNames.join(',') },
    signal,
  });
}

/** Creates the object, or replaces the file of the object of that name (keeping its type and properties). */
export function createObject(
  api: ApiClient,
  bucketName: string,
  object: { objectName: string; sha1: string },
): Promise<ApiEnvelope<StorageObject | null>> {
  return api.post<StorageObject | null>(`${bucketPath(bucketName)}/objects`, object);
}

export function deleteObjects(
  api: ApiClient,
  bucketName: string,
  objectIds: readonly string[],
): Promise<ApiEnvelope<unknown>> {
  return api.delete<unknown>(`${bucketPath(bucketName)}/objects/${objectIds.join(',')}`);
}

export function updateObject(
  api: ApiClient,
  objectId: string,
  changes: ObjectChanges,
): Promise<ApiEnvelope<StorageObject | null>> {
  return api.put<StorageObject | null>(`/storages/objects/${encodeURIComponent(objectId)}`, changes);
}

/** Answers true when the dependencies form **no** cycle. */
export function checkDependencyCycle(
  api: ApiClient,
  objectId: string,
  dependencies: Dependency[],
): Promise<ApiEnvelope<boolean | null>> {
  return api.post<boolean | null>(`/storages/objects/${encodeURIComponent(objectId)}/cycleDependencyCheck`, {
    dependencies,
  });
}

/** The address the browser navigates to for the file (a plain navigation, API.md §1.11). */
export function objectFileAddress(api: ApiClient, objectId: string): string {
  const base = (api.http.defaults.baseURL ?? '/v2').replace(/\/$/, '');
  return `${base}/storages/objects/${encodeURIComponent(objectId)}/file`;
}

export function fileExists(
  api: ApiClient,
  sha1: string,
  signal?: AbortSignal,
): Promise<ApiEnvelope<{ sha1: string; isExisting: boolean }[] | null>> {
  return api.get<{ sha1: string; isExisting: boolean }[] | null>('/storages/files/fileIsExist', {
    params: { sha1 },
    signal,
  });
}

/** POST /v2/storages/files/upload (multipart field `file`): answers the server's sha1 and size. */
export function uploadFile(
  api: ApiClient,
  file: File,
  { signal, onPercent }: UploadOptions = {},
): Promise<ApiEnvelope<{ sha1: string; fileSize: number } | null>> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ sha1: string; fileSize: number } | null>('/storages/files/upload', form, {
    signal,
    onUploadProgress: onPercent
      ? ({ loaded, total }) => {
          if (total) onPercent(Math.min(100, Math.round((loaded / total) * 100)));
        }
      : undefined,
  });
}

export function fetchFileAnalysis(
  api: ApiClient,
  sha1: string,
  signal?: AbortSignal,
): Promise<ApiEnvelope<FileAnalysis[] | null>> {
  return api.get<FileAnalysis[] | null>('/storages/files/list/info', { params: { sha1 }, signal });
}
