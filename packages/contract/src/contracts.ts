// Wire shapes of the contract calls (API.md §3.11 and §5.2, DOMAIN §2.13–§2.15, §3.6).
import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, MAX_SKIP, PagingQuery } from './common';
import { PolicyView, QueryFlag } from './policies';

/** Most ids one list call takes (API.md: contractIds / subjectIds ≤ 300). */
export const CONTRACT_LIMITS = {
  idsPerList: 300,
  subjectsPerBatchSign: 100,
  keywords: 100,
} as const;

const Projection = Type.String({ maxLength: 500, description: 'comma-separated fields to keep' });
const IdList = (max: number, what: string) =>
  Type.String({ maxLength: max * 33, description: `comma list of ${what} (≤ ${max})` });
const Int = (minimum: number, maximum: number, description?: string) =>
  Type.Integer({ minimum, maximum, ...(description ? { description } : {}) });

export const ContractEnvArgWire = Type.Object({
  name: Type.String({ description: '"self.account"' }),
  accountId: Type.String({ description: "the licensor owner's individual account, bound at signing" }),
  ownerName: Type.String(),
});

/** A contract (DOMAIN §2.13), as every contract call answers it. */
export const ContractWire = Type.Object({
  contractId: Hex24,
  contractName: Type.String({ description: "the binding's policyName at signing time" }),
  subjectId: Type.String(),
  subjectName: Type.String(),
  subjectType: Type.Integer({ description: '1 resource, 2 exhibit' }),
  licensorId: Type.String(),
  licensorName: Type.String(),
  licensorOwnerId: Type.Integer(),
  licensorOwnerName: Type.String(),
  licenseeId: Type.String(),
  licenseeName: Type.String(),
  licenseeOwnerId: Type.Integer(),
  licenseeOwnerName: Type.String(),
  licenseeIdentityType: Type.Integer({ description: '1 resource, 2 node, 3 consumer' }),
  policyId: Type.String(),
  isDefault: Type.Integer({ description: '1: the consumer’s preferred contract on the exhibit' }),
  status: Type.Integer({ description: '0 in force, 1 terminated, 2 exception' }),
  authStatus: Type.Integer({ description: 'bit flags: 1 formal, 2 test, 3 both, 128 none' }),
  isAuth: Type.Boolean(),
  isTestAuth: Type.Boolean(),
  fsmCurrentState: Type.String(),
  fsmCurrentStateColors: Type.Array(Type.String()),
  fsmStateEnterDate: IsoDate,
  fsmDeclarations: Type.Object({ envArgs: Type.Array(ContractEnvArgWire) }),
  fsmRunningStatus: Type.Integer({ description: '4 running, 8 finished' }),
  createDate: IsoDate,
  updateDate: IsoDate,
  policyInfo: Type.Optional(PolicyView),
});
export type ContractWire = Static<typeof ContractWire>;
export const ContractView = Type.Partial(ContractWire);
export type ContractView = Static<typeof ContractView>;

export const ContractIdParams = Type.Object({ contractId: Type.String({ maxLength: 24 }) });
export type ContractIdParams = Static<typeof ContractIdParams>;

const Licensee = Type.Union([Type.String({ maxLength: 24 }), Type.Integer({ minimum: 1 })], {
  description: 'a resourceId, a nodeId or a userId (string or number)',
});

/** POST /v2/contracts: the consumer case (subject type 2, identity 3, licenseeId = the caller). */
export const SignContractBody = Type.Object({
  subjectId: Type.String({ maxLength: 24 }),
  subjectType: Int(1, 3),
  policyId: Type.String({ maxLength: 32 }),
  licenseeId: Licensee,
  licenseeIdentityType: Int(1, 3),
});
export type SignContractBody = Static<typeof SignContractBody>;

/** POST /v2/contracts/batchSign: resources and nodes sign resources' policies. */
export const BatchSignBody = Type.Object({
  subjects: Type.Array(
    Type.Object({ subjectId: Type.String({ maxLength: 24 }), policyId: Type.String({ maxLength: 32 }) }),
    { minItems: 1, maxItems: CONTRACT_LIMITS.subjectsPerBatchSign },
  ),
  subjectType: Int(1, 3),
  licenseeId: Licensee,
  licenseeIdentityType: Int(1, 3),
});
export type BatchSignBody = Static<typeof BatchSignBody>;

