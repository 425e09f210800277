// Wire shapes of the exhibit auth calls (DOMAIN §5.4–§5.9; API.md §3.3 batchAuth, §5.2 exhibit
// authorization and content) and of the node-site exhibit listing (`/v2/exhibits/…`, API.md §5.2).
import { Type, type Static } from '@sinclair/typebox';
import { AuthResultWire } from './auths';

const NodeId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** The older presentable paths also answer resourceInfo. */
export const PresentableAuthType = Type.Union([
  Type.Literal('result'),
  Type.Literal('info'),
  Type.Literal('resourceInfo'),
  Type.Literal('fileStream'),
]);
export const ExhibitAuthType = Type.Union([Type.Literal('result'), Type.Literal('info'), Type.Literal('fileStream')]);

export const PresentableAuthParams = Type.Object({
  presentableId: Type.String({ maxLength: 24 }),
  type: PresentableAuthType,
});
export type PresentableAuthParams = Static<typeof PresentableAuthParams>;

export const NodeResourceAuthParams = Type.Object({
  nodeId: NodeId,
  resourceIdOrName: Type.String({ maxLength: 300 }),
  type: PresentableAuthType,
});
export type NodeResourceAuthParams = Static<typeof NodeResourceAuthParams>;

export const ExhibitAuthParams = Type.Object({
  nodeId: NodeId,
  exhibitId: Type.String({ maxLength: 24 }),
  type: ExhibitAuthType,
});
export type ExhibitAuthParams = Static<typeof ExhibitAuthParams>;

export const ArticleAuthParams = Type.Object({
  nodeId: NodeId,
  articleIdOrName: Type.String({ maxLength: 300 }),
  type: ExhibitAuthType,
});
export type ArticleAuthParams = Static<typeof ArticleAuthParams>;

/**
 * A dependency (parentNid + its id or name, under any of the three names the clients use) or a file
 * inside the entity's zip package (subResourceFile or subFilePath).
 */
export const EntityQuery = Type.Object({
  parentNid: Type.Optional(Type.String({ maxLength: 64 })),
  subResourceIdOrName: Type.Optional(Type.String({ maxLength: 300 })),
  subWorkIdOrName: Type.Optional(Type.String({ maxLength: 300 })),
  subArticleIdOrName: Type.Optional(Type.String({ maxLength: 300 })),
  subWorkType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  subArticleType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  subResourceFile: Type.Optional(Type.String({ maxLength: 1000 })),
  subFilePath: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type EntityQuery = Static<typeof EntityQuery>;

/** authType: 1 node side, 2 upstream, 3 both, 4 all three layers (the caller's own licence too). */
const AuthType = Type.Integer({ minimum: 1, maximum: 4, description: '1 node side, 2 upstream, 3 both, 4 full chain' });

export const NodeIdParams = Type.Object({ nodeId: NodeId });
export type NodeIdParams = Static<typeof NodeIdParams>;

export const PresentableBatchAuthQuery = Type.Object({
  authType: AuthType,
  presentableIds: Type.String({ minLength: 1, maxLength: 2600, description: 'comma list, ≤ 100' }),
});
export type PresentableBatchAuthQuery = Static<typeof PresentableBatchAuthQuery>;

export const ExhibitBatchAuthQuery = Type.Object({
  authType: AuthType,
  exhibitIds: Type.String({ minLength: 1, maxLength: 2600, description: 'comma list, ≤ 100' }),
});
export type ExhibitBatchAuthQuery = Static<typeof ExhibitBatchAuthQuery>;

export const PresentableAuthResultWire = Type.Object({
  presentableId: Type.String(),
  presentableName: Type.String(),
  ...AuthResultWire.properties,
});
export type PresentableAuthResultWire = Static<typeof PresentableAuthResultWire>;

export const ExhibitAuthResultWire = Type.Object({
  exhibitId: Type.String(),
  exhibitName: Type.String(),
  ...AuthResultWire.properties,
});
export type ExhibitAuthResultWire = Static<typeof ExhibitAuthResultWire>;

const { data: _data, ...batchFields } = AuthResultWire.properties;
export const PresentableBatchAuthItemWire = Type.Object({
  presentableId: Type.String(),
  presentableName: Type.String(),
  ...batchFields,
});
export type PresentableBatchAuthItemWire = Static<typeof PresentableBatchAuthItemWire>;

export const ExhibitBatchAuthItemWire = Type.Object({
  exhibitId: Type.String(),
  exhibitName: Type.String(),
  ...batchFields,
});
export type ExhibitBatchAuthItemWire = Static<typeof ExhibitBatchAuthItemWire>;

/** The fileStream headers (DOMAIN §5.9, API.md §5.2), listed in Access-Control-Expose-Headers. */
export const PRESENTABLE_STREAM_HEADERS = [
  'freelog-entity-nid',
  'freelog-presentable-id',
  'freelog-presentable-name',
  'freelog-resource-type',
  'freelog-sub-dependencies',
  'freelog-resource-property',
] as const;
export const EXHIBIT_STREAM_HEADERS = [
  'freelog-exhibit-id',
  'freelog-exhibit-name',
  'freelog-exhibit-property',
  'freelog-article-nid',
  'freelog-article-sub-dependencies',
  'freelog-article-resource-type',
] as const;

const Flag = Type.Optional(Type.Integer({ minimum: 0, maximum: 1 }));

/** `GET /v2/exhibits/{nodeId}`: both names of the type filters are accepted. */
export const ExhibitSiteListQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 50 })),
  workResourceTypes: Type.Optional(Type.String({ maxLength: 500 })),
  articleResourceTypes: Type.Optional(Type.String({ maxLength: 500 })),
  omitWorkResourceType: Type.Optional(Type.String({ maxLength: 60 })),
  omitArticleResourceType: Type.Optional(Type.String({ maxLength: 60 })),
  tags: Type.Optional(Type.String({ maxLength: 500 })),
  tagQueryType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2, description: '1 any tag, 2 every tag' })),
  onlineStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: 'default 1; 2 all (owner only)' })),
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  isLoadVersionProperty: Flag,
  isLoadPolicyInfo: Flag,
  isTranslate: Flag,
  projection: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ExhibitSiteListQuery = Static<typeof ExhibitSiteListQuery>;

