// Wire shapes of exhibits (presentables: DOMAIN §2.17, §2.18, §3.4, §3.5; API.md §3.3). The node-site
// exhibit view (`/v2/exhibits/…`, API.md §5.2) names the same data after the runtime's words.
import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, PagingQuery } from './common';
import { PolicyBindingWire, PolicyInputBody } from './resources';

export const ResolveResourceWire = Type.Object({
  resourceId: Hex24,
  resourceName: Type.String(),
  contracts: Type.Array(Type.Object({ policyId: Type.String(), contractId: Type.String() })),
});
export type ResolveResourceWire = Static<typeof ResolveResourceWire>;

export const ExhibitResourceInfoWire = Type.Object({
  resourceId: Hex24,
  resourceName: Type.String(),
  resourceType: Type.Array(Type.String()),
  resourceOwnerId: Type.Integer(),
  /** isLoadResourceDetailInfo=1 */
  resourceTitle: Type.Optional(Type.String()),
  intro: Type.Optional(Type.String()),
  coverImages: Type.Optional(Type.Array(Type.String())),
  latestVersion: Type.Optional(Type.String()),
  resourceStatus: Type.Optional(Type.Integer()),
});

export const RewritePropertyWire = Type.Object({
  key: Type.String({ maxLength: 30 }),
  value: Type.String({ maxLength: 140 }),
  remark: Type.String({ maxLength: 50 }),
});
export type RewritePropertyWire = Static<typeof RewritePropertyWire>;

export const PresentableWire = Type.Object({
  presentableId: Hex24,
  presentableName: Type.String(),
  presentableTitle: Type.String(),
  intro: Type.String(),
  nodeId: Type.Integer(),
  userId: Type.Integer({ description: 'the node owner' }),
  resourceInfo: ExhibitResourceInfoWire,
  version: Type.String({ description: "the chosen resource version; '' for a collection" }),
  policies: Type.Array(PolicyBindingWire),
  resolveResources: Type.Array(ResolveResourceWire),
  tags: Type.Array(Type.String()),
  coverImages: Type.Array(Type.String()),
  onlineStatus: Type.Integer({ description: '0 offline, 1 online' }),
  authStatus: Type.Integer({
    description: 'computed on read: bits 1 node side failed, 2 upstream failed, 4 node side passed, 8 upstream passed',
  }),
  ignoredUpdateVersion: Type.String(),
  status: Type.Integer(),
  createDate: IsoDate,
  updateDate: IsoDate,
  versionProperty: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'isLoadVersionProperty=1' }),
  ),
  latestVersion: Type.Optional(
    Type.String({ description: "the resource's latest version (isLoadVersionUpdateTip=1)" }),
  ),
  isShowVersionUpdateTip: Type.Optional(Type.Boolean()),
  customPropertyDescriptors: Type.Optional(
    Type.Array(Type.Record(Type.String(), Type.Unknown()), { description: 'isLoadCustomPropertyDescriptors=1' }),
  ),
  presentableRewriteProperty: Type.Optional(Type.Array(RewritePropertyWire, { description: 'the owner only' })),
  resourceVersionInfo: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'isLoadResourceVersionInfo=1: the chosen version' }),
  ),
});
export type PresentableWire = Static<typeof PresentableWire>;
/** A read with `projection`: only the named fields. */
export const PresentableView = Type.Partial(PresentableWire);
export type PresentableView = Static<typeof PresentableView>;

const ContractChoices = Type.Array(
  Type.Object({
    resourceId: Type.String({ maxLength: 24 }),
    contracts: Type.Array(Type.Object({ policyId: Type.String({ maxLength: 32 }) }), { minItems: 1, maxItems: 10 }),
  }),
  { maxItems: 50 },
);

export const CreatePresentableBody = Type.Object({
  nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  resourceId: Type.String({ maxLength: 24 }),
  version: Type.Optional(Type.String({ maxLength: 64 })),
  presentableName: Type.String({ maxLength: 100 }),
  presentableTitle: Type.Optional(Type.String({ maxLength: 100 })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 })),
  policies: Type.Optional(Type.Array(PolicyInputBody, { maxItems: 20 })),
  /** The 2022 back end's form. */
  resolveResources: Type.Optional(ContractChoices),
  /** The reference client's form: contracts to sign for the resource and its upcasts. */
  batchSignContracts: Type.Optional(
    Type.Array(
      Type.Object({
        resourceId: Type.String({ maxLength: 24 }),
        subjectType: Type.Optional(Type.Integer()),
        policyIds: Type.Array(Type.String({ maxLength: 32 }), { minItems: 1, maxItems: 10 }),
      }),
      { maxItems: 50 },
    ),
  ),
});
export type CreatePresentableBody = Static<typeof CreatePresentableBody>;

export const PresentableIdParams = Type.Object({ presentableId: Type.String({ maxLength: 24 }) });
export type PresentableIdParams = Static<typeof PresentableIdParams>;

export const UpdatePresentableBody = Type.Object({
  presentableTitle: Type.Optional(Type.String({ maxLength: 100 })),
  presentableIntro: Type.Optional(Type.String({ maxLength: 140 })),
  intro: Type.Optional(Type.String({ maxLength: 140 })),
  tags: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 20 })),
  coverImages: Type.Optional(Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 10 })),
  addPolicies: Type.Optional(Type.Array(PolicyInputBody, { maxItems: 20 })),
  updatePolicies: Type.Optional(
    Type.Array(
      Type.Object({
        policyId: Type.String({ maxLength: 32 }),
        status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        policyName: Type.Optional(Type.String({ maxLength: 100 })),
      }),
      { maxItems: 100 },
    ),
  ),
  resolveResources: Type.Optional(ContractChoices),
  autoUpdateStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type UpdatePresentableBody = Static<typeof UpdatePresentableBody>;

