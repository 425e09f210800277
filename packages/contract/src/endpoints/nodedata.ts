// The per-visitor node data calls (API.md §3.4 `.UserNodeData`, §5.2): what a node's site keeps for
// the signed-in user, listed and cleared by the user on the platform.
import type { Page } from '@tessera/domain';
import type {
  ClearNodeDataBody,
  CustomPickParams,
  CustomPickQuery,
  NodeDataListQuery,
  NodeDataNodeParams,
  UpdateNodeDataBody,
  WriteNodeDataBody,
} from '../nodedata';
import type { ObjectWire } from '../storage';
import { endpoint } from '../endpoint';

const NODE_DATA = '/storages/buckets/.UserNodeData/objects';

export const nodeDataEndpoints = {
  list: endpoint<{ query: NodeDataListQuery; answer: Page<ObjectWire> }>('GET', NODE_DATA),
  clear: endpoint<{ body: ClearNodeDataBody; answer: true }>('DELETE', `${NODE_DATA}/clear`),
  write: endpoint<{ body: WriteNodeDataBody; answer: ObjectWire }>('POST', NODE_DATA),
  update: endpoint<{ params: NodeDataNodeParams; body: UpdateNodeDataBody; answer: ObjectWire }>(
    'PUT',
    `${NODE_DATA}/:nodeId`,
  ),
  /** The chosen top-level fields of the stored document ({} when the user keeps none for that node). */
  customPick: endpoint<{ params: CustomPickParams; query: CustomPickQuery; answer: Record<string, unknown> }>(
    'GET',
    `${NODE_DATA}/:objectIdOrNodeId/customPick`,
  ),
};
