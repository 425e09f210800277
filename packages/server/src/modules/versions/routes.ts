// The version calls of API.md §3.6: versions, drafts, file look-ups, single checks, trees and the
// download (a browser navigation, API.md §1.11).
import { ErrCode } from '@tessera/domain';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from '../../platform/envelope';
import { AppError } from '../../platform/errors';
import type { Translator } from '../../platform/messages';
import { Envelope } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { ResourceQueries } from '../resources';
import { ResourceView } from '@tessera/contract/resources';
import { refuseDownload, sendDownload } from '../../platform/http/download';
import {
  BatchSetContractsBody,
  CoverageVersionsQuery,
  CoverageVersionsWire,
  CreateVersionBody,
  CycleCheckBody,
  DetailQuery,
  DraftBody,
  DraftWire,
  FileParams,
  FileSha1Query,
  ListQuery,
  ProjectionQuery,
  ResolveResourceWire,
  ResourceIdParams,
  TreeQuery,
  UpdateVersionBody,
  VERSION_LIMITS,
  VersionParams,
  VersionsQuery,
  VersionView,
  VersionWire,
} from '@tessera/contract/versions';
import type { VersionService } from './service';
import type { VersionTrees } from './trees';

const tags = ['versions'];
const RESOURCES = '/v2/resources';
const VERSIONS = `${RESOURCES}/:resourceId/versions`;
/** A draft of 1 MiB plus its JSON wrapping. */
const DRAFT_BODY_LIMIT = VERSION_LIMITS.draftBytes + 64 * 1024;

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;
const callerOf = (request: FastifyRequest): number | null => request.user?.userId ?? null;

function registerWriteRoutes(app: FastifyInstance, versions: VersionService): void {
  app.post<{ Params: ResourceIdParams; Body: CreateVersionBody }>(
    VERSIONS,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Create the next version of one of your resources (DOMAIN §3.2, checks in order)',
        description:
          "version (a leading v dropped) strictly above latestVersion; fileSha1 analysed, within the type's size and formats, not used by another user's resource; " +
          'dependencies ≤ 100 (existing, online unless an earlier version had them, range matched, no cycles within 20 levels); baseUpcastResources on the first ' +
          'version only; resolveResources (or batchSignContracts) lists exactly the candidates that are not upcast, each with 1–10 enabled policies ' +
          'the resource may sign (audiences): their contracts (licensee this resource, identity 1; live ones reused) are signed with the version.',
        params: ResourceIdParams,
        body: CreateVersionBody,
        response: { 200: Envelope(VersionWire) },
      },
    },
    async (request) => success(await versions.create(userIdOf(request), request.params.resourceId, request.body)),
  );

  app.put<{ Params: VersionParams; Body: UpdateVersionBody }>(
    `${VERSIONS}/:version`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change the description, the custom property descriptors or the contracts of a version',
        description:
          "resolveResources names only resources the version already resolves: each one's list becomes the given policies' contracts " +
          '(1–10 enabled policies, live contracts reused, new ones signed), in one transaction.',
        params: VersionParams,
        body: UpdateVersionBody,
        response: { 200: Envelope(VersionWire) },
      },
    },
    async (request) =>
      success(
        await versions.update(userIdOf(request), request.params.resourceId, request.params.version, request.body),
      ),
  );

  app.put<{ Params: ResourceIdParams; Body: BatchSetContractsBody }>(
    `${VERSIONS}/batchSetContracts`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'Apply (1: sign or reuse) or remove (0) contracts version by version, for resources the versions resolve',
        description:
          'Owner only, one transaction. A resolved resource is never left without a contract (errCode 2, nothing written). ' +
          'Answers the versions changed, as they are now.',
        params: ResourceIdParams,
        body: BatchSetContractsBody,
        response: { 200: Envelope(Type.Array(VersionWire)) },
      },
    },
    async (request) =>
      success(await versions.batchSetContracts(userIdOf(request), request.params.resourceId, request.body)),
  );

  app.post<{ Params: ResourceIdParams; Body: CycleCheckBody }>(
    `${VERSIONS}/cycleDependencyCheck`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'true when these dependencies make no cycle (20 levels at most)',
        params: ResourceIdParams,
        body: CycleCheckBody,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) =>
      success(await versions.cycleCheck(userIdOf(request), request.params.resourceId, request.body.dependencies)),
  );
}

