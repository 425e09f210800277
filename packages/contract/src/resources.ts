// Wire shapes of resources (DOMAIN §2.5) and of the resource calls (API.md §3.6).
import { Type, type Static } from '@sinclair/typebox';
import { SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { Hex24, IsoDate, MAX_USER_ID, PagingQuery } from './common';
import { FsmDeclarationWire, FsmDescriptionWire, QueryFlag, TranslateInfoWire } from './policies';

export { QueryFlag };

export const MAX_POLICIES_PER_REQUEST = 20;
export const MAX_BATCH_ITEMS = 20;
export const MAX_IDS_PER_CALL = 100;
export const MAX_GENERATED_NAMES = 100;

export const PolicyBindingWire = Type.Object({
  policyId: Type.String(),
  policyName: Type.String(),
  status: Type.Integer({ description: '0 disabled, 1 enabled' }),
  policyText: Type.Optional(Type.String({ description: 'with isLoadPolicyInfo=1' })),
  fsmDescriptionInfo: Type.Optional(FsmDescriptionWire),
  fsmDeclarationInfo: Type.Optional(FsmDeclarationWire),
  isFree: Type.Optional(Type.Integer()),
  translateInfo: Type.Optional(TranslateInfoWire),
});
export type PolicyBindingWire = Static<typeof PolicyBindingWire>;

export const ResourceVersionRefWire = Type.Object({
  version: Type.String(),
  versionId: Type.String(),
  createDate: IsoDate,
});
export const ResourceRefWire = Type.Object({ resourceId: Hex24, resourceName: Type.String() });

export const ResourceWire = Type.Object({
  resourceId: Hex24,
  resourceName: Type.String({ description: 'username/name, the auth ID' }),
  resourceTitle: Type.String(),
  resourceType: Type.Array(Type.String(), { description: 'type path of 1–3 entries; the first is a level-1 code' }),
  resourceTypeCode: Type.String({ description: 'code of the deepest catalogue entry of the path' }),
  userId: Type.Integer(),
  username: Type.String(),
  intro: Type.String(),
  coverImages: Type.Array(Type.String()),
  tags: Type.Array(Type.String()),
  policies: Type.Array(PolicyBindingWire),
  resourceVersions: Type.Array(ResourceVersionRefWire),
  latestVersion: Type.String({ description: "'' before the first version" }),
  baseUpcastResources: Type.Array(ResourceRefWire),
  subjectType: Type.Integer({ description: '1 ordinary, 4 collection' }),
  status: Type.Integer({ description: '0 unreleased, 1 online, 4 offline, 2 frozen' }),
  isFrozen: Type.Integer(),
  freezeReason: Type.Optional(
    Type.String({ description: "with isLoadFreezeReason=1: why it is frozen ('' when it is not)" }),
  ),
  latestVersionInfo: Type.Optional(
    Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description: 'with isLoadLatestVersionInfo=1',
    }),
  ),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type ResourceWire = Static<typeof ResourceWire>;

/** A resource trimmed by `projection`. */
export const ResourceView = Type.Partial(ResourceWire);
export type ResourceView = Static<typeof ResourceView>;

const Projection = Type.String({ maxLength: 500, description: 'comma-separated fields to keep' });
const WireStatus = Type.Unsafe<0 | 1 | 2 | 4>({
  type: 'integer',
  enum: [0, 1, 2, 4],
  description: '0 unreleased, 1 online, 2 frozen, 4 offline',
});

export const ReadOptionsQuery = {
  isLoadPolicyInfo: Type.Optional(QueryFlag),
  isTranslate: Type.Optional(QueryFlag),
  isLoadLatestVersionInfo: Type.Optional(QueryFlag),
  isLoadFreezeReason: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
};
export type ReadOptionsQuery = { [Key in keyof typeof ReadOptionsQuery]?: Static<(typeof ReadOptionsQuery)[Key]> };

export const PolicyInputBody = Type.Object({
  policyName: Type.String({ maxLength: 100, description: '2–20 characters, unique within the resource in any case' }),
  policyText: Type.String({
    maxLength: 40_000,
    description: 'URI-component-encoded (decoded once); raw text without % also works',
  }),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, description: '1 enabled (default), 0 disabled' })),
});
export type PolicyInputBody = Static<typeof PolicyInputBody>;

