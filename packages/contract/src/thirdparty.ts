import { Type, type Static } from '@sinclair/typebox';
import { Hex24 } from './common';
import { LOGIN_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, RETURN_URL_MAX_LENGTH } from './passport';

const ThirdPartyType = Type.String({
  minLength: 1,
  maxLength: 32,
  pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
  description: 'a configured provider, e.g. "testid"',
});

export const ProviderWire = Type.Object({
  type: Type.String(),
  name: Type.String({ description: 'shown on the sign-in button' }),
});
export type ProviderWire = Static<typeof ProviderWire>;

export const BoundIdentityWire = Type.Object({
  userId: Type.Integer(),
  name: Type.String({ description: 'the name the provider gives' }),
  thirdPartyType: Type.String(),
});
export type BoundIdentityWire = Static<typeof BoundIdentityWire>;

export const AuthorizeQuery = Type.Object({
  type: ThirdPartyType,
  goTo: Type.Optional(
    Type.String({ maxLength: RETURN_URL_MAX_LENGTH, description: 'where to go after signing in (this site only)' }),
  ),
  returnUrl: Type.Optional(Type.String({ maxLength: RETURN_URL_MAX_LENGTH, description: 'carried to the /bind page' })),
});
export type AuthorizeQuery = Static<typeof AuthorizeQuery>;

// Whatever the provider sends; anything wrong ends on the failure page rather than in an error answer.
const ProviderParam = Type.Optional(Type.String({ maxLength: 4096 }));
export const CallbackQuery = Type.Object(
  {
    code: ProviderParam,
    state: ProviderParam,
    error: ProviderParam,
    error_description: ProviderParam,
    iss: ProviderParam,
  },
  { additionalProperties: true },
);
export type CallbackQuery = Static<typeof CallbackQuery>;

export const RegisterOrBindBody = Type.Object({
  loginName: Type.String({
    minLength: 1,
    maxLength: LOGIN_NAME_MAX_LENGTH,
    description: 'username, e-mail or mobile of the account',
  }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  /** The third-party identity, from the /bind page address. */
  identityId: Hex24,
});
export type RegisterOrBindBody = Static<typeof RegisterOrBindBody>;

export const UnbindBody = Type.Object({
  thirdPartyType: ThirdPartyType,
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: "the caller's login password" }),
});
export type UnbindBody = Static<typeof UnbindBody>;

export const IsBindQuery = Type.Object({
  username: Type.String({ minLength: 1, maxLength: LOGIN_NAME_MAX_LENGTH }),
  thirdPartyType: ThirdPartyType,
});
export type IsBindQuery = Static<typeof IsBindQuery>;
