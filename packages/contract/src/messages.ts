import { Type, type Static } from '@sinclair/typebox';
import { AUTH_CODE_TYPES, CODE_LENGTH, type AuthCodeType as AuthCodeTypeName } from '@tessera/domain';

// A plain string enum (not a union of literals), so a wrong value is one 'enum' issue naming the field.
export const AuthCodeType = Type.Unsafe<AuthCodeTypeName>({
  type: 'string',
  enum: [...AUTH_CODE_TYPES],
  description: 'what the code is for',
});

/** E-mail addresses have at most 254 characters; the service checks the form (SPEC §5). */
const Address = Type.String({ maxLength: 254, description: 'e-mail address or 11-digit mobile number' });

export const SendCodeBody = Type.Object({
  loginName: Address,
  authCodeType: AuthCodeType,
});
export type SendCodeBody = Static<typeof SendCodeBody>;

export const VerifyCodeQuery = Type.Object({
  authCodeType: AuthCodeType,
  authCode: Type.String({ pattern: `^[0-9]{${CODE_LENGTH}}$`, description: `${CODE_LENGTH} digits` }),
  address: Address,
});
export type VerifyCodeQuery = Static<typeof VerifyCodeQuery>;
