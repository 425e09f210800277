// The versions tables: resource_versions and resource_version_drafts (migration 0009_versions).
import type { Db } from '../../platform/db/database';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';

export type VersionRow = Row<'resource_versions'>;
export type DraftRow = Row<'resource_version_drafts'>;

const SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += SLICE) result.push(items.slice(start, start + SLICE));
  return result;
}

export class VersionRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  get db(): Db {
    return this.#db;
  }

  inTransaction<T>(work: (repo: VersionRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new VersionRepo(trx), trx));
  }

  /** The same repo in a transaction someone else opened. */
  within(trx: Db): VersionRepo {
    return new VersionRepo(trx);
  }

  async insertVersion(row: NewRow<'resource_versions'>): Promise<void> {
    await this.#db.insertInto('resource_versions').values(row).execute();
  }

  async updateVersion(versionId: string, changes: RowUpdate<'resource_versions'>): Promise<void> {
    await this.#db.updateTable('resource_versions').set(changes).where('versionId', '=', versionId).execute();
  }

  /**
   * Locks the versions for the rest of the transaction: the first statement writes their rows, which
   * holds their row locks on PostgreSQL and the writer lock on SQLite, so edits of their lists queue.
   */
  async lockVersions(versionIds: readonly string[]): Promise<void> {
    if (!this.#db.isTransaction) throw new Error('versions are locked inside a transaction');
    for (const slice of slices([...new Set(versionIds)].sort()))
      await this.#db
        .updateTable('resource_versions')
        .set((eb) => ({ updateDate: eb.ref('updateDate') }))
        .where('versionId', 'in', slice)
        .execute();
  }

  findById(versionId: string): Promise<VersionRow | undefined> {
    return this.#db.selectFrom('resource_versions').selectAll().where('versionId', '=', versionId).executeTakeFirst();
  }

  async findByIds(versionIds: readonly string[]): Promise<VersionRow[]> {
    const rows: VersionRow[] = [];
    for (const slice of slices([...new Set(versionIds)]))
      rows.push(
        ...(await this.#db.selectFrom('resource_versions').selectAll().where('versionId', 'in', slice).execute()),
      );
    return rows;
  }

  /** Every version of the resources, in creation order. */
  async ofResources(resourceIds: readonly string[]): Promise<VersionRow[]> {
    const rows: VersionRow[] = [];
    for (const slice of slices([...new Set(resourceIds)])) {
      rows.push(
        ...(await this.#db
          .selectFrom('resource_versions')
          .selectAll()
          .where('resourceId', 'in', slice)
          .orderBy('createDate')
          .orderBy('versionId')
          .execute()),
      );
    }
    return rows;
  }

  ofFile(sha1: string): Promise<VersionRow[]> {
    return this.#db
      .selectFrom('resource_versions')
      .selectAll()
      .where('fileSha1', '=', sha1)
      .orderBy('createDate')
      .execute();
  }

  /** Whether a version of someone else's resource holds the file. */
  async usedByOthers(sha1: string, userId: number): Promise<boolean> {
    const row = await this.#db
      .selectFrom('resource_versions')
      .select('versionId')
      .where('fileSha1', '=', sha1)
      .where('userId', '!=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Which of the files some version holds; with `userId`, a version of that user's own resources. */
  async filesAmong(sha1s: readonly string[], userId?: number): Promise<Set<string>> {
    const found = new Set<string>();
    for (const slice of slices([...new Set(sha1s)])) {
      const rows = await this.#db
        .selectFrom('resource_versions')
        .select('fileSha1')
        .distinct()
        .where('fileSha1', 'in', slice)
        .$if(userId !== undefined, (query) => query.where('userId', '=', userId as number))
        .execute();
      for (const row of rows) found.add(row.fileSha1);
    }
    return found;
  }

  // ── drafts ──

  findDraft(resourceId: string): Promise<DraftRow | undefined> {
    return this.#db
      .selectFrom('resource_version_drafts')
      .selectAll()
      .where('resourceId', '=', resourceId)
      .executeTakeFirst();
  }

  async saveDraft(row: DraftRow): Promise<void> {
    await this.#db
      .insertInto('resource_version_drafts')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('resourceId').doUpdateSet({ draftData: row.draftData, updateDate: row.updateDate }),
      )
      .execute();
  }

  async deleteDraft(resourceId: string): Promise<void> {
    await this.#db.deleteFrom('resource_version_drafts').where('resourceId', '=', resourceId).execute();
  }
}
