// The only place that touches the nodes table.
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Database, NewRow, Row, RowUpdate } from '../../platform/db/schema';
import { containsIgnoringCase } from '../../platform/db/sql';

export type NodeRow = Row<'nodes'>;

const FROZEN = 4;

/** Which of an owner's nodes a list holds: all, the normal ones or the frozen ones. */
export type FrozenFilter = 'any' | 'normal' | 'frozen';

export type NodePage = { totalItem: number; rows: NodeRow[] };

type Paging = { skip: number; limit: number };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- nothing selected yet
type NodeQuery = SelectQueryBuilder<Database, 'nodes', {}>;

/** Whether the frozen bit (4) of the status is set, or not. */
const frozenIs = (frozen: boolean) => (eb: ExpressionBuilder<Database, 'nodes'>) =>
  eb(eb('status', '&', FROZEN), '=', frozen ? FROZEN : 0);

export class NodeRepo {
  readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Deleted nodes included: callers decide what a deleted node answers. */
  findById(nodeId: number, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeId', '=', nodeId).executeTakeFirst();
  }

  /** Deleted nodes included. */
  findByIds(nodeIds: readonly number[], db: Db = this.db): Promise<NodeRow[]> {
    if (nodeIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('nodes').selectAll().where('nodeId', 'in', nodeIds).execute();
  }

  findByDomain(nodeDomain: string, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeDomain', '=', nodeDomain.toLowerCase()).executeTakeFirst();
  }

  findByName(nodeName: string, db: Db = this.db): Promise<NodeRow | undefined> {
    return db.selectFrom('nodes').selectAll().where('nodeNameKey', '=', nodeName.toLowerCase()).executeTakeFirst();
  }

  /** The node's active theme ('' for none). */
  async setTheme(nodeId: number, presentableId: string, updateDate: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('nodes')
      .set({ nodeThemeId: presentableId, updateDate })
      .where('nodeId', '=', nodeId)
      .execute();
  }

  async insert(node: NewRow<'nodes'>, db: Db = this.db): Promise<NodeRow> {
    return db.insertInto('nodes').values(node).returningAll().executeTakeFirstOrThrow();
  }

  /** The owner's living (not deleted) nodes: what the per-user limit counts. */
  async countLiving(ownerUserId: number, db: Db = this.db): Promise<number> {
    const { count } = await db
      .selectFrom('nodes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ownerUserId', '=', ownerUserId)
      .where('isDeleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The owner's living nodes, newest first. */
  async pageOwned(ownerUserId: number, frozen: FrozenFilter, { skip, limit }: Paging): Promise<NodePage> {
    let query = this.db.selectFrom('nodes').where('ownerUserId', '=', ownerUserId).where('isDeleted', '=', 0);
    if (frozen !== 'any') query = query.where(frozenIs(frozen === 'frozen'));
    return this.#page(query, skip, limit);
  }

  /** Living, unfrozen public nodes whose name, title or domain holds every keyword, newest first. */
  async pagePublic(keywords: readonly string[], { skip, limit }: Paging): Promise<NodePage> {
    let query = this.db
      .selectFrom('nodes')
      .where('isDeleted', '=', 0)
      .where('visibility', '=', 1)
      .where(frozenIs(false));
    for (const word of keywords) {
      query = query.where((eb) =>
        eb.or([
          containsIgnoringCase('nodeName', word),
          containsIgnoringCase('nodeTitle', word),
          containsIgnoringCase('nodeDomain', word),
        ]),
      );
    }
    return this.#page(query, skip, limit);
  }

  /** Every node, deleted ones included, by id (the operators' list). */
  listAll(): Promise<NodeRow[]> {
    return this.db.selectFrom('nodes').selectAll().orderBy('nodeId').execute();
  }

  async update(nodeId: number, changes: RowUpdate<'nodes'>, db: Db = this.db): Promise<void> {
    await db.updateTable('nodes').set(changes).where('nodeId', '=', nodeId).execute();
  }

  async #page(query: NodeQuery, skip: number, limit: number): Promise<NodePage> {
    const [{ count }, rows] = await Promise.all([
      query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      query.selectAll().orderBy('createDate', 'desc').orderBy('nodeId', 'desc').offset(skip).limit(limit).execute(),
    ]);
    return { totalItem: Number(count), rows };
  }
}
