// Wire shapes of the node calls (API.md §3.2, DOMAIN §2.16, §3.7, SPEC §5 for names and domains).
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, PagingQuery } from './common';

export const NodeWire = Type.Object({
  nodeId: Type.Integer({ description: 'from 80000000' }),
  nodeName: Type.String(),
  nodeDomain: Type.String(),
  nodeTitle: Type.String(),
  nodeShortDescription: Type.String(),
  nodeLogo: Type.String(),
  nodeThemeId: Type.String({ description: "the active theme's presentableId; '' when none" }),
  nodeTestThemeId: Type.String(),
  ownerUserId: Type.Integer(),
  ownerUserName: Type.String(),
  visibility: Type.Integer({ description: '1 public, 2 private, 8 paused' }),
  nodeSuspendInfo: Type.String({ description: 'the notice visitors of a paused node see' }),
  status: Type.Integer({ description: 'bit flags: 2 normal, +4 frozen' }),
  tags: Type.Array(Type.String()),
  freezeReason: Type.Optional(Type.String({ description: "the owner's own frozen node only: why it was frozen" })),
  nodeUrl: Type.String({ description: 'the site: http://{nodeDomain}.{baseDomain}:{port}' }),
  nodeTestUrl: Type.String({ description: 'the test-node site: http://{nodeDomain}.t.{baseDomain}:{port}' }),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type NodeWire = Static<typeof NodeWire>;

/** A node trimmed by `projection` (lists). */
export const NodeView = Type.Partial(NodeWire);
export type NodeView = Static<typeof NodeView>;

export const CreateNodeBody = Type.Object({
  nodeName: Type.String({ maxLength: 100 }),
  nodeDomain: Type.String({ maxLength: 100 }),
  nodeTitle: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CreateNodeBody = Static<typeof CreateNodeBody>;

export const NodeIdParams = Type.Object({ nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type NodeIdParams = Static<typeof NodeIdParams>;

export const NodeDetailQuery = Type.Object({
  nodeName: Type.Optional(Type.String({ maxLength: 100 })),
  nodeDomain: Type.Optional(Type.String({ maxLength: 100 })),
});
export type NodeDetailQuery = Static<typeof NodeDetailQuery>;

export const NodeListQuery = Type.Object({
  ...PagingQuery,
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 7, description: 'bit flags; 2 normal, 6 frozen' })),
  projection: Type.Optional(Type.String({ maxLength: 500 })),
  nodeType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
});
export type NodeListQuery = Static<typeof NodeListQuery>;

export const SetNodeInfoBody = Type.Object({
  nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  nodeLogo: Type.Optional(Type.String({ maxLength: 1000 })),
  nodeTitle: Type.Optional(Type.String({ maxLength: 100 })),
  nodeShortDescription: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(
    Type.Unsafe<1 | 2 | 8>({
      type: 'integer',
      enum: [1, 2, 8],
      description: 'visibility: 1 public, 2 private, 8 paused',
    }),
  ),
  nodeSuspendInfo: Type.Optional(Type.String({ maxLength: 500 })),
});
export type SetNodeInfoBody = Static<typeof SetNodeInfoBody>;

export const FreezeNodeBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 200 }),
  remark: Type.Optional(Type.String({ maxLength: 500 })),
});
export type FreezeNodeBody = Static<typeof FreezeNodeBody>;

/** What /result/node/freeze/{id} shows: the node's name, whether it is frozen and why. */
export const NodeFreezeInfoWire = Type.Object({
  nodeId: Type.Integer(),
  nodeName: Type.String(),
  isFrozen: Type.Boolean(),
  reason: Type.String(),
  remark: Type.String(),
});
export type NodeFreezeInfoWire = Static<typeof NodeFreezeInfoWire>;
