// Verification code types and length (DOMAIN §2.4), shared by the server and the wire schemas.
export const AUTH_CODE_TYPES = [
  'register',
  'resetPassword',
  'updateMobileOrEmail',
  'activateTransactionAccount',
  'updateTransactionAccountPwd',
] as const;
export type AuthCodeType = (typeof AUTH_CODE_TYPES)[number];

export const CODE_LENGTH = 6;
