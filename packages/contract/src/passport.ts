import { Type, type Static } from '@sinclair/typebox';

/** Longest e-mail address (RFC 5321); usernames and mobile numbers are shorter. */
export const LOGIN_NAME_MAX_LENGTH = 254;
/** Longer than any password the rules admit (SPEC §5: 24), and keeps argon2's input bounded. */
export const PASSWORD_MAX_LENGTH = 128;
export const RETURN_URL_MAX_LENGTH = 2048;

export const JwtType = { Cookie: 'cookie', Header: 'header' } as const;

export const LoginBody = Type.Object({
  loginName: Type.String({
    minLength: 1,
    maxLength: LOGIN_NAME_MAX_LENGTH,
    description: 'username or e-mail (any case), or mobile number',
  }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
  isRemember: Type.Union([Type.Literal(0), Type.Literal(1)], {
    default: 0,
    description: '1: session and cookies last 7 days',
  }),
  jwtType: Type.Union([Type.Literal(JwtType.Cookie), Type.Literal(JwtType.Header)], {
    default: JwtType.Cookie,
    description: "'header': the session id comes back in the Authorization header instead of cookies",
  }),
  returnUrl: Type.Optional(
    Type.String({
      maxLength: RETURN_URL_MAX_LENGTH,
      description: 'accepted and ignored: the client navigates after login itself',
    }),
  ),
});
export type LoginBody = Static<typeof LoginBody>;

export const LogoutQuery = Type.Object({
  returnUrl: Type.Optional(
    Type.String({ maxLength: RETURN_URL_MAX_LENGTH, description: 'redirect here afterwards (this site only)' }),
  ),
});
export type LogoutQuery = Static<typeof LogoutQuery>;
