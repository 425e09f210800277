// The only place that touches node_site_codes and node_site_sessions.
import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type NodeSiteCodeRow = Row<'node_site_codes'>;
export type NodeSiteSessionRow = Row<'node_site_sessions'>;

export class NodeSiteRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async insertCode(code: NewRow<'node_site_codes'>): Promise<void> {
    await this.#db.insertInto('node_site_codes').values(code).execute();
  }

  /** Removes the code and answers it: of two parallel takes only one gets the row (single use). */
  takeCode(codeHash: string): Promise<NodeSiteCodeRow | undefined> {
    return this.#db.deleteFrom('node_site_codes').where('codeHash', '=', codeHash).returningAll().executeTakeFirst();
  }

  async insertSession(session: NewRow<'node_site_sessions'>): Promise<void> {
    await this.#db.insertInto('node_site_sessions').values(session).execute();
  }

  findSession(sessionHash: string): Promise<NodeSiteSessionRow | undefined> {
    return this.#db
      .selectFrom('node_site_sessions')
      .selectAll()
      .where('sessionHash', '=', sessionHash)
      .executeTakeFirst();
  }

  async deleteSession(sessionHash: string): Promise<void> {
    await this.#db.deleteFrom('node_site_sessions').where('sessionHash', '=', sessionHash).execute();
  }

  /** Codes and sessions past their end; answers how many rows went. */
  async sweep(now: string): Promise<number> {
    const codes = await this.#db.deleteFrom('node_site_codes').where('expireDate', '<=', now).executeTakeFirst();
    const sessions = await this.#db.deleteFrom('node_site_sessions').where('expireDate', '<=', now).executeTakeFirst();
    return Number(codes.numDeletedRows) + Number(sessions.numDeletedRows);
  }
}
