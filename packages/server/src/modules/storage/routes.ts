import { Type } from '@sinclair/typebox';
import { ErrCode } from '@tessera/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Translator } from '../../platform/messages';
import { Envelope, PageOf } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import { refuseDownload, sendDownload } from '../../platform/http/download';
import { decodeIdOrName } from '../../platform/http/requests';
import {
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
  ObjectView,
  ObjectWire,
  SpaceStatisticsWire,
  UpdateBatchBody,
  UpdateObjectBody,
} from '@tessera/contract/storage';
import type { StorageService } from './service';

const tags = ['storage'];
const BUCKETS = '/v2/storages/buckets';
const OBJECTS = '/v2/storages/objects';
/** The owner's copy only; the object may get another file under the same address. */

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

/** `force` from `?force=1|true` or a JSON body `{force: true}`. */
function forceAsked(request: FastifyRequest<{ Querystring: DeleteBucketQuery }>): boolean {
  const flag = request.query.force;
  const body = request.body as { force?: unknown } | null | undefined;
  return flag === '1' || flag === 'true' || body?.force === true;
}

function registerBucketRoutes(app: FastifyInstance, storage: StorageService): void {
  app.post<{ Body: CreateBucketBody }>(
    BUCKETS,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Create a bucket',
        description:
          'Names per SPEC §5, unique platform-wide (errCode 2 when taken); at most 5 buckets per user (errCode 2); `.UserNodeData` is reserved.',
        body: CreateBucketBody,
        response: { 200: Envelope(BucketWire) },
      },
    },
    async (request) => success(await storage.createBucket(userIdOf(request), request.body.bucketName)),
  );

  app.get<{ Querystring: BucketListQuery }>(
    BUCKETS,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "The caller's buckets by name, with their object count and bytes",
        querystring: BucketListQuery,
        response: { 200: Envelope(Type.Array(BucketWire)) },
      },
    },
    async (request) => success(await storage.listBuckets(userIdOf(request), request.query.bucketType)),
  );

  app.get(
    `${BUCKETS}/spaceStatistics`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Quota, number of user buckets and bytes used',
        response: { 200: Envelope(SpaceStatisticsWire) },
      },
    },
    async (request) => success(await storage.spaceStatistics(userIdOf(request))),
  );

  app.get<{ Params: BucketNameParams }>(
    `${BUCKETS}/:bucketName`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "One of the caller's buckets, or null",
        params: BucketNameParams,
        response: { 200: Envelope(Type.Union([BucketWire, Type.Null()])) },
      },
    },
    async (request) => success(await storage.findBucket(userIdOf(request), request.params.bucketName)),
  );

  app.delete<{ Params: BucketNameParams; Querystring: DeleteBucketQuery }>(
    `${BUCKETS}/:bucketName`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Delete a bucket and its objects',
        description:
          'A bucket with objects is deleted only with `?force=1` (or a JSON body `{"force": true}`); otherwise errCode 2 naming the object count (data.objectCount). ' +
          'The system bucket cannot be deleted. errCode 3 for another user’s bucket.',
        params: BucketNameParams,
        querystring: DeleteBucketQuery,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(await storage.deleteBucket(userIdOf(request), request.params.bucketName, forceAsked(request))),
  );

  app.get<{ Params: BucketNameParams }>(
    `${BUCKETS}/:bucketName/isExist`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Whether anyone holds the bucket name',
        params: BucketNameParams,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) => success(await storage.isBucketNameTaken(request.params.bucketName)),
  );
}

