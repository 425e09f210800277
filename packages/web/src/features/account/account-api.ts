import { avatarEndpoints } from '@tessera/contract/endpoints/avatars';
import { identityEndpoints } from '@tessera/contract/endpoints/identity';
import { messageEndpoints } from '@tessera/contract/endpoints/messages';
import { passportEndpoints } from '@tessera/contract/endpoints/passport';
import type {
  ChangeAddressBody,
  DetailInfoBody,
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
} from '@tessera/contract/identity';
import type { SendCodeBody } from '@tessera/contract/messages';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../shared/api';

// The calls of the account pages (API.md §3.9, §3.13), on the wire contract: each answers the
// envelope's data and throws an ApiError when the server refuses; the pages show its message.

/** UserWire.status of a frozen account (0 is normal). */
export const USER_STATUS_FROZEN = 1;

/** POST /v2/passport/login; a wrong password must not send the page to the login page again. */
export function login(
  api: ApiClient,
  { loginName, password, remember }: { loginName: string; password: string; remember: boolean },
) {
  return api.call(
    passportEndpoints.login,
    { body: { loginName, password, isRemember: remember ? 1 : 0 } },
    { noRedirect: true },
  );
}

/** POST /v2/messages/send: a 6-digit code to an e-mail address or a mobile number. */
export function sendAuthCode(api: ApiClient, body: SendCodeBody) {
  return api.call(messageEndpoints.send, { body });
}

/** POST /v2/users. */
export function register(api: ApiClient, body: RegisterBody) {
  return api.call(identityEndpoints.register, { body });
}

/** PUT /v2/users/{loginName}/resetPassword. */
export function resetPassword(api: ApiClient, loginName: string, body: ResetPasswordBody) {
  return api.call(identityEndpoints.resetPassword, { params: { loginName }, body });
}

/** PUT /v2/users/current/detailInfo: each field given is changed, '' clears a text. */
export function updateProfile(api: ApiClient, body: DetailInfoBody) {
  return api.call(identityEndpoints.updateDetail, { body });
}

/** GET /v2/areas/provinces: the same for everybody and for the whole visit. */
export function provincesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['areas', 'provinces'],
    queryFn: ({ signal }) => api.call(identityEndpoints.provinces, {}, { signal }),
    staleTime: Infinity,
  });
}

/** POST /v2/users/current/uploadHeadImg (multipart field `file`): answers the new avatar address. */
export function uploadAvatar(
  api: ApiClient,
  image: Blob,
  fileName: string,
  { signal, onPercent }: { signal?: AbortSignal; onPercent?: (percent: number) => void } = {},
) {
  const body = new FormData();
  body.append('file', image, fileName);
  return api.call(
    avatarEndpoints.upload,
    { body },
    {
      signal,
      onUploadProgress: onPercent
        ? ({ loaded, total }) => {
            if (total) onPercent(Math.min(100, Math.round((loaded / total) * 100)));
          }
        : undefined,
    },
  );
}

/** PUT /v2/users/current/updatePassword: every other session of the account ends. */
export function updatePassword(api: ApiClient, body: UpdatePasswordBody) {
  return api.call(identityEndpoints.updatePassword, { body });
}

/** PUT /v2/users/current/mobileOrEmail: the new e-mail address or mobile number takes the old one's place. */
export function changeAddress(api: ApiClient, body: ChangeAddressBody) {
  return api.call(identityEndpoints.changeAddress, { body });
}