const PolicyStatusChange = Type.Object({
  policyId: Type.String({ maxLength: 32 }),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
});
export const OnlineStatusBody = Type.Object({
  onlineStatus: Type.Integer({ minimum: 0, maximum: 1 }),
  updatePolicies: Type.Optional(Type.Union([PolicyStatusChange, Type.Array(PolicyStatusChange, { maxItems: 100 })])),
});
export type OnlineStatusBody = Static<typeof OnlineStatusBody>;

export const SwitchVersionBody = Type.Object({ version: Type.String({ maxLength: 64 }) });
export type SwitchVersionBody = Static<typeof SwitchVersionBody>;

export const RewritePropertyBody = Type.Object({
  rewriteProperty: Type.Array(RewritePropertyWire, { maxItems: 30 }),
});
export type RewritePropertyBody = Static<typeof RewritePropertyBody>;

export const IgnoreUpdateTipBody = Type.Object({ ignoreVersion: Type.String({ maxLength: 64 }) });
export type IgnoreUpdateTipBody = Static<typeof IgnoreUpdateTipBody>;

/** isLoad… flags are 0|1 (API.md §1.5). */
const Flag = Type.Optional(Type.Integer({ minimum: 0, maximum: 1 }));
export const PresentableReadQuery = Type.Object({
  projection: Type.Optional(Type.String({ maxLength: 500 })),
  isLoadVersionProperty: Flag,
  isLoadPolicyInfo: Flag,
  isTranslate: Flag,
  isLoadCustomPropertyDescriptors: Flag,
  isLoadResourceDetailInfo: Flag,
  isLoadResourceVersionInfo: Flag,
});
export type PresentableReadQuery = Static<typeof PresentableReadQuery>;

export const PresentableDetailQuery = Type.Object({
  ...PresentableReadQuery.properties,
  nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  resourceId: Type.Optional(Type.String({ maxLength: 24 })),
  resourceName: Type.Optional(Type.String({ maxLength: 200 })),
  presentableName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type PresentableDetailQuery = Static<typeof PresentableDetailQuery>;

export const PresentableListQuery = Type.Object({
  ...PagingQuery,
  ...PresentableReadQuery.properties,
  nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  resourceType: Type.Optional(Type.String({ maxLength: 60 })),
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 60 })),
  omitResourceType: Type.Optional(Type.String({ maxLength: 60 })),
  onlineStatus: Type.Optional(Type.Integer({ minimum: 0, maximum: 2, description: 'default 1; 2 means all' })),
  tags: Type.Optional(Type.String({ maxLength: 500 })),
  keywords: Type.Optional(Type.String({ maxLength: 100 })),
  isLoadVersionUpdateTip: Flag,
  subjectType: Type.Optional(Type.Integer()),
});
export type PresentableListQuery = Static<typeof PresentableListQuery>;

/** One item of a batch call: each item runs in its own transaction. */
export const BatchItemResultWire = Type.Object({
  id: Type.String(),
  success: Type.Boolean(),
  errCode: Type.Integer(),
  msg: Type.String(),
});
export type BatchItemResultWire = Static<typeof BatchItemResultWire>;

export const PresentableListByQuery = Type.Object({
  ...PresentableReadQuery.properties,
  nodeId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
  presentableIds: Type.Optional(Type.String({ maxLength: 2600, description: 'csv, ≤ 100' })),
  resourceIds: Type.Optional(Type.String({ maxLength: 2600, description: 'csv, ≤ 100' })),
  resourceNames: Type.Optional(Type.String({ maxLength: 10_000, description: 'csv, ≤ 100' })),
  resolveResourceIds: Type.Optional(Type.String({ maxLength: 2600, description: 'csv, ≤ 100' })),
});
export type PresentableListByQuery = Static<typeof PresentableListByQuery>;

export const PresentableTreeQuery = Type.Object({
  version: Type.Optional(Type.String({ maxLength: 64, description: 'another version the exhibit has had' })),
  maxDeep: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  nid: Type.Optional(Type.String({ maxLength: 32 })),
  isContainRootNode: Type.Optional(Type.String({ maxLength: 5, description: 'true (default) | false' })),
});
export type PresentableTreeQuery = Static<typeof PresentableTreeQuery>;

export const NodeIdParams = Type.Object({ nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export type NodeIdParams = Static<typeof NodeIdParams>;

export const ContractAppliedQuery = Type.Object({
  contractIds: Type.String({ maxLength: 8000, description: 'csv, ≤ 300' }),
});
export type ContractAppliedQuery = Static<typeof ContractAppliedQuery>;

export const ContractAppliedWire = Type.Object({
  contractId: Type.String(),
  presentables: Type.Array(
    Type.Object({ presentableId: Type.String(), presentableName: Type.String(), presentableTitle: Type.String() }),
  ),
});
export type ContractAppliedWire = Static<typeof ContractAppliedWire>;

export const CreateBatchEasyBody = Type.Object({
  nodeId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  resources: Type.Array(
    Type.Object({
      resourceId: Type.String({ maxLength: 24 }),
      policyId: Type.Optional(Type.String({ maxLength: 32 })),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export type CreateBatchEasyBody = Static<typeof CreateBatchEasyBody>;

export const UpdateBatchBody = Type.Object({
  presentableIds: Type.Array(Type.String({ maxLength: 24 }), { minItems: 1, maxItems: 100 }),
  addPolicies: Type.Array(PolicyInputBody, { minItems: 1, maxItems: 20 }),
});
export type UpdateBatchBody = Static<typeof UpdateBatchBody>;