const Policies = Type.Array(PolicyInputBody, { maxItems: MAX_POLICIES_PER_REQUEST });

const ResourceFields = {
  resourceTitle: Type.Optional(Type.String({ maxLength: 100, description: '≤ 100; defaults to the name' })),
  coverImages: Type.Optional(
    Type.Array(Type.String({ maxLength: 1000 }), {
      maxItems: 10,
      description: '≤ 10: /images/… addresses of this site or http(s) addresses',
    }),
  ),
  intro: Type.Optional(Type.String({ maxLength: 1000, description: 'plain text, ≤ 1000' })),
  tags: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), { maxItems: 20, description: '≤ 20 tags of 1–20 characters' }),
  ),
};

const TypeChoice = {
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 60, description: 'a catalogue code of any level' })),
  resourceTypeName: Type.Optional(
    Type.String({ maxLength: 100, description: 'a custom sub-type under the code (SPEC §5 type rule)' }),
  ),
  resourceType: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), { maxItems: 10, description: '2022 form: the whole type path' }),
  ),
};

export const CreateResourceBody = Type.Object({
  name: Type.String({ maxLength: 200, description: 'SPEC §5 resource name, without the user prefix' }),
  subjectType: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 4, description: '1 ordinary (default), 4 collection (type catalog)' }),
  ),
  ...TypeChoice,
  ...ResourceFields,
  policies: Type.Optional(Policies),
});
export type CreateResourceBody = Static<typeof CreateResourceBody>;

export const UpdatePolicyBody = Type.Object({
  policyId: Type.String({ maxLength: 32 }),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  policyName: Type.Optional(Type.String({ maxLength: 100 })),
});
export type UpdatePolicyBody = Static<typeof UpdatePolicyBody>;

export const UpdateResourceBody = Type.Object({
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4, description: '1 online; 4 (or 0) offline' })),
  ...ResourceFields,
  addPolicies: Type.Optional(Policies),
  updatePolicies: Type.Optional(Type.Array(UpdatePolicyBody, { maxItems: 100 })),
});
export type UpdateResourceBody = Static<typeof UpdateResourceBody>;

export const ResourceIdParams = Type.Object({ resourceId: Type.String({ maxLength: 24 }) });
export type ResourceIdParams = Static<typeof ResourceIdParams>;

const IdList = Type.Union(
  [
    Type.Array(Type.String({ maxLength: 24 }), { maxItems: MAX_IDS_PER_CALL }),
    Type.String({ maxLength: MAX_IDS_PER_CALL * 25 }),
  ],
  {
    description: 'resource ids: an array or a comma-separated string (≤ 100)',
  },
);

export const UpdateBatchBody = Type.Object({
  resourceIds: IdList,
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 4, description: '1 online, 4 offline' })),
  addPolicies: Type.Optional(Policies),
});
export type UpdateBatchBody = Static<typeof UpdateBatchBody>;

export const BatchItemBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    ...ResourceFields,
    policies: Type.Optional(Policies),
    // The first version of the resource (versions module): passed on as given.
    version: Type.Optional(Type.String({ maxLength: 100 })),
    fileSha1: Type.Optional(Type.String({ maxLength: 40 })),
    filename: Type.Optional(Type.String({ maxLength: 1000 })),
    description: Type.Optional(Type.String({ maxLength: 200_000 })),
    dependencies: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
    customPropertyDescriptors: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 30 })),
    baseUpcastResources: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
    batchSignContracts: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
    inputAttrs: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 100 })),
  },
  { additionalProperties: true },
);
export type BatchItemBody = Static<typeof BatchItemBody>;

export const CreateBatchBody = Type.Object({
  ...TypeChoice,
  subjectType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  createResourceObjects: Type.Array(BatchItemBody, { minItems: 1, maxItems: MAX_BATCH_ITEMS }),
});
export type CreateBatchBody = Static<typeof CreateBatchBody>;

const OutcomeWire = {
  errCode: Type.Integer({ description: '0 when it worked' }),
  msg: Type.String(),
  data: Type.Unknown(),
};

export const BatchItemResultWire = Type.Object({
  index: Type.Integer({ description: 'position in createResourceObjects' }),
  name: Type.String(),
  ...OutcomeWire,
  resource: Type.Union([ResourceWire, Type.Null()], { description: 'null when the resource could not be created' }),
  version: Type.Union([Type.Object(OutcomeWire), Type.Null()], {
    description:
      'how the first version went; null while no versions module is wired in or when the item has no version',
  }),
});
export type BatchItemResultWire = Static<typeof BatchItemResultWire>;

