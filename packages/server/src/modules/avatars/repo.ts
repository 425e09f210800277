import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type AvatarRow = Row<'avatars'>;

export class AvatarRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  findAvatar(userId: number): Promise<AvatarRow | undefined> {
    return this.#db.selectFrom('avatars').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  /** Inserts the user's avatar or replaces it (createDate stays that of the first upload). */
  async saveAvatar(avatar: NewRow<'avatars'>): Promise<void> {
    const { userId: _key, createDate: _first, ...replacement } = avatar;
    await this.#db
      .insertInto('avatars')
      .values(avatar)
      .onConflict((conflict) => conflict.column('userId').doUpdateSet(replacement))
      .execute();
  }
}
