// Wire shapes of the wallet calls (API.md §3.9 sign-in, §3.12 accounts; DOMAIN §2.24, §2.30, §7).
// Every amount is a decimal string with exactly two decimals (DOMAIN §1.6).
import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, MAX_USER_ID, PagingQuery } from './common';

export const Money = Type.String({
  pattern: '^-?\\d+\\.\\d{2}$',
  description: 'coins with exactly 2 decimals, e.g. "1200.00"',
});

export const AccountWire = Type.Object({
  accountId: Hex24,
  accountName: Type.String({ description: 'the owner’s username' }),
  accountType: Type.Integer({ description: '1 individual (9 platform issuance is never answered)' }),
  ownerId: Type.String(),
  ownerName: Type.String(),
  ownerUserId: Type.Integer(),
  balance: Money,
  freezeBalance: Money,
  status: Type.Integer({ description: '0 not activated, 1 normal, 2 frozen' }),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type AccountWire = Static<typeof AccountWire>;

export const AccountParams = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: MAX_USER_ID }),
});
export type AccountParams = Static<typeof AccountParams>;

const PayPassword = Type.String({ maxLength: 64, description: 'exactly 6 digits' });
const AuthCode = Type.String({ maxLength: 16, description: 'the 6-digit verification code' });
const MessageAddress = Type.String({
  maxLength: 254,
  description: 'one of the caller’s bound addresses (e-mail or mobile), where the code was sent',
});

export const ActivateAccountBody = Type.Object({
  password: PayPassword,
  authCode: AuthCode,
  messageAddress: MessageAddress,
});
export type ActivateAccountBody = Static<typeof ActivateAccountBody>;

export const ChangePayPasswordBody = Type.Object({
  oldPassword: PayPassword,
  password: PayPassword,
  authCode: AuthCode,
  messageAddress: MessageAddress,
});
export type ChangePayPasswordBody = Static<typeof ChangePayPasswordBody>;

export const ResetPayPasswordBody = Type.Object({
  loginPassword: Type.String({ maxLength: 128 }),
  password: PayPassword,
  authCode: AuthCode,
  messageAddress: MessageAddress,
});
export type ResetPayPasswordBody = Static<typeof ResetPayPasswordBody>;

export const VerifyPayPasswordQuery = Type.Object({ password: PayPassword });
export type VerifyPayPasswordQuery = Static<typeof VerifyPayPasswordQuery>;

export const SignInWire = Type.Object({
  rewardAmount: Money,
  seriesDays: Type.Integer({ description: 'consecutive days including today' }),
  totalReward: Money,
});
export type SignInWire = Static<typeof SignInWire>;

export const SignInInfoWire = Type.Object({
  isSignedToday: Type.Boolean(),
  seriesDays: Type.Integer({ description: 'the current streak (0 when yesterday was missed)' }),
  totalDays: Type.Integer(),
  totalReward: Money,
  rewardCap: Money,
});
export type SignInInfoWire = Static<typeof SignInInfoWire>;

// Statements and records (API.md §3.12, DOMAIN §2.25, §2.26, §7.5). Every line is seen from the caller's
// side: `accountId` is the caller's account, `reciprocal…` the other party, amounts signed from the caller.

/** 1 transfer (reserved), 2 contract payment, 3 reward, 4 administrator adjustment. */
const TransactionType = Type.Integer({ description: '1 transfer, 2 contract payment, 3 reward, 4 adjustment' });
const AttachInfo = Type.Record(Type.String(), Type.Unknown(), {
  description: 'payments: {contractId, contractName, subjectId, subjectName, subjectType, eventId}; else {}',
});
/** A signed amount in a query: up to 2 decimals ("-30", "12.5", "100.00"). */
const AmountBound = (description: string) =>
  Type.String({ maxLength: 20, pattern: '^-?\\d{1,13}(\\.\\d{1,2})?$', description });
/** A date bound: 'YYYY-MM-DD' (a plain end date includes its whole day), 'YYYY-MM-DD HH:mm[:ss]' in the
 * platform time zone, or ISO with a zone. */
const DateBound = (description: string) => Type.String({ maxLength: 30, description });
const Keywords = Type.String({
  maxLength: 100,
  description: 'words of the digest, remark, counterpart name or contract name',
});

const PartySides = {
  accountId: Hex24,
  accountName: Type.String(),
  accountType: Type.Integer(),
  reciprocalAccountId: Hex24,
  reciprocalAccountName: Type.String({ description: 'the other party (the issuance account is "platform")' }),
  reciprocalAccountType: Type.Integer({ description: '1 individual, 9 platform issuance' }),
  transactionAmount: Money,
  transactionType: TransactionType,
  remark: Type.String(),
  digest: Type.String(),
  attachInfo: AttachInfo,
  status: Type.Integer({ description: '2 success (the only state a stored record has)' }),
  createDate: IsoDate,
  updateDate: IsoDate,
};

