// The only place that touches the nodes table.
import type { Db } from '../../platform/db/database';
import type { Row } from '../../platform/db/schema';

export type NodeRow = Row<'nodes'>;

export class NodeRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Deleted nodes included: callers decide what a deleted node answers. */
  findById(nodeId: number, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeId', '=', nodeId).executeTakeFirst();
  }

  findByDomain(nodeDomain: string, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeDomain', '=', nodeDomain.toLowerCase()).executeTakeFirst();
  }

  findByName(nodeName: string, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeNameKey', '=', nodeName.toLowerCase()).executeTakeFirst();
  }

  /** The node's active theme ('' for none). */
  async setTheme(nodeId: number, presentableId: string, updateDate: string, db: Db = this.db): Promise<void> {
    await db.updateTable('nodes').set({ nodeThemeId: presentableId, updateDate }).where('nodeId', '=', nodeId).execute();
  }
}
