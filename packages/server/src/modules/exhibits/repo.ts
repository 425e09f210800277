// The only place that touches the exhibits tables (presentables, presentable_policies, presentable_versions).
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';

export type PresentableRow = Row<'presentables'>;
export type PresentablePolicyRow = Row<'presentable_policies'>;
export type PresentableVersionRow = Row<'presentable_versions'>;

export class ExhibitRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  findById(presentableId: string, db: Db = this.db): Promise<PresentableRow | undefined> {
    return db.selectFrom('presentables').selectAll().where('presentableId', '=', presentableId).executeTakeFirst();
  }

  findMany(presentableIds: readonly string[], db: Db = this.db): Promise<PresentableRow[]> {
    if (presentableIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('presentables').selectAll().where('presentableId', 'in', presentableIds).execute();
  }

  /** The bindings of each exhibit, in binding order. */
  policiesOf(presentableIds: readonly string[], db: Db = this.db): Promise<PresentablePolicyRow[]> {
    if (presentableIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('presentable_policies')
      .selectAll()
      .where('presentableId', 'in', presentableIds)
      .orderBy('sortNo')
      .execute();
  }

  findVersion(presentableId: string, version: string, db: Db = this.db): Promise<PresentableVersionRow | undefined> {
    return db
      .selectFrom('presentable_versions')
      .selectAll()
      .where('presentableId', '=', presentableId)
      .where('version', '=', version)
      .executeTakeFirst();
  }
}
