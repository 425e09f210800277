// The resource calls of API.md §3.6 (the catalogue's in catalogue-routes.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success, successSerializedOnce } from '../../platform/envelope';
import { Envelope, PageOf } from '@tessera/contract/common';
import { loggedInUser, requireLogin } from '../../platform/session';
import { registerCatalogueRoutes } from './catalogue/routes';
import type { TypeCatalogue } from './catalogue/service';
import {
  BatchItemResultWire,
  CountQuery,
  CountWire,
  CreateBatchBody,
  CreateResourceBody,
  DetailParams,
  DetailQuery,
  GeneratedNameWire,
  GenerateNamesBody,
  ListQuery,
  RecommendQuery,
  ResourceIdParams,
  ResourceView,
  ResourceWire,
  SearchQuery,
  UpdateBatchBody,
  UpdateResourceBody,
} from '@tessera/contract/resources';
import type { ResourceQueries } from './queries';
import type { ResourceService } from './service';

const tags = ['resources'];
const RESOURCES = '/v2/resources';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;
const callerOf = (request: FastifyRequest): number | null => request.user?.userId ?? null;

function registerWriteRoutes(app: FastifyInstance, resources: ResourceService): void {
  app.post<{ Body: CreateResourceBody }>(
    RESOURCES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Create a resource (unreleased until its first version)',
        description:
          'name: SPEC §5 rule, unique as `username/name` in any case (errCode 2 when taken). Type: resourceTypeCode (any catalogue level) plus an optional custom ' +
          'resourceTypeName, or the 2022 resourceType path. policies: ≤ 20, texts URI-component-encoded; a text that does not compile is errCode 4 whose data lists ' +
          '`{field, index, line, column, code, message}`.',
        body: CreateResourceBody,
        response: { 200: Envelope(ResourceWire) },
      },
    },
    async (request) => success(await resources.create(userIdOf(request), request.body, request.language)),
  );

  app.post<{ Body: CreateBatchBody }>(
    `${RESOURCES}/createBatch`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Create up to 20 resources of one type; answered per item',
        description:
          'A bad type fails the call (errCode 4). Each item reports errCode/msg/data and the resource; `version` stays null until the versions module is wired in.',
        body: CreateBatchBody,
        response: { 200: Envelope(Type.Array(BatchItemResultWire)) },
      },
    },
    async (request) => success(await resources.createBatch(userIdOf(request), request.body, request.language)),
  );

  app.put<{ Body: UpdateBatchBody }>(
    `${RESOURCES}/updateBatch`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change the status of, or add policies to, several of the caller’s resources: all or nothing',
        description: 'A resource that breaks a rule fails the whole call; data names it (`{resourceId}`).',
        body: UpdateBatchBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await resources.updateBatch(userIdOf(request), request.body, request.language)),
  );

  app.put<{ Params: ResourceIdParams; Body: UpdateResourceBody }>(
    `${RESOURCES}/:resourceId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Change a resource of the caller',
        description:
          'status 1 puts it online (needs a version and an enabled policy, errCode 2 otherwise), 4 or 0 takes it offline. addPolicies binds new policies; ' +
          'updatePolicies enables, disables or renames bound ones (never their text). Frozen resources cannot change (errCode 2); another user’s: errCode 3.',
        params: ResourceIdParams,
        body: UpdateResourceBody,
        response: { 200: Envelope(ResourceWire) },
      },
    },
    async (request) =>
      success(await resources.update(userIdOf(request), request.params.resourceId, request.body, request.language)),
  );

  app.delete<{ Params: ResourceIdParams }>(
    `${RESOURCES}/:resourceId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Delete an unreleased resource of the caller that has no version (ours)',
        description:
          'Frees its name; its tags, policy bindings, favourites and version draft go with it. A released resource is never deleted (errCode 2, DOMAIN §3.1); ' +
          'a frozen one neither (errCode 2); another user’s unreleased resource is not found (errCode 2), a released one errCode 3.',
        params: ResourceIdParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await resources.deleteUnreleased(userIdOf(request), request.params.resourceId)),
  );

  app.post<{ Body: GenerateNamesBody }>(
    `${RESOURCES}/generateResourceNames`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary:
          'For each wanted name, an available one: the name rule applied (forbidden characters become _), then name, name_1, name_2…',
        body: GenerateNamesBody,
        response: { 200: Envelope(Type.Array(GeneratedNameWire)) },
      },
    },
    async (request) => success(await resources.generateNames(userIdOf(request), request.body)),
  );
}

function registerReadRoutes(app: FastifyInstance, resources: ResourceQueries): void {
  const sendPage = successSerializedOnce();
  app.get<{ Querystring: SearchQuery }>(
    RESOURCES,
    {
      schema: {
        tags,
        summary: 'The market: online resources (isSelf=1: the caller’s own in any state)',
        description:
          'keywords: words that name, title, intro or tags all contain (any case). resourceTypeCode (with resourceTypeCategory=2: everything below it), resourceType / ' +
          'omitResourceType: a type path entry. tags / operationTypes: any of them. status for other users’ resources: 1 (default) or 4. operationCategoryCode: a market category.',
        querystring: SearchQuery,
        response: { 200: Envelope(PageOf(ResourceView)) },
      },
    },
    // A kept market page is the same object on every request while the market does not change.
    async (request, reply) =>
      sendPage(reply, await resources.search(callerOf(request), request.query, request.language)),
  );

  app.get<{ Querystring: ListQuery }>(
    `${RESOURCES}/list`,
    {
      schema: {
        tags,
        summary: 'Resources by ids and/or full names (≤ 100 each), in the order given; unknown ones are left out',
        querystring: ListQuery,
        response: { 200: Envelope(Type.Array(ResourceView)) },
      },
    },
    async (request) => success(await resources.list(callerOf(request), request.query, request.language)),
  );

  app.get<{ Querystring: CountQuery }>(
    `${RESOURCES}/count`,
    {
      schema: {
        tags,
        summary: 'How many resources each user has (optionally in one wire status)',
        querystring: CountQuery,
        response: { 200: Envelope(Type.Array(CountWire)) },
      },
    },
    async (request) => success(await resources.countByUsers(request.query)),
  );

  app.get<{ Querystring: RecommendQuery }>(
    `${RESOURCES}/recommend`,
    {
      schema: {
        tags,
        summary: 'Themes for nodes: 1 recommended, 2 placeholders',
        querystring: RecommendQuery,
        response: { 200: Envelope(Type.Array(ResourceView)) },
      },
    },
    async (request) => success(await resources.recommend(request.query, request.language)),
  );

  app.get<{ Params: DetailParams; Querystring: DetailQuery }>(
    `${RESOURCES}/:resourceIdOrName`,
    {
      schema: {
        tags,
        summary: 'One resource by id or username/name (encoded twice)',
        description:
          'Another user’s resource is found once released; a frozen one shows status 2 (isLoadFreezeReason=1 adds the reason). Unknown: errCode 2.',
        params: DetailParams,
        querystring: DetailQuery,
        response: { 200: Envelope(ResourceView) },
      },
    },
    async (request) =>
      success(
        await resources.detail(callerOf(request), request.params.resourceIdOrName, request.query, request.language),
      ),
  );
}

export function registerResourceRoutes(
  app: FastifyInstance,
  {
    resources,
    resourceQueries,
    catalogue,
  }: {
    resources: ResourceService;
    resourceQueries: ResourceQueries;
    catalogue: TypeCatalogue;
  },
): void {
  registerCatalogueRoutes(app, catalogue);
  registerWriteRoutes(app, resources);
  registerReadRoutes(app, resourceQueries);
}