export const ExhibitSiteIdsQuery = Type.Object({
  exhibitIds: Type.Optional(Type.String({ maxLength: 2600 })),
  articleIds: Type.Optional(Type.String({ maxLength: 2600 })),
  isLoadVersionProperty: Flag,
  isLoadPolicyInfo: Flag,
  isTranslate: Flag,
  projection: Type.Optional(Type.String({ maxLength: 500 })),
});
export type ExhibitSiteIdsQuery = Static<typeof ExhibitSiteIdsQuery>;

export const ExhibitSiteDetailQuery = Type.Object({
  isLoadVersionProperty: Flag,
  isLoadPolicyInfo: Flag,
  isTranslate: Flag,
  isLoadContract: Flag,
});
export type ExhibitSiteDetailQuery = Static<typeof ExhibitSiteDetailQuery>;

export const ExhibitSiteParams = Type.Object({ nodeId: NodeId, exhibitId: Type.String({ maxLength: 24 }) });
export type ExhibitSiteParams = Static<typeof ExhibitSiteParams>;

/** An exhibit as the node-site runtime names it (API.md §5.2). */
export const ExhibitViewWire = Type.Object({
  exhibitId: Type.String(),
  exhibitName: Type.String(),
  exhibitTitle: Type.String(),
  exhibitIntro: Type.String(),
  exhibitSubjectType: Type.Integer({ description: '1 an exhibit of a resource' }),
  tags: Type.Array(Type.String()),
  coverImages: Type.Array(Type.String()),
  version: Type.String(),
  onlineStatus: Type.Integer(),
  nodeId: Type.Integer(),
  userId: Type.Integer(),
  policies: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  articleInfo: Type.Object({
    articleId: Type.String(),
    articleName: Type.String(),
    articleType: Type.Integer({ description: '1 a resource' }),
    articleOwnerId: Type.Integer(),
    articleOwnerName: Type.String(),
    resourceType: Type.Array(Type.String()),
  }),
  versionInfo: Type.Optional(
    Type.Object({
      exhibitProperty: Type.Record(Type.String(), Type.Unknown()),
      dependencyTree: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    }),
  ),
  contracts: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
  createDate: Type.String(),
  updateDate: Type.String(),
});
export type ExhibitViewWire = Static<typeof ExhibitViewWire>;

/** `PUT /v2/presentables/updatePresentableOnlineStatusBatch`. */
export const OnlineStatusBatchBody = Type.Object({
  presentableIds: Type.Array(Type.String({ maxLength: 24 }), { minItems: 1, maxItems: 100 }),
  onlineStatus: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type OnlineStatusBatchBody = Static<typeof OnlineStatusBatchBody>;
