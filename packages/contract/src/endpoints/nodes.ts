// The node calls (API.md §3.2).
import type { Page } from '@tessera/domain';
import type {
  CreateNodeBody,
  FreezeNodeBody,
  NodeDetailQuery,
  NodeFreezeInfoWire,
  NodeIdParams,
  NodeListQuery,
  NodeWire,
  SetNodeInfoBody,
} from '../nodes';
import { endpoint } from '../endpoint';

export const nodeEndpoints = {
  create: endpoint<{ body: CreateNodeBody; answer: NodeWire }>('POST', '/nodes'),
  /** The caller's own nodes (status 2: the normal ones). */
  list: endpoint<{ query: NodeListQuery; answer: Page<NodeWire> }>('GET', '/nodes'),
  /** Public nodes for visitors (the examples page). */
  searchForClient: endpoint<{ query: NodeListQuery; answer: Page<NodeWire> }>('GET', '/nodes/searchForClient'),
  /** By name or domain; null when none. */
  detail: endpoint<{ query: NodeDetailQuery; answer: NodeWire | null }>('GET', '/nodes/detail'),
  byId: endpoint<{ params: NodeIdParams; answer: NodeWire | null }>('GET', '/nodes/:nodeId'),
  setNodeInfo: endpoint<{ body: SetNodeInfoBody; answer: true }>('POST', '/nodes/setNodeInfo'),
  remove: endpoint<{ params: NodeIdParams; answer: true }>('DELETE', '/nodes/:nodeId'),
  freeze: endpoint<{ params: NodeIdParams; body: FreezeNodeBody; answer: true }>('PUT', '/nodes/:nodeId/freeze'),
  unfreeze: endpoint<{ params: NodeIdParams; answer: true }>('PUT', '/nodes/:nodeId/deArchive'),
  /** Anyone: the freeze result page. */
  freezeInfo: endpoint<{ params: NodeIdParams; answer: NodeFreezeInfoWire }>('GET', '/nodes/:nodeId/freezeInfo'),
};
