// The logged-in user's own account: the user with its detail, and the detail they may edit
// (DOMAIN §2.2). The area name is derived from the code; the caller never sets it.
import { ErrCode, isPlainText, VALIDATION_ERROR_CODE } from '@tessera/domain';
import type { Clock } from '../../platform/clock';
import type { RowUpdate } from '../../platform/db/schema';
import { AppError, badParam } from '../../platform/errors';
import type { AreaCatalogue } from './areas';
import { birthdayProblem, platformToday } from './profile-rules';
import type { IdentityRepo, UserWithDetail } from './repo';
import { profilesReadWithSession } from './session-profiles';
import type { RequestUser } from '../../platform/session';
import type { CurrentUserWire, DetailInfoBody } from '@tessera/contract/identity';
import { toUserDetailWire, toUserWire } from './views';

function currentUserWire({ user, detail }: UserWithDetail): CurrentUserWire {
  return { ...toUserWire(user), userDetail: toUserDetailWire(detail, user.status) };
}

export class ProfileService {
  readonly #repo: IdentityRepo;
  readonly #keptWires = new WeakMap<UserWithDetail, CurrentUserWire>();
  readonly #clock: Clock;
  readonly #areas: () => AreaCatalogue;
  readonly #utcOffsetMinutes: number;

  constructor(repo: IdentityRepo, clock: Clock, areas: () => AreaCatalogue, utcOffsetMinutes: number) {
    this.#repo = repo;
    this.#clock = clock;
    this.#areas = areas;
    this.#utcOffsetMinutes = utcOffsetMinutes;
  }

  /** The caller's user and detail: as read with the session when the route asked for it, else read now. */
  async current(caller: RequestUser): Promise<CurrentUserWire> {
    const kept = profilesReadWithSession.get(caller);
    if (kept) {
      // The profile kept with the session is the same object for each call until a write drops it:
      // so is its answer, which the route then serializes once (issue 15, goal 3).
      let wire = this.#keptWires.get(kept);
      if (wire === undefined) {
        wire = currentUserWire(kept);
        this.#keptWires.set(kept, wire);
      }
      return wire;
    }
    const found = await this.#repo.findUserWithDetail(caller.userId);
    if (!found) throw new AppError(ErrCode.NotLoggedIn, 'errors.notLoggedIn');
    return currentUserWire(found);
  }

  /**
   * Saves the fields given. Free text with HTML markup is refused (the profile is shown to others);
   * any other text, quotes and SQL words included, is stored as typed and answered as JSON text.
   */
  async updateDetail(userId: number, changes: DetailInfoBody): Promise<true> {
    for (const field of ['occupation', 'intro'] as const) {
      const text = changes[field];
      if (text !== undefined && !isPlainText(text))
        throw badParam(field, VALIDATION_ERROR_CODE, 'validation.plainText');
    }
    const update: RowUpdate<'user_details'> = {};
    if (changes.birthday !== undefined) {
      const problem = birthdayProblem(changes.birthday, platformToday(this.#clock.now(), this.#utcOffsetMinutes));
      if (problem === 'pattern') throw badParam('birthday', VALIDATION_ERROR_CODE, 'validation.date');
      if (problem === 'future') throw badParam('birthday', 'future', 'accounts.param.birthdayInFuture');
      update.birthday = changes.birthday;
    }
    if (changes.areaCode !== undefined) {
      const areaName = changes.areaCode === '' ? '' : this.#areas().nameOf(changes.areaCode);
      if (areaName === null) throw badParam('areaCode', 'unknown', 'accounts.param.areaCode');
      Object.assign(update, { areaCode: changes.areaCode, areaName });
    }
    if (changes.occupation !== undefined) update.occupation = changes.occupation;
    if (changes.intro !== undefined) update.intro = changes.intro;
    if (changes.sex !== undefined) update.sex = changes.sex;
    if (Object.keys(update).length > 0)
      await this.#repo.updateDetail(userId, { ...update, updateDate: this.#clock.now().toISOString() });
    return true;
  }
}
