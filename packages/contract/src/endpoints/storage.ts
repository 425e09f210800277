// The storage calls (API.md §3.4): buckets, objects and the owner's download (a
// browser navigation: only its address is built from here). The file calls are in files.ts.
// Reads leave out `projection`: without it the server answers whole objects (ObjectWire).
import type { Page } from '@tessera/domain';
import type {
  BucketListQuery,
  BucketNameParams,
  BucketObjectParams,
  BucketObjectsParams,
  BucketWire,
  CreateBucketBody,
  CreateObjectBody,
  CycleCheckBody,
  DeleteBucketQuery,
  ObjectIdOrNameParams,
  ObjectListQuery,
  ObjectLookupQuery,
  ObjectWire,
  SpaceStatisticsWire,
  UpdateBatchBody,
  UpdateObjectBody,
} from '../storage';
import { endpoint } from '../endpoint';

const BUCKETS = '/storages/buckets';
const BUCKET = `${BUCKETS}/:bucketName`;
const OBJECTS = '/storages/objects';
/** `objectIdOrName` is an id, or `bucket/objectName` encoded once more by the caller (API.md §1.6). */
const OBJECT = `${OBJECTS}/:objectIdOrName`;

export const storageEndpoints = {
  createBucket: endpoint<{ body: CreateBucketBody; answer: BucketWire }>('POST', BUCKETS),
  buckets: endpoint<{ query: BucketListQuery; answer: BucketWire[] }>('GET', BUCKETS),
  spaceStatistics: endpoint<{ answer: SpaceStatisticsWire }>('GET', `${BUCKETS}/spaceStatistics`),
  bucket: endpoint<{ params: BucketNameParams; answer: BucketWire | null }>('GET', BUCKET),
  /** A bucket with objects only with `force` (else errCode 2 with data.objectCount). */
  deleteBucket: endpoint<{ params: BucketNameParams; query: DeleteBucketQuery; answer: true }>('DELETE', BUCKET),
  isBucketNameTaken: endpoint<{ params: BucketNameParams; answer: boolean }>('GET', `${BUCKET}/isExist`),

  objects: endpoint<{ params: BucketNameParams; query: Omit<ObjectListQuery, 'projection'>; answer: Page<ObjectWire> }>(
    'GET',
    `${BUCKET}/objects`,
  ),
  /** Creates the object, or gives the object of that name the new file (keeping its type and properties). */
  createObject: endpoint<{ params: BucketNameParams; body: CreateObjectBody; answer: ObjectWire }>(
    'POST',
    `${BUCKET}/objects`,
  ),
  objectInBucket: endpoint<{ params: BucketObjectParams; answer: ObjectWire | null }>(
    'GET',
    `${BUCKET}/objects/:objectId`,
  ),
  /** `objectIds`: up to 100 comma-separated ids, all deleted or none. */
  deleteObjects: endpoint<{ params: BucketObjectsParams; answer: true }>('DELETE', `${BUCKET}/objects/:objectIds`),
  /** The caller's objects by ids and full names, in the order asked; others are left out. */
  lookupObjects: endpoint<{ query: Omit<ObjectLookupQuery, 'projection'>; answer: ObjectWire[] }>(
    'GET',
    `${OBJECTS}/list`,
  ),
  updateBatch: endpoint<{ body: UpdateBatchBody; answer: true }>('PUT', `${OBJECTS}/updateBatch`),
  /** errCode 2 when the caller has no such object. */
  object: endpoint<{ params: ObjectIdOrNameParams; answer: ObjectWire }>('GET', OBJECT),
  updateObject: endpoint<{ params: ObjectIdOrNameParams; body: UpdateObjectBody; answer: ObjectWire }>('PUT', OBJECT),
  /** true when the dependencies form no cycle. */
  cycleDependencyCheck: endpoint<{ params: ObjectIdOrNameParams; body: CycleCheckBody; answer: boolean }>(
    'POST',
    `${OBJECT}/cycleDependencyCheck`,
  ),
  /** Not for `ApiClient.call`: the bytes, for a browser navigation to `fillPath(path, params)`. */
  objectFile: endpoint<{ params: ObjectIdOrNameParams; answer: never }>('GET', `${OBJECT}/file`),
};
