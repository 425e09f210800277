import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, PagingQuery } from './common';
import { PASSWORD_MAX_LENGTH } from './passport';
import { INTRO_MAX_LENGTH, OCCUPATION_MAX_LENGTH } from '@tessera/domain';

/** A user as answered to the user themself (DOMAIN §2.1); passwordHash never leaves the server. */
export const UserWire = Type.Object({
  userId: Type.Integer(),
  username: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  userType: Type.Integer({ description: '0 normal, 1 beta-qualified' }),
  userRole: Type.Integer({ description: 'bit flags: 1 consumer, 2 node operator, 4 resource provider' }),
  status: Type.Integer({ description: '0 normal, 1 frozen' }),
  headImage: Type.String(),
  createDate: IsoDate,
  updateDate: IsoDate,
});
export type UserWire = Static<typeof UserWire>;

/**
 * A user as answered by the look-ups (detail, list, search): the public fields for everybody; the
 * others (e-mail, mobile, role, status, updateDate) only when the user is the caller. The serializer
 * drops every field this schema does not name.
 */
export const UserView = Type.Composite([
  Type.Pick(UserWire, ['userId', 'username', 'headImage', 'userType', 'createDate']),
  Type.Partial(Type.Pick(UserWire, ['email', 'mobile', 'userRole', 'status', 'updateDate'])),
]);
export type UserView = Static<typeof UserView>;

export const UserDetailWire = Type.Object({
  sex: Type.Integer({ description: '0 unknown, 1 male, 2 female' }),
  birthday: Type.String({ description: "YYYY-MM-DD or ''" }),
  occupation: Type.String(),
  areaCode: Type.String(),
  areaName: Type.String({ description: 'Chinese names (the area data has no others)' }),
  intro: Type.String(),
  reason: Type.String({ description: "why the account is frozen; '' when it is not" }),
  latestLoginDate: Type.String({ description: "ISO date of the latest sign-in, '' before the first" }),
});
export type UserDetailWire = Static<typeof UserDetailWire>;

export const CurrentUserWire = Type.Composite([UserWire, Type.Object({ userDetail: UserDetailWire })]);
export type CurrentUserWire = Static<typeof CurrentUserWire>;

const Password = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH });
/** The service checks the form (e-mail or mobile, SPEC §5). */
const Address = Type.String({ minLength: 1, maxLength: 254, description: 'e-mail address or 11-digit mobile number' });
const AuthCode = Type.String({ pattern: '^[0-9]{6}$', description: '6 digits' });

export const RegisterBody = Type.Object({
  loginName: Address,
  password: Password,
  username: Type.String({ minLength: 1, maxLength: 30 }),
  authCode: AuthCode,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const UserLookupQuery = Type.Object({
  userId: Type.Optional(Type.String({ maxLength: 15 })),
  username: Type.Optional(Type.String({ maxLength: 30 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
});
export type UserLookupQuery = Static<typeof UserLookupQuery>;

export const UserListQuery = Type.Object({
  userIds: Type.String({ maxLength: 200 * 16, description: 'up to 200 comma-separated user ids' }),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserSearchQuery = Type.Object({
  ...PagingQuery,
  keywords: Type.Optional(Type.String({ maxLength: 100, description: 'part of the username, any case' })),
});
export type UserSearchQuery = Static<typeof UserSearchQuery>;

export const DetailInfoBody = Type.Object({
  areaCode: Type.Optional(
    Type.String({ pattern: '^(?:[0-9]{4,6})?$', description: "a code from /v2/areas/provinces; '' clears it" }),
  ),
  occupation: Type.Optional(Type.String({ maxLength: OCCUPATION_MAX_LENGTH })),
  birthday: Type.Optional(Type.String({ maxLength: 10, description: "YYYY-MM-DD, not in the future; '' clears it" })),
  sex: Type.Optional(
    Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], { description: '0 unknown, 1 male, 2 female' }),
  ),
  intro: Type.Optional(Type.String({ maxLength: INTRO_MAX_LENGTH })),
});
export type DetailInfoBody = Static<typeof DetailInfoBody>;

export const UpdatePasswordBody = Type.Object({ oldPassword: Password, newPassword: Password });
export type UpdatePasswordBody = Static<typeof UpdatePasswordBody>;

export const ResetPasswordParams = Type.Object({ loginName: Address });
export type ResetPasswordParams = Static<typeof ResetPasswordParams>;
export const ResetPasswordBody = Type.Object({ password: Password, authCode: AuthCode });
export type ResetPasswordBody = Static<typeof ResetPasswordBody>;

export const VerifyPasswordQuery = Type.Object({ password: Password });
export type VerifyPasswordQuery = Static<typeof VerifyPasswordQuery>;
export const PasswordCheckWire = Type.Object({
  userId: Type.Integer(),
  state: Type.String({ description: "a token proving the check, valid 5 minutes; '' when the password is wrong" }),
  isVerifySuccessful: Type.Boolean(),
});
export type PasswordCheckWire = Static<typeof PasswordCheckWire>;

export const ChangeAddressBody = Type.Object({
  oldAuthCode: Type.Optional(
    Type.String({
      pattern: '^(?:[0-9]{6})?$',
      description: 'the code sent to the bound address of the same kind, when there is one',
    }),
  ),
  newAuthCode: AuthCode,
  newLoginName: Address,
});
export type ChangeAddressBody = Static<typeof ChangeAddressBody>;

export const AreaWire = Type.Object({
  code: Type.String(),
  name: Type.String(),
  children: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
});
export type AreaWire = Static<typeof AreaWire>;
