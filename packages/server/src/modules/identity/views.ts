// What each caller sees of a user. Public: userId, username, headImage, userType, createDate.
// Only the user themself: e-mail, mobile, role, status, updateDate (and the detail, on /current).
import type { UserDetailRow, UserRow } from './repo';
import type { UserDetailWire, UserView, UserWire } from '@tessera/contract/identity';
import { UserStatus } from '../../platform/session';

/** Where a user's avatar is served; the avatars module answers a generated default until one is uploaded. */
export function defaultHeadImage(userId: number): string {
  return `/avatars/${userId}`;
}

export function toUserWire(user: UserRow): UserWire {
  const { passwordHash: _hidden, ...wire } = user;
  return wire;
}

export function toUserView(user: UserRow, callerId: number | null): UserView {
  if (user.userId === callerId) return toUserWire(user);
  const { userId, username, headImage, userType, createDate } = user;
  return { userId, username, headImage, userType, createDate };
}

export function toUserDetailWire(detail: UserDetailRow | undefined, status: number): UserDetailWire {
  return {
    sex: detail?.sex ?? 0,
    birthday: detail?.birthday ?? '',
    occupation: detail?.occupation ?? '',
    areaCode: detail?.areaCode ?? '',
    areaName: detail?.areaName ?? '',
    intro: detail?.intro ?? '',
    reason: status === UserStatus.Frozen ? (detail?.reason ?? '') : '',
    latestLoginDate: detail?.latestLoginDate ?? '',
  };
}
