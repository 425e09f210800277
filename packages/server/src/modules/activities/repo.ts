import type { SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../platform/db/database';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';

export type ActivityRow = Row<'activities'>;

export class ActivityRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async insert(activity: NewRow<'activities'>): Promise<void> {
    await this.#db.insertInto('activities').values(activity).execute();
  }

  async update(id: string, changes: RowUpdate<'activities'>): Promise<void> {
    await this.#db.updateTable('activities').set(changes).where('_id', '=', id).execute();
  }

  findById(id: string): Promise<ActivityRow | undefined> {
    return this.#db.selectFrom('activities').selectAll().where('_id', '=', id).executeTakeFirst();
  }

  /** Every activity in client order: sortNo, then the latest start first, then id. */
  listAll(): Promise<ActivityRow[]> {
    return this.#inClientOrder(this.#db.selectFrom('activities').selectAll()).execute();
  }

  listByPublishState(publishState: number): Promise<ActivityRow[]> {
    return this.#inClientOrder(
      this.#db.selectFrom('activities').selectAll().where('publishState', '=', publishState),
    ).execute();
  }

  #inClientOrder(query: ActivityQuery): ActivityQuery {
    return query.orderBy('sortNo', 'asc').orderBy('startTime', 'desc').orderBy('_id', 'asc');
  }
}

type ActivityQuery = SelectQueryBuilder<Database, 'activities', ActivityRow>;
