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
  /** The profile (DOMAIN §2.2); GET /v2/users/current sends it, login may not. */
  userDetail?: Partial<UserDetail> | null;
  /** The same, should the server send it beside the user. */
  reason?: string;
}

export const USER_STATUS_FROZEN = 1;

/** 0 not said, 1 male, 2 female. */
export type Sex = 0 | 1 | 2;

export interface UserDetail {
  sex: Sex;
  /** YYYY-MM-DD, or '' when not given. */
  birthday: string;
  occupation: string;
  areaCode: string;
  /** Chinese names only ('浙江省杭州市'). */
  areaName: string;
  intro: string;
  /** Why the account is frozen; '' when it is not. */
  reason: string;
}

export type AuthCodeType = 'register' | 'resetPassword' | 'updateMobileOrEmail';

export interface LoginRequest {
  loginName: string;
  password: string;
  remember: boolean;
}

/** POST /v2/passport/login; a wrong password must not send the page to the login page again. */
export function login(
  api: ApiClient,
  { loginName, password, remember }: LoginRequest,
): Promise<ApiEnvelope<AccountUser | null>> {
  return api.post<AccountUser | null>(
    '/passport/login',
    { loginName, password, isRemember: remember ? 1 : 0 },
    { noRedirect: true },
  );
}

/** POST /v2/messages/send: a 6-digit code to an e-mail address or a mobile number. */
export function sendAuthCode(
  api: ApiClient,
  loginName: string,
  authCodeType: AuthCodeType,
): Promise<ApiEnvelope<boolean | null>> {
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

/** The fields of PUT /v2/users/current/detailInfo; each one given is changed, '' clears a text. */
export type ProfileChanges = Partial<Pick<UserDetail, 'sex' | 'birthday' | 'occupation' | 'areaCode' | 'intro'>>;

/** PUT /v2/users/current/detailInfo. */
export function updateProfile(api: ApiClient, changes: ProfileChanges): Promise<ApiEnvelope<boolean | null>> {
  return api.put<boolean | null>('/users/current/detailInfo', changes);
}

export interface Area {
  code: string;
  name: string;
}

/** A province with its cities (for municipalities, their districts). */
export interface Province extends Area {
  children: Area[];
}

/** GET /v2/areas/provinces. */
export function fetchProvinces(api: ApiClient, signal?: AbortSignal): Promise<ApiEnvelope<Province[] | null>> {
  return api.get<Province[] | null>('/areas/provinces', { signal });
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** 0–100 while the body is sent. */
  onPercent?: (percent: number) => void;
}

/** POST /v2/users/current/uploadHeadImg (multipart field `file`): answers the new avatar address. */
export function uploadAvatar(
  api: ApiClient,
  image: Blob,
  fileName: string,
  { signal, onPercent }: UploadOptions = {},
): Promise<ApiEnvelope<string | null>> {
  const form = new FormData();
  form.append('file', image, fileName);
  return api.post<string | null>('/users/current/uploadHeadImg', form, {
    signal,
    onUploadProgress: onPercent
      ? ({ loaded, total }) => {
          if (total) onPercent(Math.min(100, Math.round((loaded / total) * 100)));
        }
      : undefined,
  });
}

/** PUT /v2/users/current/updatePassword: every other session of the account ends. */
export function updatePassword(
  api: ApiClient,
  request: { oldPassword: string; newPassword: string },
): Promise<ApiEnvelope<boolean | null>> {
  return api.put<boolean | null>('/users/current/updatePassword', request);
}

export interface AddressChangeRequest {
  /** The code sent to the address of the same kind bound now; absent when none is bound. */
  oldAuthCode?: string;
  newAuthCode: string;
  newLoginName: string;
}

/** PUT /v2/users/current/mobileOrEmail: the new e-mail address or mobile number takes the old one's place. */
export function changeAddress(api: ApiClient, request: AddressChangeRequest): Promise<ApiEnvelope<boolean | null>> {
  return api.put<boolean | null>('/users/current/mobileOrEmail', request);
}