function registerObjectRoutes(app: FastifyInstance, storage: StorageService): void {
  app.get<{ Params: BucketNameParams; Querystring: ObjectListQuery }>(
    `${BUCKETS}/:bucketName/objects`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'A page of the objects of one of the caller’s buckets',
        description:
          'keywords: part of the name, any case. resourceType / resourceTypeCode: objects of that type (isLoadingTypeless=1 adds those without a type); ' +
          'omitResourceType leaves a type out; mime: comma list of types or families (`image`); extNames: comma list of extensions. ' +
          'sort: createDate, updateDate, objectName or fileSize with :1 or :-1 (default createDate:-1). projection: fields to keep.',
        params: BucketNameParams,
        querystring: ObjectListQuery,
        response: { 200: Envelope(PageOf(ObjectView)) },
      },
    },
    async (request) => success(await storage.listObjects(userIdOf(request), request.params.bucketName, request.query)),
  );

  app.post<{ Params: BucketNameParams; Body: CreateObjectBody }>(
    `${BUCKETS}/:bucketName/objects`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Create an object from an analysed file; an existing name gets the new file and keeps its type, properties and dependencies',
        description:
          'Characters the resource-name rule forbids (\\ / : * ? " < > | whitespace @ $ #, and control characters) become `_`; the result has 1–60 characters and is not only dots. ' +
          'The file must be analysed (errCode 2 while analysing or when its analysis failed) and fit the quota (errCode 2).',
        params: BucketNameParams,
        body: CreateObjectBody,
        response: { 200: Envelope(ObjectWire) },
      },
    },
    async (request) => success(await storage.createObject(userIdOf(request), request.params.bucketName, request.body)),
  );

  app.get<{ Params: BucketObjectParams }>(
    `${BUCKETS}/:bucketName/objects/:objectId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "An object of the caller's bucket, or null",
        params: BucketObjectParams,
        response: { 200: Envelope(Type.Union([ObjectWire, Type.Null()])) },
      },
    },
    async (request) =>
      success(await storage.findObjectInBucket(userIdOf(request), request.params.bucketName, request.params.objectId)),
  );

  app.delete<{ Params: BucketObjectsParams }>(
    `${BUCKETS}/:bucketName/objects/:objectIds`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Delete objects of a bucket (comma-separated ids, ≤ 100): all of them, or none when one is not the caller’s object in that bucket (errCode 2)',
        params: BucketObjectsParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) =>
      success(await storage.deleteObjects(userIdOf(request), request.params.bucketName, request.params.objectIds)),
  );

  app.get<{ Querystring: ObjectLookupQuery }>(
    `${OBJECTS}/list`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          "The caller's objects by ids and full names (`bucket/objectName`), in the order given; others are left out",
        querystring: ObjectLookupQuery,
        response: { 200: Envelope(Type.Array(ObjectView)) },
      },
    },
    async (request) => success(await storage.lookupObjects(userIdOf(request), request.query)),
  );

  app.put<{ Body: UpdateBatchBody }>(
    `${OBJECTS}/updateBatch`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Give several of the caller's objects one type (all or none)",
        body: UpdateBatchBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await storage.updateBatch(userIdOf(request), request.body)),
  );

  app.get<{ Params: ObjectIdOrNameParams }>(
    `${OBJECTS}/:objectIdOrName`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'An object of the caller by id or `bucket/objectName` (errCode 2 when none)',
        params: ObjectIdOrNameParams,
        response: { 200: Envelope(ObjectWire) },
      },
    },
    async (request) => success(await storage.findObject(userIdOf(request), request.params.objectIdOrName)),
  );

  app.put<{ Params: ObjectIdOrNameParams; Body: UpdateObjectBody }>(
    `${OBJECTS}/:objectIdOrName`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change the name, type, custom properties or dependencies of an object (each only when given)',
        description:
          'Type: resourceTypeCode (+ resourceTypeName, a custom sub-type) or the 2022 form resourceType (the whole path); an empty code or path removes it. ' +
          'Dependencies: own objects as `bucket/objectName`, resources as `username/resourceName` with a semver versionRange; no repeats, no cycles (20 levels at most).',
        params: ObjectIdOrNameParams,
        body: UpdateObjectBody,
        response: { 200: Envelope(ObjectWire) },
      },
    },
    async (request) =>
      success(await storage.updateObject(userIdOf(request), request.params.objectIdOrName, request.body)),
  );

  app.post<{ Params: ObjectIdOrNameParams; Body: CycleCheckBody }>(
    `${OBJECTS}/:objectIdOrName/cycleDependencyCheck`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'true when these dependencies would make no cycle (and no chain deeper than 20 levels)',
        params: ObjectIdOrNameParams,
        body: CycleCheckBody,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) =>
      success(await storage.checkCycle(userIdOf(request), request.params.objectIdOrName, request.body.dependencies)),
  );
}

/**
 * The download is a browser navigation (API.md §1.11): its failures are small pages with an HTTP
 * status, not envelopes. A script's read (the comic tool) gets the envelope like any call.
 */
function registerDownloadRoute(app: FastifyInstance, storage: StorageService, translator: Translator): void {
  app.get<{ Params: ObjectIdOrNameParams }>(
    `${OBJECTS}/:objectIdOrName/file`,
    {
      schema: {
        tags,
        summary: "The bytes of one of the caller's objects (a browser navigation; Range requests served)",
        description:
          'Named as `bucket/objectName`, the answer is a 302 to the id form. Navigations get `Content-Disposition: attachment`; reads by script ' +
          '(Sec-Fetch-Mode other than navigate, or X-Requested-With) get `inline`, so the reference client keeps the body. ' +
          'Failures: a short page with 401 or 404 for navigations, the usual envelope for scripts.',
        params: ObjectIdOrNameParams,
      },
    },
    async (request, reply) => {
      if (!request.user) {
        const error = new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
        return refuseDownload(request, reply, { status: 401, error, translator });
      }
      const idOrName = decodeIdOrName(request.params.objectIdOrName);
      const object = await storage.objectForDownload(request.user.userId, idOrName);
      if (!object) {
        const error = new AppError(ErrCode.Business, 'storage.objectNotFound');
        return refuseDownload(request, reply, { status: 404, error, translator });
      }
      if (idOrName !== object.objectId) return reply.redirect(`${OBJECTS}/${object.objectId}/file`, 302);
      return sendDownload(request, reply, object.objectName, {
        sha1: object.sha1,
        fileSize: Number(object.fileSize),
        mime: object.mime,
        open: storage.openFile.bind(storage, object),
      });
    },
  );
}

export async function registerStorageRoutes(
  app: FastifyInstance,
  storage: StorageService,
  translator: Translator,
): Promise<void> {
  registerBucketRoutes(app, storage);
  registerObjectRoutes(app, storage);
  registerDownloadRoute(app, storage, translator);
}
