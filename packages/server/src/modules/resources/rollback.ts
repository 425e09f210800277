// Taking back a resource row createBatch has just inserted when its first version is refused after
// all (something changed between the checks and the version): a rollback of our own insert, not a
// user-facing delete. Its tags, policy bindings and search rows go with it (on delete cascade).
import type { Db } from '../../platform/db/database';
import { StoredStatus } from './repo';

export class NewResourceRollback {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Removes the resource while it is still unreleased and without a version. */
  async remove(resourceId: string): Promise<void> {
    await this.#db
      .deleteFrom('resources')
      .where('resourceId', '=', resourceId)
      .where('status', '=', StoredStatus.Unreleased)
      .where('latestVersion', '=', '')
      .execute();
  }
}
