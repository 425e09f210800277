// The policies table: compiled policies, one row per normalised text and subject type, shared by the
// whole platform and never changed once written.
import type { Db } from '../../platform/db/database';
import type { NewRow, Row } from '../../platform/db/schema';

export type PolicyRow = Row<'policies'>;

export type PolicyPageFilter = { subjectType?: number; skip: number; limit: number };

export class PolicyRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** Adds the policies that are not stored yet (a policy with the same id is the same policy). */
  async insertMissing(rows: readonly NewRow<'policies'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.#db
      .insertInto('policies')
      .values([...rows])
      .onConflict((conflict) => conflict.column('policyId').doNothing())
      .execute();
  }

  async findMany(policyIds: readonly string[]): Promise<Map<string, PolicyRow>> {
    if (policyIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('policies')
      .selectAll()
      .where('policyId', 'in', [...new Set(policyIds)])
      .execute();
    return new Map(rows.map((row) => [row.policyId, row]));
  }

  async page({ subjectType, skip, limit }: PolicyPageFilter): Promise<{ totalItem: number; rows: PolicyRow[] }> {
    const matching = this.#db
      .selectFrom('policies')
      .$if(subjectType !== undefined, (query) => query.where('subjectType', '=', subjectType as number));
    const [count, rows] = await Promise.all([
      matching.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      matching
        .selectAll()
        .orderBy('createDate', 'desc')
        .orderBy('policyId', 'desc')
        .offset(skip)
        .limit(limit)
        .execute(),
    ]);
    return { totalItem: Number(count.count), rows };
  }
}
