// STUB (to be replaced by the storage module work).
import type { Db } from '../../platform/db/database';

export class StorageRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }
}
