// Looking users up (API §3.9: detail, list, search). Everybody sees the public fields; the caller
// also sees their own private ones (views.ts). A look-up by e-mail or mobile needs a session.
import { ErrCode } from '@tessera/domain';
import { AppError, badParam } from '../../platform/errors';
import type { IdentityRepo, UserRow } from './repo';
import type { UserLookupQuery, UserView } from '@tessera/contract/identity';
import { toUserView } from './views';

export const USER_LIST_MAX = 200;
const USER_ID = /^[1-9][0-9]{0,14}$/;

export type UserPage = { skip: number; limit: number; totalItem: number; dataList: UserView[] };

/** Empty values count as absent (API §1.5). */
const given = (value: string | undefined): value is string => value !== undefined && value !== '';

export class UserDirectory {
  readonly #repo: IdentityRepo;

  constructor(repo: IdentityRepo) {
    this.#repo = repo;
  }

  /** The user named by one of userId, username, email, mobile (the first given, in that order), or null. */
  async detail(query: UserLookupQuery, callerId: number | null): Promise<UserView | null> {
    const user = await this.#lookup(query, callerId);
    return user ? toUserView(user, callerId) : null;
  }

  async #lookup(
    { userId, username, email, mobile }: UserLookupQuery,
    callerId: number | null,
  ): Promise<UserRow | undefined> {
    if (given(userId)) {
      if (!USER_ID.test(userId)) throw badParam('userId', 'pattern', 'accounts.param.userId');
      return this.#repo.findUser(Number(userId));
    }
    if (given(username)) return this.#repo.findUserByLoginName('username', username);
    const address = given(email)
      ? { field: 'email' as const, value: email }
      : given(mobile)
        ? { field: 'mobile' as const, value: mobile }
        : null;
    if (!address) throw badParam('userId', 'required', 'accounts.param.lookupRequired');
    if (callerId === null) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
    return this.#repo.findUserByLoginName(address.field, address.value);
  }

  /** The users of the ids, in the order given, each once; ids that match nobody are left out. */
  async list(userIdsCsv: string, callerId: number | null): Promise<UserView[]> {
    const ids = [
      ...new Set(
        userIdsCsv
          .split(',')
          .map((id) => id.trim())
          .filter((id) => id !== ''),
      ),
    ];
    if (ids.length > USER_LIST_MAX)
      throw badParam('userIds', 'maxItems', 'errors.param.maxItems', { limit: USER_LIST_MAX });
    if (ids.some((id) => !USER_ID.test(id))) throw badParam('userIds', 'pattern', 'accounts.param.userIds');
    const rows = new Map((await this.#repo.findUsers(ids.map(Number))).map((row) => [row.userId, row]));
    return ids.flatMap((id) => {
      const row = rows.get(Number(id));
      return row ? [toUserView(row, callerId)] : [];
    });
  }

  async search(
    { skip, limit, keywords = '' }: { skip: number; limit: number; keywords?: string },
    callerId: number | null,
  ): Promise<UserPage> {
    const { totalItem, rows } = await this.#repo.searchUsers({ keywords: keywords.trim(), skip, limit });
    return { skip, limit, totalItem, dataList: rows.map((row) => toUserView(row, callerId)) };
  }
}
