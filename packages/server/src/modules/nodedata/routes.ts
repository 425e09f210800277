// The per-visitor node data calls (API.md §3.4 `.UserNodeData`, §5.2 "Per-user node data"), all for the
// signed-in user's own data. Node hosts never reach them (nodesites' api-surface answers errCode 3).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Envelope, PageOf } from '@tessera/contract/common';
import {
  ClearNodeDataBody,
  CustomPickParams,
  CustomPickQuery,
  NodeDataListQuery,
  NodeDataNodeParams,
  UpdateNodeDataBody,
  WriteNodeDataBody,
} from '@tessera/contract/nodedata';
import { ObjectView, ObjectWire } from '@tessera/contract/storage';
import { success } from '../../platform/envelope';
import { loggedInUser, requireLogin } from '../../platform/session';
import type { NodeDataService } from './service';

const tags = ['storage'];
const NODE_DATA = '/v2/storages/buckets/.UserNodeData/objects';

const userIdOf = (request: FastifyRequest): number => loggedInUser(request).userId;

export function registerNodeDataRoutes(app: FastifyInstance, nodeData: NodeDataService): void {
  app.get<{ Querystring: NodeDataListQuery }>(
    NODE_DATA,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "The caller's per-node data objects (`{nodeDomain}.ncfg` in `.UserNodeData`)",
        querystring: NodeDataListQuery,
        response: { 200: Envelope(PageOf(ObjectView)) },
      },
    },
    async (request) => success(await nodeData.list(userIdOf(request), request.query)),
  );

  app.post<{ Body: WriteNodeDataBody }>(
    NODE_DATA,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Store what a node keeps for the caller (the whole JSON object, ≤ 10 MiB)',
        description: 'The node by nodeId or nodeDomain (errCode 4 when neither, 2 when there is no such node).',
        body: WriteNodeDataBody,
        response: { 200: Envelope(ObjectWire) },
      },
    },
    async (request) => success(await nodeData.write(userIdOf(request), request.body)),
  );

  app.delete<{ Body: ClearNodeDataBody }>(
    `${NODE_DATA}/clear`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Remove the caller's data of some nodes (JSON body: nodeIds and/or nodeDomains)",
        body: ClearNodeDataBody,
        response: { 200: Envelope(Type.Literal(true)) },
      },
    },
    async (request) => success(await nodeData.clear(userIdOf(request), request.body)),
  );

  app.put<{ Params: NodeDataNodeParams; Body: UpdateNodeDataBody }>(
    `${NODE_DATA}/:nodeId`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: "Change the node's data for the caller: removeFields first, then appendOrReplaceObject",
        params: NodeDataNodeParams,
        body: UpdateNodeDataBody,
        response: { 200: Envelope(ObjectWire) },
      },
    },
    async (request) => success(await nodeData.update(userIdOf(request), request.params.nodeId, request.body)),
  );

  app.get<{ Params: CustomPickParams; Querystring: CustomPickQuery }>(
    `${NODE_DATA}/:objectIdOrNodeId/customPick`,
    {
      config: requireLogin,
      schema: {
        tags,
        summary: 'Chosen top-level fields of the stored data (all when `fields` is absent; {} when none is stored)',
        params: CustomPickParams,
        querystring: CustomPickQuery,
        response: { 200: Envelope(Type.Record(Type.String(), Type.Unknown())) },
      },
    },
    async (request) =>
      success(await nodeData.customPick(userIdOf(request), request.params.objectIdOrNodeId, request.query.fields)),
  );
}