function registerDraftRoutes(app: FastifyInstance, versions: VersionService): void {
  const params = ResourceIdParams;
  app.post<{ Params: ResourceIdParams; Body: DraftBody }>(
    `${VERSIONS}/drafts`,
    {
      config: requireLogin,
      bodyLimit: DRAFT_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Save the draft of the next version (one per resource, ≤ 1 MiB of JSON)',
        params,
        body: DraftBody,
        response: { 200: Envelope(DraftWire) },
      },
    },
    async (request) =>
      success(await versions.saveDraft(userIdOf(request), request.params.resourceId, request.body.draftData)),
  );
  app.get<{ Params: ResourceIdParams }>(
    `${VERSIONS}/drafts`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'The draft, or null',
        params,
        response: { 200: Envelope(Type.Union([DraftWire, Type.Null()])) },
      },
    },
    async (request) => success(await versions.draft(userIdOf(request), request.params.resourceId)),
  );
  app.delete<{ Params: ResourceIdParams }>(
    `${VERSIONS}/drafts`,
    {
      config: requireLogin,
      schema: { tags, summary: 'Remove the draft', params, response: { 200: Envelope(Type.Null()) } },
    },
    async (request) => {
      await versions.deleteDraft(userIdOf(request), request.params.resourceId);
      return success(null);
    },
  );
}

