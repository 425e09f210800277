// Wire shapes of the wallet calls (API.md §3.9 sign-in, §3.12 accounts; DOMAIN §2.24, §2.30, §7).
// Every amount is a decimal string with exactly two decimals (DOMAIN §1.6).
import { Type, type Static } from '@sinclair/typebox';
import { Hex24, IsoDate, MAX_USER_ID } from './common';

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