export const RESOURCE_SORT_FIELDS = ['createDate', 'updateDate'] as const;
export type ResourceSortField = (typeof RESOURCE_SORT_FIELDS)[number];

export const SearchQuery = Type.Object({
  ...PagingQuery,
  keywords: Type.Optional(
    Type.String({
      maxLength: SEARCH_KEYWORDS_MAX_LENGTH,
      description: 'words (any case) that name, title, intro or tags all contain',
    }),
  ),
  resourceType: Type.Optional(Type.String({ maxLength: 60, description: 'resources whose type path has this entry' })),
  resourceTypeCode: Type.Optional(Type.String({ maxLength: 60, description: 'resources of this type code' })),
  resourceTypeCategory: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 2,
      description: '2: resourceTypeCode is a parent type (everything below it counts)',
    }),
  ),
  omitResourceType: Type.Optional(
    Type.String({ maxLength: 60, description: 'leave out resources whose type path has this entry' }),
  ),
  isSelf: Type.Optional(QueryFlag),
  userId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_USER_ID })),
  status: Type.Optional(WireStatus),
  startCreateDate: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD (platform day) or ISO' })),
  endCreateDate: Type.Optional(
    Type.String({ maxLength: 40, description: 'YYYY-MM-DD (the whole platform day) or ISO' }),
  ),
  tags: Type.Optional(Type.String({ maxLength: 2000, description: 'comma list: resources with any of these tags' })),
  sort: Type.Optional(
    Type.String({
      pattern: `^(?:${RESOURCE_SORT_FIELDS.join('|')}):-?1$`,
      description: 'createDate or updateDate, :1 or :-1; default createDate:-1',
    }),
  ),
  operationCategoryCode: Type.Optional(
    Type.String({ maxLength: 60, description: 'a market category or category group' }),
  ),
  operationTypes: Type.Optional(Type.String({ maxLength: 500, description: 'comma list of operation tags (any)' })),
  subjectType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5, description: '1 ordinary, 4 collections' })),
  ...ReadOptionsQuery,
});
export type SearchQuery = Static<typeof SearchQuery>;

export const DetailParams = Type.Object({
  resourceIdOrName: Type.String({ maxLength: 1000, description: 'an id or username/name, encoded twice' }),
});
export type DetailParams = Static<typeof DetailParams>;

export const DetailQuery = Type.Object(ReadOptionsQuery);
export type DetailQuery = Static<typeof DetailQuery>;

export const ListQuery = Type.Object({
  resourceIds: Type.Optional(Type.String({ maxLength: MAX_IDS_PER_CALL * 25 })),
  resourceNames: Type.Optional(
    Type.String({ maxLength: MAX_IDS_PER_CALL * 100, description: 'comma list of username/name' }),
  ),
  ...ReadOptionsQuery,
});
export type ListQuery = Static<typeof ListQuery>;

export const CountQuery = Type.Object({
  userIds: Type.String({ maxLength: MAX_IDS_PER_CALL * 16, description: 'comma list of user ids (≤ 100)' }),
  status: Type.Optional(WireStatus),
});
export type CountQuery = Static<typeof CountQuery>;

export const CountWire = Type.Object({ userId: Type.Integer(), createdResourceCount: Type.Integer() });

export const RecommendQuery = Type.Object({
  recommendType: Type.Integer({
    minimum: 1,
    maximum: 2,
    default: 1,
    description: '1 recommended themes, 2 placeholder themes',
  }),
  ...ReadOptionsQuery,
});
export type RecommendQuery = Static<typeof RecommendQuery>;

export const GenerateNamesBody = Type.Object({
  resourceNames: Type.Array(Type.String({ maxLength: 1000 }), { minItems: 1, maxItems: MAX_GENERATED_NAMES }),
});
export type GenerateNamesBody = Static<typeof GenerateNamesBody>;

export const GeneratedNameWire = Type.Object({
  inputName: Type.String({ description: 'the name asked for' }),
  name: Type.String({ description: 'an available name (what POST /v2/resources takes as name)' }),
  resourceName: Type.String({ description: 'username/name' }),
});
export type GeneratedNameWire = Static<typeof GeneratedNameWire>;