function registerReadRoutes(app: FastifyInstance, versions: VersionService, resourceQueries: ResourceQueries): void {
  app.get<{ Querystring: DetailQuery }>(
    `${RESOURCES}/versions/detail`,
    {
      schema: {
        tags,
        summary: 'A version by versionId',
        querystring: DetailQuery,
        response: { 200: Envelope(VersionView) },
      },
    },
    async (request) =>
      success(await versions.byId(callerOf(request), request.query.versionId, request.query.projection)),
  );
  app.get<{ Querystring: ListQuery }>(
    `${RESOURCES}/versions/list`,
    {
      schema: {
        tags,
        summary: 'Versions by versionIds (≤ 100), in the order asked',
        querystring: ListQuery,
        response: { 200: Envelope(Type.Array(VersionView)) },
      },
    },
    async (request) =>
      success(await versions.byIds(callerOf(request), request.query.versionIds, request.query.projection)),
  );
  app.get<{ Querystring: FileSha1Query }>(
    `${RESOURCES}/versions/isCanBeCreate`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "true when no other user's version uses the file",
        querystring: FileSha1Query,
        response: { 200: Envelope(Type.Boolean()) },
      },
    },
    async (request) => success(await versions.isCanBeCreate(userIdOf(request), request.query.fileSha1)),
  );
  app.get<{ Params: FileParams; Querystring: ProjectionQuery }>(
    `${RESOURCES}/files/:fileSha1/versions`,
    {
      schema: {
        tags,
        summary: 'The versions that use a file',
        params: FileParams,
        querystring: ProjectionQuery,
        response: { 200: Envelope(Type.Array(VersionView)) },
      },
    },
    async (request) =>
      success(await versions.versionsOfFile(callerOf(request), request.params.fileSha1, request.query.projection)),
  );
  app.get<{ Params: FileParams; Querystring: ProjectionQuery }>(
    `${RESOURCES}/files/:fileSha1`,
    {
      schema: {
        tags,
        summary: 'The resources whose versions use a file',
        params: FileParams,
        querystring: ProjectionQuery,
        response: { 200: Envelope(Type.Array(ResourceView)) },
      },
    },
    async (request) => {
      const ids = await versions.resourceIdsOfFile(callerOf(request), request.params.fileSha1);
      if (ids.length === 0) return success([]);
      return success(
        await resourceQueries.list(
          callerOf(request),
          { resourceIds: ids.join(','), projection: request.query.projection },
          request.language,
        ),
      );
    },
  );
  app.get<{ Params: ResourceIdParams; Querystring: CoverageVersionsQuery }>(
    `${RESOURCES}/:resourceId/contracts/coverageVersions`,
    {
      schema: {
        tags,
        summary: 'Per contract (≤ 200 ids), the versions of the resource that use it',
        params: ResourceIdParams,
        querystring: CoverageVersionsQuery,
        response: { 200: Envelope(Type.Array(CoverageVersionsWire)) },
      },
    },
    async (request) =>
      success(await versions.coverageVersions(callerOf(request), request.params.resourceId, request.query.contractIds)),
  );
  app.get<{ Params: ResourceIdParams; Querystring: VersionsQuery }>(
    VERSIONS,
    {
      schema: {
        tags,
        summary: 'The versions of a resource, oldest first (sort=createDate:-1 for newest first)',
        params: ResourceIdParams,
        querystring: VersionsQuery,
        response: { 200: Envelope(Type.Array(VersionView)) },
      },
    },
    async (request) => success(await versions.list(callerOf(request), request.params.resourceId, request.query)),
  );
  app.get<{ Params: VersionParams; Querystring: ProjectionQuery }>(
    `${VERSIONS}/:version`,
    {
      schema: {
        tags,
        summary: 'One version',
        params: VersionParams,
        querystring: ProjectionQuery,
        response: { 200: Envelope(VersionView) },
      },
    },
    async (request) =>
      success(
        await versions.detail(
          callerOf(request),
          request.params.resourceId,
          request.params.version,
          request.query.projection,
        ),
      ),
  );
  app.get<{ Params: VersionParams }>(
    `${VERSIONS}/:version/property`,
    {
      schema: {
        tags,
        summary: 'The flat property of a version: system beats read-only custom, which beats editable custom',
        params: VersionParams,
        response: { 200: Envelope(Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request) =>
      success(await versions.property(callerOf(request), request.params.resourceId, request.params.version)),
  );
}

function registerTreeRoutes(app: FastifyInstance, trees: VersionTrees): void {
  const params = ResourceIdParams;
  app.get<{ Params: ResourceIdParams; Querystring: TreeQuery }>(
    `${RESOURCES}/:resourceId/dependencyTree`,
    {
      schema: {
        tags,
        summary: 'The dependency tree: each dependency at the highest version its range matches now',
        params,
        querystring: TreeQuery,
        response: { 200: Envelope(Type.Array(Type.Record(Type.String(), Type.Unknown()))) },
      },
    },
    async (request) => success(await trees.dependencyTree(callerOf(request), request.params.resourceId, request.query)),
  );
  app.get<{ Params: ResourceIdParams; Querystring: TreeQuery }>(
    `${RESOURCES}/:resourceId/relationTree`,
    {
      schema: {
        tags,
        summary: 'Three levels: the resource, its dependencies, their base upcasts',
        params,
        querystring: TreeQuery,
        response: { 200: Envelope(Type.Array(Type.Unknown())) },
      },
    },
    async (request) => success(await trees.relationTree(callerOf(request), request.params.resourceId, request.query)),
  );
  app.get<{ Params: ResourceIdParams }>(
    `${RESOURCES}/:resourceId/resolveResources`,
    {
      schema: {
        tags,
        summary: 'Per resolved resource, the versions that resolve it and their contracts',
        params,
        response: { 200: Envelope(Type.Array(ResolveResourceWire)) },
      },
    },
    async (request) => success(await trees.resolveResources(callerOf(request), request.params.resourceId)),
  );
}

/** A browser navigation (API.md §1.11): failures are small pages; a script's read gets the envelope. */
function registerDownloadRoute(app: FastifyInstance, versions: VersionService, translator: Translator): void {
  app.get<{ Params: VersionParams }>(
    `${VERSIONS}/:version/download`,
    {
      schema: {
        tags,
        summary: 'The file of a version, for the owner (a browser navigation; Range served)',
        description:
          'Navigations get `Content-Disposition: attachment` with the filename of the version; reads by script get `inline`. Failures: a short page with 401 or 404 for navigations.',
        params: VersionParams,
      },
    },
    async (request, reply) => {
      if (!request.user) {
        const error = new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
        return refuseDownload(request, reply, { status: 401, error, translator });
      }
      let found;
      try {
        found = await versions.download(request.user.userId, request.params.resourceId, request.params.version);
      } catch (error) {
        if (error instanceof AppError) return refuseDownload(request, reply, { status: 404, error, translator });
        throw error;
      }
      return sendDownload(request, reply, found.filename, found.file);
    },
  );
}

export function registerVersionRoutes(
  app: FastifyInstance,
  {
    versions,
    versionTrees,
    resourceQueries,
    i18n,
  }: { versions: VersionService; versionTrees: VersionTrees; resourceQueries: ResourceQueries; i18n: Translator },
): void {
  registerWriteRoutes(app, versions);
  registerDraftRoutes(app, versions);
  registerReadRoutes(app, versions, resourceQueries);
  registerTreeRoutes(app, versionTrees);
  registerDownloadRoute(app, versions, i18n);
}
