// Wire shapes of the per-visitor node data (API.md §3.4 `.UserNodeData`, §5.2 "Per-user node data"):
// what a node's site keeps for one user, a JSON document in the user's system bucket.
import { Type, type Static } from '@sinclair/typebox';
import { PagingQuery } from './common';

const NodeDomain = Type.String({ maxLength: 24 });
/** Any JSON object (the server measures its size: at most 10 MiB). */
const JsonObject = Type.Record(Type.String(), Type.Unknown());

export const NodeDataListQuery = Type.Object(PagingQuery);
export type NodeDataListQuery = Static<typeof NodeDataListQuery>;

export const ClearNodeDataBody = Type.Object({
  nodeIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 100 })),
  nodeDomains: Type.Optional(Type.Array(NodeDomain, { maxItems: 100 })),
});
export type ClearNodeDataBody = Static<typeof ClearNodeDataBody>;

/** The node by id or by domain (one of them), and the whole document. */
export const WriteNodeDataBody = Type.Object({
  nodeId: Type.Optional(Type.Integer({ minimum: 1 })),
  nodeDomain: Type.Optional(NodeDomain),
  userNodeData: JsonObject,
});
export type WriteNodeDataBody = Static<typeof WriteNodeDataBody>;

export const NodeDataNodeParams = Type.Object({ nodeId: Type.Integer({ minimum: 1 }) });
export type NodeDataNodeParams = Static<typeof NodeDataNodeParams>;

/** Top-level fields removed first, then the object's fields appended or replaced. */
export const UpdateNodeDataBody = Type.Object({
  removeFields: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 1000 })),
  appendOrReplaceObject: Type.Optional(JsonObject),
});
export type UpdateNodeDataBody = Static<typeof UpdateNodeDataBody>;

export const CustomPickParams = Type.Object({
  objectIdOrNodeId: Type.String({
    pattern: '^([0-9a-f]{24}|[1-9][0-9]{0,14})$',
    description: 'an object id or a node id',
  }),
});
export type CustomPickParams = Static<typeof CustomPickParams>;

export const CustomPickQuery = Type.Object({
  fields: Type.Optional(
    Type.String({ maxLength: 10_000, description: 'comma list of top-level fields; all when absent' }),
  ),
});
export type CustomPickQuery = Static<typeof CustomPickQuery>;