/** One ledger entry of the caller's account (DOMAIN §7.5). */
export const StatementLineWire = Type.Object({
  serialNo: Type.String({ description: 'decimal text of the platform-wide entry sequence' }),
  transactionRecordId: Hex24,
  ...PartySides,
  beforeBalance: Money,
  afterBalance: Money,
});
export type StatementLineWire = Static<typeof StatementLineWire>;

/** A transaction record from the caller's side (DOMAIN §2.25). */
export const TransactionRecordWire = Type.Object({
  recordId: Hex24,
  transactionRecordId: Hex24,
  ...PartySides,
  operatorId: Type.Integer({ description: '0 = system' }),
  operatorName: Type.String(),
  authorizationType: Type.String({ description: '"password" for payments, else "system"' }),
});
export type TransactionRecordWire = Static<typeof TransactionRecordWire>;

export const StatementParams = Type.Object({ accountId: Type.String({ maxLength: 24 }) });
export type StatementParams = Static<typeof StatementParams>;

export const StatementQuery = Type.Object({
  ...PagingQuery,
  startCreatedDate: Type.Optional(DateBound('created at or after')),
  endCreatedDate: Type.Optional(DateBound('created at or before')),
  amountStartPoint: Type.Optional(AmountBound('signed amount ≥ this')),
  amountEndPoint: Type.Optional(AmountBound('signed amount ≤ this')),
  serialNo: Type.Optional(Type.String({ maxLength: 20 })),
  status: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'only 2 (success) occurs' })),
  transactionType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  keywords: Type.Optional(Keywords),
});
export type StatementQuery = Static<typeof StatementQuery>;

export const RecordParams = Type.Object({ recordId: Type.String({ maxLength: 24 }) });
export type RecordParams = Static<typeof RecordParams>;

/** businessType of the income calls: the reference's name and ours for the other record types. */
export const BUSINESS_TYPES = {
  Transfer: 1,
  ContractRoutinePayment: 2,
  Reward: 3,
  AdministratorAdjustment: 4,
} as const;

/** GET /v3/transactions/records: the records of an owner's account (ownerType 1: the caller's user id). */
export const OwnerRecordsQuery = Type.Object({
  ...PagingQuery,
  ownerId: Type.String({ maxLength: 24, description: 'ownerType 1: the caller’s user id' }),
  ownerType: Type.Integer({ minimum: 1, maximum: 3, description: '1 user (2 node, 3 organisation: none yet)' }),
  transactionStatus: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  businessType: Type.Optional(
    Type.Unsafe<keyof typeof BUSINESS_TYPES>({ type: 'string', enum: Object.keys(BUSINESS_TYPES) }),
  ),
  minTransactionAmount: Type.Optional(AmountBound('signed amount ≥ this')),
  maxTransactionAmount: Type.Optional(AmountBound('signed amount ≤ this')),
  startTransactionDate: Type.Optional(DateBound('created at or after')),
  endTransactionDate: Type.Optional(DateBound('created at or before')),
  keywords: Type.Optional(Keywords),
});
export type OwnerRecordsQuery = Static<typeof OwnerRecordsQuery>;

/**
 * GET /v2/statistics/transactions/common (ours for the shape). The totals and `days` count every entry of
 * the caller's account (income: money in, spending: money out) between beginDate and endDate (platform
 * days; default the 30 days to today, at most 366); with objectId or objectType only contract payments on
 * such subjects. totalIncome, incomeLast7Days (today and the 6 days before) and contractCountLast7Days
 * count contract payments the caller received (DOMAIN §7.5's dashboard figures).
 */
export const TransactionStatisticsQuery = Type.Object({
  ownerId: Type.String({ maxLength: 24, description: 'ownerType 1: the caller’s user id' }),
  ownerType: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 2, description: '1 user (default), 2 node (none yet)' }),
  ),
  objectId: Type.Optional(Type.String({ maxLength: 24, description: 'only contract payments on this subject' })),
  objectType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, description: 'the subject’s type' })),
  beginDate: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  endDate: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});
export type TransactionStatisticsQuery = Static<typeof TransactionStatisticsQuery>;

export const DailyTransactionsWire = Type.Object({
  date: Type.String({ description: 'YYYY-MM-DD in the platform time zone' }),
  income: Money,
  spending: Money,
});
export type DailyTransactionsWire = Static<typeof DailyTransactionsWire>;

export const TransactionStatisticsWire = Type.Object({
  totalIncome: Money,
  incomeLast7Days: Money,
  contractCountLast7Days: Type.Integer({ description: 'distinct contracts that paid in the last 7 days' }),
  beginDate: Type.String(),
  endDate: Type.String(),
  income: Money,
  spending: Money,
  days: Type.Array(DailyTransactionsWire, { description: 'every day from beginDate to endDate, oldest first' }),
});
export type TransactionStatisticsWire = Static<typeof TransactionStatisticsWire>;
