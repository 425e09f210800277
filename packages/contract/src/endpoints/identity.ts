// The identity calls: accounts, the profile, passwords, addresses and the area list (API.md §3.13).
import type { Page } from '@tessera/domain';
import type {
  AreaWire,
  ChangeAddressBody,
  CurrentUserWire,
  DetailInfoBody,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordParams,
  UpdatePasswordBody,
  UserSearchQuery,
  UserView,
  UserWire,
} from '../identity';
import { endpoint } from '../endpoint';

export const identityEndpoints = {
  register: endpoint<{ body: RegisterBody; answer: UserWire }>('POST', '/users'),
  current: endpoint<{ answer: CurrentUserWire }>('GET', '/users/current'),
  search: endpoint<{ query: UserSearchQuery; answer: Page<UserView> }>('GET', '/users/search'),
  updateDetail: endpoint<{ body: DetailInfoBody; answer: true }>('PUT', '/users/current/detailInfo'),
  updatePassword: endpoint<{ body: UpdatePasswordBody; answer: true }>('PUT', '/users/current/updatePassword'),
  resetPassword: endpoint<{ params: ResetPasswordParams; body: ResetPasswordBody; answer: true }>(
    'PUT',
    '/users/:loginName/resetPassword',
  ),
  changeAddress: endpoint<{ body: ChangeAddressBody; answer: true }>('PUT', '/users/current/mobileOrEmail'),
  provinces: endpoint<{ answer: AreaWire[] }>('GET', '/areas/provinces'),
};
