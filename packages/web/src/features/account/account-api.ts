import type { ApiEnvelope } from '@tessera/domain';
import type { ApiClient } from '../../shared/api';

// The calls of the account pages (API.md §3.9, §3.13). They answer the envelope as received: the
// pages show `msg` for any errCode they do not act on.

/** The user as login, registration and GET /v2/users/current answer it (DOMAIN §2.1). */
export interface AccountUser {
  userId: number;
  username: string;
  email: string;
  mobile: string;
  headImage: string;
  /** 0 normal, 1 frozen. */
  status: number;
  /** The freeze reason, once the server sends the user detail with the user (DOMAIN §2.2). */
  userDetail?: { reason?: string } | null;
  /** The same, should the server send it beside the user. */
  reason?: string;
}

export const USER_STATUS_FROZEN = 1;

export type AuthCodeType = 'register' | 'resetPassword';

export interface LoginRequest {
  loginName: string;
  password: string;
  remember: boolean;
}

/** POST /v2/passport/login; a wrong password must not send the page to the login page again. */
export function login(api: ApiClient, { loginName, password, remember }: LoginRequest): Promise<ApiEnvelope<AccountUser | null>> {
  return api.post<AccountUser | null>('/passport/login', { loginName, password, isRemember: remember ? 1 : 0 }, { noRedirect: true });
}

/** POST /v2/messages/send: a 6-digit code to an e-mail address or a mobile number. */
export function sendAuthCode(api: ApiClient, loginName: string, authCodeType: AuthCodeType): Promise<ApiEnvelope<boolean | null>> {
  return api.post<boolean | null>('/messages/send', { loginName, authCodeType });
}

export interface RegisterRequest {
  loginName: string;
  password: string;
  username: string;
  authCode: string;
}

/** POST /v2/users. */
export function register(api: ApiClient, request: RegisterRequest): Promise<ApiEnvelope<AccountUser | null>> {
  return api.post<AccountUser | null>('/users', request);
}

/** PUT /v2/users/{loginName}/resetPassword. */
export function resetPassword(
  api: ApiClient,
  loginName: string,
  { password, authCode }: { password: string; authCode: string },
): Promise<ApiEnvelope<unknown>> {
  return api.put<unknown>(`/users/${encodeURIComponent(loginName)}/resetPassword`, { password, authCode });
}

/** GET /v2/users/current without the redirects: the callers decide what a missing session means. */
export function fetchCurrentAccount(api: ApiClient, signal?: AbortSignal): Promise<ApiEnvelope<AccountUser | null>> {
  return api.get<AccountUser | null>('/users/current', { noRedirect: true, signal });
}