export const ContractDetailQuery = Type.Object({
  isLoadPolicyInfo: Type.Optional(QueryFlag),
  isTranslate: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
});
export type ContractDetailQuery = Static<typeof ContractDetailQuery>;

/** A comma list of small integers (`status=0,2`). */
const IntList = (description: string) => Type.String({ maxLength: 40, pattern: '^[0-9]+(,[0-9]+)*$', description });

export const ContractPageQuery = Type.Object({
  ...PagingQuery,
  identityType: Int(1, 2, 'the caller as licensor (1) or as licensee (2)'),
  licensorId: Type.Optional(Type.String({ maxLength: 24 })),
  licensorName: Type.Optional(Type.String({ maxLength: 100 })),
  licenseeId: Type.Optional(Type.String({ maxLength: 24 })),
  licenseeName: Type.Optional(Type.String({ maxLength: 100 })),
  subjectIds: Type.Optional(IdList(CONTRACT_LIMITS.idsPerList, 'subject ids')),
  subjectType: Type.Optional(Int(1, 3)),
  isDefault: Type.Optional(Int(0, 1)),
  keywords: Type.Optional(
    Type.String({
      maxLength: CONTRACT_LIMITS.keywords,
      description: 'words of the contract, subject, licensor or licensee name, or a contract id',
    }),
  ),
  status: Type.Optional(IntList('0 in force, 1 terminated, 2 exception (comma list)')),
  authStatus: Type.Optional(IntList('1 formal, 2 test, 3 both, 128 none (comma list)')),
  displayStatus: Type.Optional(IntList('ours: 0 pending, 1 authorised, 2 stopped (SPEC §3.5 grouping)')),
  order: Type.Optional(Type.Unsafe<'asc' | 'desc'>({ type: 'string', enum: ['asc', 'desc'] })),
  sort: Type.Optional(
    Type.String({
      maxLength: 20,
      pattern: '^createDate:(-1|1)$',
      description: 'createDate:-1 or createDate:1 (the reference’s form); wins over order',
    }),
  ),
  licenseeIdentityType: Type.Optional(Int(1, 3)),
  isLoadPolicyInfo: Type.Optional(QueryFlag),
  isTranslate: Type.Optional(QueryFlag),
  startDate: Type.Optional(Type.String({ maxLength: 30, description: 'signed on or after (date or ISO time)' })),
  endDate: Type.Optional(Type.String({ maxLength: 30, description: 'signed on or before (date or ISO time)' })),
  projection: Type.Optional(Projection),
});
export type ContractPageQuery = Static<typeof ContractPageQuery>;

export const ContractListQuery = Type.Object({
  contractIds: Type.Optional(IdList(CONTRACT_LIMITS.idsPerList, 'contract ids')),
  subjectIds: Type.Optional(IdList(CONTRACT_LIMITS.idsPerList, 'subject ids')),
  subjectType: Type.Optional(Int(1, 3)),
  licenseeIdentityType: Type.Optional(Int(1, 3)),
  licensorId: Type.Optional(Type.String({ maxLength: 24 })),
  licenseeId: Type.Optional(Type.String({ maxLength: 24 })),
  contractStatus: Type.Optional(Int(0, 2)),
  authStatusList: Type.Optional(IntList('authStatus values (comma list)')),
  isLoadPolicyInfo: Type.Optional(QueryFlag),
  isTranslate: Type.Optional(QueryFlag),
  projection: Type.Optional(Projection),
});
export type ContractListQuery = Static<typeof ContractListQuery>;

