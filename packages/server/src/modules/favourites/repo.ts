// The favourites table: which user collected which resource, and when.
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';

export type FavouriteRow = Row<'resource_favourites'>;

export class FavouriteRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Adds the pair unless it is there already (collecting twice changes nothing). */
  async insertIfMissing(row: FavouriteRow): Promise<void> {
    await this.#db
      .insertInto('resource_favourites')
      .values(row)
      .onConflict((conflict) => conflict.columns(['userId', 'resourceId']).doNothing())
      .execute();
  }

  find(userId: number, resourceId: string): Promise<FavouriteRow | undefined> {
    return this.#db
      .selectFrom('resource_favourites')
      .selectAll()
      .where('userId', '=', userId)
      .where('resourceId', '=', resourceId)
      .executeTakeFirst();
  }

  async delete(userId: number, resourceId: string): Promise<void> {
    await this.#db
      .deleteFrom('resource_favourites')
      .where('userId', '=', userId)
      .where('resourceId', '=', resourceId)
      .execute();
  }

  /** All of the user's favourites, newest first. */
  listOfUser(userId: number): Promise<FavouriteRow[]> {
    return this.#db
      .selectFrom('resource_favourites')
      .selectAll()
      .where('userId', '=', userId)
      .orderBy('createDate', 'desc')
      .orderBy('resourceId', 'desc')
      .execute();
  }

  async pageOfUser(userId: number, skip: number, limit: number): Promise<{ totalItem: number; rows: FavouriteRow[] }> {
    const mine = this.#db.selectFrom('resource_favourites').where('userId', '=', userId);
    const [count, rows] = await Promise.all([
      mine.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      mine.selectAll().orderBy('createDate', 'desc').orderBy('resourceId', 'desc').offset(skip).limit(limit).execute(),
    ]);
    return { totalItem: Number(count.count), rows };
  }

  async collectedAmong(userId: number, resourceIds: readonly string[]): Promise<Set<string>> {
    if (resourceIds.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('resource_favourites')
      .select('resourceId')
      .where('userId', '=', userId)
      .where('resourceId', 'in', [...resourceIds])
      .execute();
    return new Set(rows.map((row) => row.resourceId));
  }

  async countFor(resourceId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('resource_favourites')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('resourceId', '=', resourceId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
