// The node calls (API.md §3.2, DOMAIN §3.7): validate → NodeService → shape.
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  CreateNodeBody,
  FreezeNodeBody,
  NodeDetailQuery,
  NodeFreezeInfoWire,
  NodeIdParams,
  NodeListQuery,
  NodeView,
  NodeWire,
  SetNodeInfoBody,
} from '@tessera/contract/nodes';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { NodeService } from './service';

const tags = ['nodes'];
const NODES = '/v2/nodes';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;
const callerOf = (request: FastifyRequest): number | null => request.user?.userId ?? null;

export function registerNodeRoutes(app: FastifyInstance, nodes: NodeService): void {
  app.post<{ Body: CreateNodeBody }>(
    NODES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Create a node',
        description:
          'Name (SPEC §5, unique case-insensitively) and domain (SPEC §5, unique, not reserved) stay taken for ever, deleted nodes included (errCode 2). ' +
          'At most MAX_NODES_PER_USER living nodes per user (errCode 2). nodeTitle defaults to nodeName. New nodes: status 2, visibility 1.',
        body: CreateNodeBody,
        response: { 200: Envelope(NodeWire) },
      },
    },
    async (request) => success(await nodes.createNode(userIdOf(request), request.body)),
  );

  app.get<{ Querystring: NodeListQuery }>(
    NODES,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "The caller's living nodes, newest first",
        description:
          'status: absent or 0 lists all; with the frozen bit (4, 5, 6, 7) only frozen nodes; otherwise (1, 2, 3) only normal ones. ' +
          '`projection` keeps the listed fields.',
        querystring: NodeListQuery,
        response: { 200: Envelope(PageOf(NodeView)) },
      },
    },
    async (request) => success(await nodes.listOwn(userIdOf(request), request.query)),
  );

  app.get<{ Querystring: NodeListQuery }>(
    `${NODES}/searchForClient`,
    {
      schema: {
        tags,
        summary: 'Public nodes for visitors',
        description:
          'Living, unfrozen nodes with visibility 1 whose name, title or domain holds every keyword (case-insensitive), newest first.',
        querystring: NodeListQuery,
        response: { 200: Envelope(PageOf(NodeView)) },
      },
    },
    async (request) => success(await nodes.searchForClient(request.query, callerOf(request))),
  );

  app.get<{ Querystring: NodeDetailQuery }>(
    `${NODES}/detail`,
    {
      schema: {
        tags,
        summary: 'A node by domain or name, or null',
        description: 'One of nodeDomain and nodeName (errCode 4 without either); deleted nodes answer null.',
        querystring: NodeDetailQuery,
        response: { 200: Envelope(Type.Union([NodeWire, Type.Null()])) },
      },
    },
    async (request) => success(await nodes.detail(request.query, callerOf(request))),
  );

  app.post<{ Body: SetNodeInfoBody }>(
    `${NODES}/setNodeInfo`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Edit the caller's node",
        description:
          'Title (≤ 100; empty: the name), short description (≤ 200), logo (an image address), visibility in `status` (1 public, 2 private, 8 paused) and the pause notice (≤ 500). ' +
          'Only the fields given change. errCode 3 for another user’s node, 2 for a frozen or unknown one.',
        body: SetNodeInfoBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await nodes.setNodeInfo(userIdOf(request), request.body)),
  );

  app.get<{ Params: NodeIdParams }>(
    `${NODES}/:nodeId`,
    {
      schema: {
        tags,
        summary: 'A node, or null (deleted nodes too)',
        params: NodeIdParams,
        response: { 200: Envelope(Type.Union([NodeWire, Type.Null()])) },
      },
    },
    async (request) => success(await nodes.findById(request.params.nodeId, callerOf(request))),
  );

  app.delete<{ Params: NodeIdParams }>(
    `${NODES}/:nodeId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Delete the caller's node",
        description:
          'Soft delete: the node and its sites answer "not found", its exhibits go offline, its name and domain stay taken; contracts are kept. errCode 3 for another user’s node.',
        params: NodeIdParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await nodes.deleteNode(userIdOf(request), request.params.nodeId)),
  );

  app.put<{ Params: NodeIdParams; Body: FreezeNodeBody }>(
    `${NODES}/:nodeId/freeze`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Freeze a node (administrators)',
        description: 'errCode 3 unless the caller is listed in ADMIN_USER_IDS; errCode 2 when it is already frozen.',
        params: NodeIdParams,
        body: FreezeNodeBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => {
      await nodes.freeze({ userId: userIdOf(request) }, request.params.nodeId, request.body);
      return success(true as const);
    },
  );

  app.put<{ Params: NodeIdParams }>(
    `${NODES}/:nodeId/deArchive`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Unfreeze a node (administrators)',
        description: 'errCode 3 unless the caller is listed in ADMIN_USER_IDS; errCode 2 when it is not frozen.',
        params: NodeIdParams,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => {
      await nodes.unfreeze({ userId: userIdOf(request) }, request.params.nodeId);
      return success(true as const);
    },
  );

  app.get<{ Params: NodeIdParams }>(
    `${NODES}/:nodeId/freezeInfo`,
    {
      schema: {
        tags,
        summary: 'Whether a node is frozen and why (the freeze page)',
        description:
          'Anyone may ask; the administrators’ remark only reaches the owner. errCode 2 for an unknown or deleted node.',
        params: NodeIdParams,
        response: { 200: Envelope(NodeFreezeInfoWire) },
      },
    },
    async (request) => success(await nodes.freezeInfo(request.params.nodeId, callerOf(request))),
  );
}
