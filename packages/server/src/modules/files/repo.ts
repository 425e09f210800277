// STUB (to be replaced by the files module work).
import type { Db } from '../../platform/db/database';

export class FileRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }
}
