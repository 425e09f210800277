// Wire shapes of policies (DOMAIN §2.12, §4.7) and of the policy and translate calls.
import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, MAX_SKIP, MAX_USER_ID } from './common';

const TransitionWire = Type.Object({
  eventId: Type.String(),
  toState: Type.String(),
  service: Type.String(),
  name: Type.String({ description: 'TransactionEvent, RelativeTimeEvent, TimeEvent or CycleEndEvent' }),
  code: Type.String({ description: 'S201, A103, A102 or A101' }),
  args: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  isSingleton: Type.Boolean(),
});

const StateWire = Type.Object({
  isInitial: Type.Boolean(),
  isTerminate: Type.Boolean(),
  serviceStates: Type.Array(Type.String()),
  isAuth: Type.Boolean(),
  isTestAuth: Type.Boolean(),
  transitions: Type.Array(TransitionWire),
});

export const FsmDescriptionWire = Type.Record(Type.String(), StateWire, {
  description: 'states by name, in text order (DOMAIN §4.7)',
});

export const FsmDeclarationWire = Type.Object({
  audiences: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  serviceStates: Type.Array(Type.Object({ name: Type.String(), type: Type.String() })),
  alwaysServiceStates: Type.Array(Type.String()),
  symbolArgs: Type.Object({ envArgs: Type.Optional(Type.Array(Type.String())) }),
});

export const TranslateInfoWire = Type.Object({
  audience: Type.String(),
  content: Type.String({ description: 'the whole translation as one text' }),
  states: Type.Array(
    Type.Object({
      name: Type.String(),
      content: Type.String(),
      events: Type.Array(Type.Object({ eventId: Type.String(), content: Type.String() })),
    }),
  ),
});

const CompileWarningWire = Type.Object({
  line: Type.Integer(),
  column: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});

export const PolicyWire = Type.Object({
  policyId: Type.String({ description: 'md5 of the normalised text and subject type' }),
  policyText: Type.String(),
  subjectType: Type.Integer({ description: '1 resource, 2 exhibit' }),
  fsmDeclarationInfo: FsmDeclarationWire,
  fsmDescriptionInfo: FsmDescriptionWire,
  isFree: Type.Integer({ description: '1 when the policy is free (DOMAIN §4.8)' }),
  status: Type.Integer(),
  userId: Type.Integer({ description: 'who bound it first' }),
  createDate: IsoDate,
  translateInfo: Type.Optional(TranslateInfoWire),
  compileWarnings: Type.Optional(Type.Array(CompileWarningWire, { description: 'POST /v2/policies only' })),
});
export type PolicyWire = Static<typeof PolicyWire>;
export const PolicyView = Type.Partial(PolicyWire);
export type PolicyView = Static<typeof PolicyView>;

const Projection = Type.String({ maxLength: 500, description: 'comma-separated fields to keep' });
export const QueryFlag = Type.Unsafe<'0' | '1' | 'true' | 'false'>({
  type: 'string',
  enum: ['0', '1', 'true', 'false'],
});

export const PolicySubjectQuery = Type.Integer({
  minimum: 1,
  maximum: 3,
  description: '1 resource, 2 exhibit (3 user groups: reserved, refused)',
});

export const PolicyPageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: MAX_SKIP, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
  subjectType: Type.Optional(PolicySubjectQuery),
  isTranslate: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
});
export type PolicyPageQuery = Static<typeof PolicyPageQuery>;

export const PolicyLegacyPage = Type.Object({
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totalItem: Type.Integer(),
  dataList: Type.Array(PolicyView),
});

export const PolicyListQuery = Type.Object({
  policyIds: Type.String({ maxLength: 200 * 33, description: 'up to 200 comma-separated policy ids' }),
  subjectType: Type.Optional(PolicySubjectQuery),
  userId: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_USER_ID, description: 'only the policies this user bound first' }),
  ),
  isTranslate: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
});
export type PolicyListQuery = Static<typeof PolicyListQuery>;

export const PolicyIdParams = Type.Object({ policyId: Type.String({ maxLength: 32 }) });
export type PolicyIdParams = Static<typeof PolicyIdParams>;

export const PolicyDetailQuery = Type.Object({
  isTranslate: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
});
export type PolicyDetailQuery = Static<typeof PolicyDetailQuery>;

export const CreatePoliciesBody = Type.Object({
  policyTexts: Type.Array(Type.String({ maxLength: 40_000 }), {
    minItems: 1,
    maxItems: 100,
    description: 'percent-encoded texts (decoded once)',
  }),
  subjectType: Type.Integer({ minimum: 1, maximum: 3 }),
});
export type CreatePoliciesBody = Static<typeof CreatePoliciesBody>;

const Base64Contract = Type.String({ maxLength: 60_000, description: 'the policy text, UTF-8, Base64' });

export const TranslateBody = Type.Object({
  contract: Base64Contract,
  subjectType: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2, description: 'ours: 1 resource (default) or 2 exhibit' }),
  ),
});
export type TranslateBody = Static<typeof TranslateBody>;

export const TransferBody = Type.Object({
  contract: Base64Contract,
  fsmTransfers: Type.Optional(Type.Unknown({ description: 'accepted and not used' })),
  subjectType: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
});
export type TransferBody = Static<typeof TransferBody>;

export const TransferWire = Type.Object({
  policyText: Type.String({ description: 'the normalised text' }),
  fsmDescriptionInfo: FsmDescriptionWire,
  translateInfo: TranslateInfoWire,
});

export const TemplateWire = Type.Object({
  _id: Type.String(),
  templateId: Type.String(),
  title: Type.String({ description: 'zh_CN title' }),
  titleEn: Type.String(),
  template: Type.String({ description: 'the policy text (same as policyText)' }),
  policyText: Type.String(),
  subjectType: Type.Integer(),
  sortNo: Type.Integer(),
  status: Type.Integer(),
});
export type TemplateWire = Static<typeof TemplateWire>;

export const TemplateListBody = Type.Union([
  Type.Object({
    resourceTypeCodes4Resource: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
    resourceTypeCodes4Presentable: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 100 })),
  }),
  Type.Null(),
]);
