// The only place that touches the exhibits tables (presentables, presentable_policies, presentable_versions).
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';

export type PresentableRow = Row<'presentables'>;
export type PresentablePolicyRow = Row<'presentable_policies'>;
export type PresentableVersionRow = Row<'presentable_versions'>;

/** What the exhibit list filters on (the type and keyword filters run over the rows it answers). */
export type ExhibitListFilter = {
  nodeId: number;
  /** undefined: all. */
  onlineStatus?: number;
  resourceIds?: readonly string[];
};

export class ExhibitRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  inTransaction<T>(work: (repo: ExhibitRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new ExhibitRepo(trx), trx));
  }

  async insert(row: PresentableRow, version: PresentableVersionRow, policies: readonly PresentablePolicyRow[]) {
    await this.db.insertInto('presentables').values(row).execute();
    await this.db.insertInto('presentable_versions').values(version).execute();
    await this.insertPolicies(policies);
  }

  async insertPolicies(policies: readonly PresentablePolicyRow[]): Promise<void> {
    if (policies.length > 0)
      await this.db
        .insertInto('presentable_policies')
        .values([...policies])
        .execute();
  }

  async updatePolicy(
    presentableId: string,
    policyId: string,
    change: Pick<PresentablePolicyRow, 'status' | 'policyName' | 'policyNameKey' | 'updateDate'>,
  ): Promise<void> {
    await this.db
      .updateTable('presentable_policies')
      .set(change)
      .where('presentableId', '=', presentableId)
      .where('policyId', '=', policyId)
      .execute();
  }

  async update(presentableId: string, change: Partial<Omit<PresentableRow, 'presentableId'>>): Promise<void> {
    await this.db.updateTable('presentables').set(change).where('presentableId', '=', presentableId).execute();
  }

  /** Inserts the (exhibit, version) row, or refreshes its trees when the version was chosen before. */
  async saveVersion(version: PresentableVersionRow): Promise<void> {
    const existing = await this.findVersion(version.presentableId, version.version);
    if (!existing) {
      await this.db.insertInto('presentable_versions').values(version).execute();
      return;
    }
    await this.db
      .updateTable('presentable_versions')
      .set({
        dependencyTree: version.dependencyTree,
        authTree: version.authTree,
        presentableRewriteProperty: version.presentableRewriteProperty,
        updateDate: version.updateDate,
      })
      .where('presentableVersionId', '=', existing.presentableVersionId)
      .execute();
  }

  async setRewriteProperty(presentableId: string, version: string, json: string, updateDate: string): Promise<void> {
    await this.db
      .updateTable('presentable_versions')
      .set({ presentableRewriteProperty: json, updateDate })
      .where('presentableId', '=', presentableId)
      .where('version', '=', version)
      .execute();
  }

  findInNode(
    nodeId: number,
    by: { resourceId?: string; resourceName?: string; presentableName?: string },
  ): Promise<PresentableRow | undefined> {
    let query = this.db.selectFrom('presentables').selectAll().where('nodeId', '=', nodeId);
    if (by.resourceId !== undefined) query = query.where('resourceId', '=', by.resourceId);
    else if (by.resourceName !== undefined) query = query.where('resourceName', '=', by.resourceName);
    else if (by.presentableName !== undefined)
      query = query.where('presentableNameKey', '=', by.presentableName.toLowerCase());
    else return Promise.resolve(undefined);
    return query.executeTakeFirst();
  }

  /** The node's exhibits, newest first. */
  listInNode(filter: ExhibitListFilter): Promise<PresentableRow[]> {
    let query = this.db.selectFrom('presentables').selectAll().where('nodeId', '=', filter.nodeId);
    if (filter.onlineStatus !== undefined) query = query.where('onlineStatus', '=', filter.onlineStatus);
    if (filter.resourceIds) {
      if (filter.resourceIds.length === 0) return Promise.resolve([]);
      query = query.where('resourceId', 'in', filter.resourceIds);
    }
    return query.orderBy('createDate', 'desc').orderBy('presentableId', 'desc').execute();
  }

  /** GET /v2/presentables/list: any of the id lists, narrowed by node or owner. */
  listBy(filter: {
    nodeId?: number;
    userId?: number;
    presentableIds?: readonly string[];
    resourceIds?: readonly string[];
    resourceNames?: readonly string[];
  }): Promise<PresentableRow[]> {
    let query = this.db.selectFrom('presentables').selectAll();
    if (filter.nodeId !== undefined) query = query.where('nodeId', '=', filter.nodeId);
    if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId);
    if (filter.presentableIds) query = query.where('presentableId', 'in', [...filter.presentableIds, '']);
    if (filter.resourceIds) query = query.where('resourceId', 'in', [...filter.resourceIds, '']);
    if (filter.resourceNames) query = query.where('resourceName', 'in', [...filter.resourceNames, '']);
    return query.orderBy('createDate', 'desc').orderBy('presentableId', 'desc').limit(500).execute();
  }

  /** Every (exhibit, version) row of these exhibits at their current version. */
  async currentVersions(rows: readonly PresentableRow[]): Promise<Map<string, PresentableVersionRow>> {
    if (rows.length === 0) return new Map();
    const found = await this.db
      .selectFrom('presentable_versions')
      .selectAll()
      .where(
        'presentableId',
        'in',
        rows.map((row) => row.presentableId),
      )
      .execute();
    const current = new Map(rows.map((row) => [row.presentableId, row.version]));
    return new Map(
      found.filter((row) => current.get(row.presentableId) === row.version).map((row) => [row.presentableId, row]),
    );
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
