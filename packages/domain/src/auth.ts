// Auth results (DOMAIN §5.2, §5.3): the codes every authorisation answer carries, who must act when it
// fails, and how a contract counts for them.
import { ContractAuthStatus, ContractStatus } from './contract/status';

export const AuthCode = {
  ContractAuthorized: 200,
  FreePolicyAuthorized: 201,
  CacheAuthorized: 202,
  DefaultAuthorized: 203,
  ContractUnauthorized: 301,
  PolicyAuthFailed: 302,
  ContractNotFound: 303,
  ContractTerminated: 304,
  ContractInvalid: 305,
  ContractException: 306,
  ContractIncomplete: 307,
  SubjectNotFound: 401,
  SubjectNotOnline: 402,
  SubjectException: 403,
  SignPreconditionFailed: 501,
  UserNotLoggedIn: 502,
  UserUnauthorized: 503,
  LicensorException: 504,
  LicenseeException: 505,
  AuthApiException: 900,
  AuthArgumentError: 901,
  AuthDataValidationFailed: 902,
} as const;
export type AuthCode = (typeof AuthCode)[keyof typeof AuthCode];

/** `isAuth` of an auth result: the code is in 200–299. */
export const isAuthorizedCode = (code: number): boolean => code >= 200 && code < 300;

/** Who must act when a check fails (DOMAIN §5.2). */
export const DefaulterIdentityType = { Nobody: 0, Resource: 1, Node: 2, Consumer: 4, Unknown: 128 } as const;
export type DefaulterIdentityType = (typeof DefaulterIdentityType)[keyof typeof DefaulterIdentityType];

/** `referee` of an auth result: the subject type checked. */
export const AuthReferee = { Resource: 1, Exhibit: 2 } as const;
export type AuthReferee = (typeof AuthReferee)[keyof typeof AuthReferee];

/** What a contract must say for the auth checks: its status and authStatus. */
export type ContractStanding = { status: number; authStatus: number };

/** In force and formally authorised (bit 1); test authorisation (bit 2) counts only in test nodes. */
export function grantsFormalAuth({ status, authStatus }: ContractStanding): boolean {
  return status === ContractStatus.InForce && (authStatus & ContractAuthStatus.Formal) !== 0;
}

/**
 * The verdict over the contracts one licensee holds for one subject (DOMAIN §5.3): 200 when one is
 * authorised; else 304 when all ended, 306 when every live one is in exception, 301 otherwise;
 * `whenNone` (303 or 307, by the caller's context) when there is no contract at all.
 */
export function contractsVerdict(
  contracts: readonly ContractStanding[],
  whenNone: typeof AuthCode.ContractNotFound | typeof AuthCode.ContractIncomplete,
): AuthCode {
  if (contracts.length === 0) return whenNone;
  if (contracts.some(grantsFormalAuth)) return AuthCode.ContractAuthorized;
  const live = contracts.filter((contract) => contract.status !== ContractStatus.Terminated);
  if (live.length === 0) return AuthCode.ContractTerminated;
  if (live.every((contract) => contract.status === ContractStatus.Exception)) return AuthCode.ContractException;
  return AuthCode.ContractUnauthorized;
}

/** The service states an exhibit or resource contract can grant (`…/serviceStates`). */
export const AUTH_SERVICE_STATES = [
  { name: 'active', type: 'authorization', value: 1 },
  { name: 'testActive', type: 'testAuthorization', value: 2 },
] as const;