export const KeywordSuggestQuery = Type.Object({
  identityType: Int(1, 2),
  prefix: Type.String({ minLength: 1, maxLength: CONTRACT_LIMITS.keywords }),
  prefixType: Int(1, 2, '1 subject name, 2 the other party’s name'),
  startDate: Type.Optional(Type.String({ maxLength: 30 })),
  endDate: Type.Optional(Type.String({ maxLength: 30 })),
});
export type KeywordSuggestQuery = Static<typeof KeywordSuggestQuery>;
export const KeywordSuggestionWire = Type.Object({ value: Type.String(), count: Type.Integer() });
export type KeywordSuggestionWire = Static<typeof KeywordSuggestionWire>;

export const SignCountQuery = Type.Object({
  objectIds: IdList(CONTRACT_LIMITS.idsPerList, 'ids of the objectType'),
  objectType: Int(1, 5, 'licensor id / licensor owner / licensee id / licensee owner / subject id'),
  subjectType: Type.Optional(Int(1, 3)),
  startDate: Type.Optional(Type.String({ maxLength: 30 })),
  endDate: Type.Optional(Type.String({ maxLength: 30 })),
});
export type SignCountQuery = Static<typeof SignCountQuery>;
export const SignCountWire = Type.Object({ key: Type.String(), field: Type.String(), count: Type.Integer() });
export type SignCountWire = Static<typeof SignCountWire>;

export const SubjectSignCountQuery = Type.Object({
  subjectIds: IdList(CONTRACT_LIMITS.idsPerList, 'subject ids'),
  subjectType: Type.Optional(Int(1, 3)),
});
export type SubjectSignCountQuery = Static<typeof SubjectSignCountQuery>;
export const SubjectSignCountWire = Type.Object({ subjectId: Type.String(), count: Type.Integer() });
export type SubjectSignCountWire = Static<typeof SubjectSignCountWire>;

export const TransitionRecordsQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 100 }),
  isTranslate: Type.Optional(QueryFlag),
});
export type TransitionRecordsQuery = Static<typeof TransitionRecordsQuery>;

/** A transition record (DOMAIN §2.14); `translation` with isTranslate=1, in the caller's language. */
export const TransitionRecordWire = Type.Object({
  recordId: Hex24,
  contractId: Hex24,
  fromState: Type.String(),
  toState: Type.String(),
  eventId: Type.String(),
  eventInfo: Type.Object(
    {
      code: Type.String(),
      name: Type.String(),
      args: Type.Record(Type.String(), Type.Unknown()),
      triggerUserId: Type.Optional(Type.Integer()),
      transactionRecordId: Type.Optional(Type.String()),
      dueDate: Type.Optional(IsoDate),
    },
    { additionalProperties: true },
  ),
  createDate: IsoDate,
  translation: Type.Optional(Type.String()),
});
export type TransitionRecordWire = Static<typeof TransitionRecordWire>;

export const CanExecEventQuery = Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });
export type CanExecEventQuery = Static<typeof CanExecEventQuery>;
export const CanExecEventWire = Type.Object({
  contractInfo: ContractWire,
  eventId: Type.String(),
  isCanExec: Type.Boolean(),
});
export type CanExecEventWire = Static<typeof CanExecEventWire>;

/**
 * POST /v2/contracts/{contractId}/events/payment (DOMAIN §7.3). The amount is checked against the policy's to
 * the cent; an `Idempotency-Key` header wins over `idempotencyKey` here.
 */
export const ContractPaymentBody = Type.Object({
  eventId: Type.String({ minLength: 1, maxLength: 64 }),
  accountId: Type.String({ maxLength: 24, description: "the caller's individual account" }),
  transactionAmount: Type.Union([Type.String({ maxLength: 32 }), Type.Number()], {
    description: 'the policy amount, a number or a numeric string ("10.00")',
  }),
  password: Type.String({ maxLength: 64, description: 'the 6-digit pay password' }),
  idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});
export type ContractPaymentBody = Static<typeof ContractPaymentBody>;

/** status 2: the payment succeeded and the contract has already moved (its new state is answered too). */
export const ContractPaymentWire = Type.Object({
  transactionRecordId: Type.String(),
  status: Type.Integer({ description: '2 succeeded' }),
  contractId: Hex24,
  fsmCurrentState: Type.String(),
  authStatus: Type.Integer(),
});
export type ContractPaymentWire = Static<typeof ContractPaymentWire>;
