// The exhibit management calls of API.md §3.3 (online status and auth calls are in online.ts and
// auth-routes.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthTreeItemWire } from '@tessera/contract/auths';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  BatchItemResultWire,
  ContractAppliedQuery,
  ContractAppliedWire,
  CreateBatchEasyBody,
  CreatePresentableBody,
  IgnoreUpdateTipBody,
  NodeIdParams,
  PresentableDetailQuery,
  PresentableIdParams,
  PresentableListByQuery,
  PresentableListQuery,
  PresentableReadQuery,
  PresentableTreeQuery,
  PresentableView,
  RewritePropertyBody,
  SwitchVersionBody,
  UpdateBatchBody,
  UpdatePresentableBody,
} from '@tessera/contract/exhibits';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { ExhibitReads } from './reads';
import type { ExhibitService } from './service';

const tags = ['exhibits'];
const PRESENTABLES = '/v2/presentables';
const ONE = `${PRESENTABLES}/:presentableId`;

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;
const readerOf = (request: FastifyRequest) => ({ callerId: request.user?.userId ?? null });
const Trees = Type.Array(Type.Unknown());

export function registerExhibitRoutes(
  app: FastifyInstance,
  { exhibits, exhibitReads }: { exhibits: ExhibitService; exhibitReads: ExhibitReads },
): void {
  const answerOf = async (request: FastifyRequest, presentableId: string) =>
    exhibitReads.byId(presentableId, {}, readerOf(request), request.language);

  app.post<{ Body: CreatePresentableBody }>(
    PRESENTABLES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Exhibit a resource in your node (offline at first)',
        description:
          'The node owner only; node not frozen; resource online and not frozen; the version exists (none for a collection); one exhibit per resource per node; the name ' +
          'free in the node in any case (errCode 2). resolveResources (or batchSignContracts) lists exactly the resource and its baseUpcastResources, each with 1–10 ' +
          'enabled policies; the node contracts are signed or live ones reused, in one transaction with the exhibit.',
        body: CreatePresentableBody,
        response: { 200: Envelope(PresentableView) },
      },
    },
    async (request) => {
      const row = await exhibits.create(userIdOf(request), request.body, request.language);
      return success(await answerOf(request, row.presentableId));
    },
  );

  app.post<{ Body: CreateBatchEasyBody }>(
    `${PRESENTABLES}/createPresentableBatchEasy`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Exhibit several resources at their latest versions',
        description:
          'Each item its own transaction, answered in order: id is the new presentableId, or the resourceId of an item that failed (with errCode and msg).',
        body: CreateBatchEasyBody,
        response: { 200: Envelope(Type.Array(BatchItemResultWire)) },
      },
    },
    async (request) => success(await exhibits.createBatch(userIdOf(request), request.body, request.language)),
  );

  app.put<{ Body: UpdateBatchBody }>(
    `${PRESENTABLES}/updatePresentableBatch`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Add the same policies to several of your exhibits',
        body: UpdateBatchBody,
        response: { 200: Envelope(Type.Array(BatchItemResultWire)) },
      },
    },
    async (request) => success(await exhibits.updateBatch(userIdOf(request), request.body, request.language)),
  );

  app.get<{ Querystring: PresentableListQuery }>(
    PRESENTABLES,
    {
      schema: {
        tags,
        summary: "A node's exhibits",
        description:
          'onlineStatus 0, 1 (default) or 2 (all): the node owner only; others see online exhibits of a public node.',
        querystring: PresentableListQuery,
        response: { 200: Envelope(PageOf(PresentableView)) },
      },
    },
    async (request) => success(await exhibitReads.list(request.query, readerOf(request), request.language)),
  );

  app.get<{ Querystring: PresentableListByQuery }>(
    `${PRESENTABLES}/list`,
    {
      schema: {
        tags,
        summary: 'Exhibits by ids, resource ids or names, or resolved resource ids',
        querystring: PresentableListByQuery,
        response: { 200: Envelope(Type.Array(PresentableView)) },
      },
    },
    async (request) => success(await exhibitReads.listBy(request.query, readerOf(request), request.language)),
  );

  app.get<{ Querystring: PresentableDetailQuery }>(
    `${PRESENTABLES}/detail`,
    {
      schema: {
        tags,
        summary: "A node's exhibit by resource id, resource name or exhibit name (null when none)",
        querystring: PresentableDetailQuery,
        response: { 200: Envelope(Type.Union([PresentableView, Type.Null()])) },
      },
    },
    async (request) => success(await exhibitReads.detail(request.query, readerOf(request), request.language)),
  );

  app.get<{ Params: NodeIdParams; Querystring: ContractAppliedQuery }>(
    `${PRESENTABLES}/:nodeId/contractAppliedPresentable`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Per node contract, the exhibits it serves (the node owner only)',
        params: NodeIdParams,
        querystring: ContractAppliedQuery,
        response: { 200: Envelope(Type.Array(ContractAppliedWire)) },
      },
    },
    async (request) =>
      success(
        await exhibitReads.contractAppliedPresentable(
          userIdOf(request),
          request.params.nodeId,
          request.query.contractIds,
        ),
      ),
  );

  app.get<{ Params: PresentableIdParams; Querystring: PresentableReadQuery }>(
    ONE,
    {
      schema: {
        tags,
        summary: 'An exhibit',
        params: PresentableIdParams,
        querystring: PresentableReadQuery,
        response: { 200: Envelope(PresentableView) },
      },
    },
    async (request) =>
      success(
        await exhibitReads.byId(request.params.presentableId, request.query, readerOf(request), request.language),
      ),
  );

  app.get<{ Params: PresentableIdParams; Querystring: PresentableTreeQuery }>(
    `${ONE}/dependencyTree`,
    {
      schema: {
        tags,
        summary: "The exhibit's dependency tree, frozen when its version was chosen (flattened: parentNid, deep)",
        params: PresentableIdParams,
        querystring: PresentableTreeQuery,
        response: { 200: Envelope(Trees) },
      },
    },
    async (request) =>
      success(await exhibitReads.dependencyTree(request.params.presentableId, request.query, readerOf(request))),
  );

  app.get<{ Params: PresentableIdParams; Querystring: PresentableTreeQuery }>(
    `${ONE}/authTree`,
    {
      schema: {
        tags,
        summary: "The exhibit's auth tree: per resource the node resolves, the versions that need a licence",
        description:
          'An array of arrays (DOMAIN §3.3): one inner array per resource the node resolves, each item with the contracts its ' +
          "resolver holds on it (the node's: the owner only) and its children, grouped the same way. The grouping is frozen " +
          'with the version; the contracts are the ones named now. Only `version` is read.',
        params: PresentableIdParams,
        querystring: PresentableTreeQuery,
        response: { 200: Envelope(Type.Array(Type.Array(AuthTreeItemWire))) },
      },
    },
    async (request) =>
      success(await exhibitReads.authTree(request.params.presentableId, request.query, readerOf(request))),
  );

  app.get<{ Params: PresentableIdParams; Querystring: PresentableTreeQuery }>(
    `${ONE}/relationTree`,
    {
      schema: {
        tags,
        summary: "The exhibit's relation tree: resource, direct dependencies, their upcasts",
        params: PresentableIdParams,
        querystring: PresentableTreeQuery,
        response: { 200: Envelope(Trees) },
      },
    },
    async (request) =>
      success(await exhibitReads.relationTree(request.params.presentableId, request.query, readerOf(request))),
  );

  app.put<{ Params: PresentableIdParams; Body: UpdatePresentableBody }>(
    ONE,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Edit an exhibit',
        description: 'While online at least one policy must stay enabled (errCode 2).',
        params: PresentableIdParams,
        body: UpdatePresentableBody,
        response: { 200: Envelope(PresentableView) },
      },
    },
    async (request) => {
      await exhibits.update(userIdOf(request), request.params.presentableId, request.body, request.language);
      return success(await answerOf(request, request.params.presentableId));
    },
  );

  app.put<{ Params: PresentableIdParams; Body: SwitchVersionBody }>(
    `${ONE}/version`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Choose another version of the resource (trees frozen again, rewrite properties kept)',
        params: PresentableIdParams,
        body: SwitchVersionBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => {
      await exhibits.switchVersion(userIdOf(request), request.params.presentableId, request.body.version);
      return success(true as const);
    },
  );

  app.put<{ Params: PresentableIdParams; Body: RewritePropertyBody }>(
    `${ONE}/rewriteProperty`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Replace the exhibit's rewrite properties (≤ 30)",
        params: PresentableIdParams,
        body: RewritePropertyBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => {
      await exhibits.setRewriteProperty(userIdOf(request), request.params.presentableId, request.body.rewriteProperty);
      return success(true as const);
    },
  );

  app.post<{ Params: PresentableIdParams; Body: IgnoreUpdateTipBody }>(
    `${ONE}/ignorePresentableVersionUpdateTip`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Stop showing the update hint for this resource version',
        params: PresentableIdParams,
        body: IgnoreUpdateTipBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => {
      await exhibits.ignoreUpdateTip(userIdOf(request), request.params.presentableId, request.body.ignoreVersion);
      return success(true as const);
    },
  );
}
