// The reads behind statements, records and the transaction statistics (DOMAIN §7.5). Every read starts
// from the ledger entries of one account: each record has exactly one entry per party (payer ≠ payee), so
// "the caller's entry" of a record is the record seen from the caller's side, and the other party is the
// record's other account. Nothing here writes.
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Db } from '../../platform/db/database';

/** Filters of a statement (all optional; amounts in signed cents from the account's side, dates ISO UTC). */
export type LineFilter = {
  recordId?: string;
  createdFrom?: string;
  createdBefore?: string;
  amountMin?: number;
  amountMax?: number;
  serialNo?: number;
  status?: number;
  transactionType?: number;
  keywords?: string;
  /** Contract payments on these subjects only (attachInfo.subjectId / subjectType). */
  subjectId?: string;
  subjectType?: number;
};

export type StatementLineRow = {
  serialNo: number;
  recordId: string;
  accountId: string;
  accountName: string;
  accountType: number;
  reciprocalAccountId: string;
  reciprocalAccountName: string;
  reciprocalAccountType: number;
  amount: number;
  beforeBalance: number;
  afterBalance: number;
  transactionType: number;
  remark: string;
  digest: string;
  attachInfo: string;
  status: number;
  operatorId: number;
  operatorName: string;
  authorizationType: string;
  createDate: string;
};

/** A LIKE pattern for "contains", lower-cased, with the wildcards of `text` taken literally. */
const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class StatementRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** One page of the account's lines, newest (highest serial number) first, and how many match in all. */
  async page(
    accountId: string,
    filter: LineFilter,
    { skip, limit }: { skip: number; limit: number },
  ): Promise<{ totalItem: number; rows: StatementLineRow[] }> {
    const counted = await this.#lines(accountId, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const totalItem = Number(counted.n);
    if (totalItem === 0 || skip >= totalItem) return { totalItem, rows: [] };
    const rows = await this.#lines(accountId, filter)
      .select([
        'e.serialNo',
        'e.recordId',
        'e.accountId',
        'a.accountName',
        'a.accountType',
        'o.accountId as reciprocalAccountId',
        'o.accountName as reciprocalAccountName',
        'o.accountType as reciprocalAccountType',
        'e.amount',
        'e.beforeBalance',
        'e.afterBalance',
        'r.transactionType',
        'r.remark',
        'r.digest',
        'r.attachInfo',
        'r.status',
        'r.operatorId',
        'r.operatorName',
        'r.authorizationType',
        'e.createDate',
      ])
      .orderBy('e.serialNo', 'desc')
      .offset(skip)
      .limit(limit)
      .execute();
    return { totalItem, rows: rows.map(numbersOf) };
  }

  /** The account's entries (signed cents, time, attachInfo) matching the filter, for the statistics. */
  async amounts(
    accountId: string,
    filter: LineFilter,
  ): Promise<{ amount: number; createDate: string; attachInfo: string }[]> {
    const rows = await this.#lines(accountId, filter).select(['e.amount', 'e.createDate', 'r.attachInfo']).execute();
    return rows.map((row) => ({ ...row, amount: Number(row.amount) }));
  }

  /** The sum of the account's entries matching the filter (signed cents). */
  async sum(accountId: string, filter: LineFilter): Promise<number> {
    const row = await this.#lines(accountId, filter)
      .select(sql<number | string | null>`sum(${sql.ref('e.amount')})`.as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  }

  #lines(accountId: string, filter: LineFilter) {
    let query = this.#db
      .selectFrom('wallet_ledger_entries as e')
      .innerJoin('wallet_transaction_records as r', 'r.recordId', 'e.recordId')
      .innerJoin('wallet_accounts as a', 'a.accountId', 'e.accountId')
      .innerJoin('wallet_accounts as o', (join) =>
        join.on((eb) =>
          eb(
            'o.accountId',
            '=',
            eb
              .case()
              .when('r.fromAccountId', '=', eb.ref('e.accountId'))
              .then(eb.ref('r.toAccountId'))
              .else(eb.ref('r.fromAccountId'))
              .end(),
          ),
        ),
      )
      .where('e.accountId', '=', accountId);
    if (filter.recordId !== undefined) query = query.where('e.recordId', '=', filter.recordId);
    if (filter.createdFrom !== undefined) query = query.where('e.createDate', '>=', filter.createdFrom);
    if (filter.createdBefore !== undefined) query = query.where('e.createDate', '<', filter.createdBefore);
    if (filter.amountMin !== undefined) query = query.where('e.amount', '>=', filter.amountMin);
    if (filter.amountMax !== undefined) query = query.where('e.amount', '<=', filter.amountMax);
    if (filter.serialNo !== undefined) query = query.where('e.serialNo', '=', filter.serialNo);
    if (filter.status !== undefined) query = query.where('r.status', '=', filter.status);
    if (filter.transactionType !== undefined) query = query.where('r.transactionType', '=', filter.transactionType);
    if (filter.subjectId !== undefined) query = query.where(this.#attached('subjectId', filter.subjectId));
    if (filter.subjectType !== undefined)
      query = query.where(this.#attached('subjectType', String(filter.subjectType)));
    const { keywords } = filter;
    if (keywords !== undefined) {
      const pattern = containsPattern(keywords);
      const contains = (text: Expression<unknown>): RawBuilder<SqlBool> =>
        sql<SqlBool>`lower(coalesce(${text}, '')) like ${pattern} escape '\\'`;
      query = query.where((eb) =>
        eb.or([
          contains(eb.ref('r.digest')),
          contains(eb.ref('r.remark')),
          contains(eb.ref('o.accountName')),
          contains(eb.ref('o.ownerName')),
          contains(this.#attachField('contractName')),
        ]),
      );
    }
    return query;
  }

  /** attachInfo's field equals the text (numbers compared as their decimal text). */
  #attached(field: string, value: string): RawBuilder<SqlBool> {
    return sql<SqlBool>`${this.#attachField(field)} = ${value}`;
  }

  /** A field of the record's attachInfo JSON, as text (null when absent). */
  #attachField(field: string): RawBuilder<string | null> {
    const column = sql.ref('r.attachInfo');
    return dialectOf(this.#db) === 'postgres'
      ? sql<string | null>`(${column}::json ->> ${field})`
      : sql<string | null>`cast(json_extract(${column}, ${`$.${field}`}) as text)`;
  }
}

/** PostgreSQL answers bigint columns as text. */
function numbersOf(row: StatementLineRow): StatementLineRow {
  return {
    ...row,
    serialNo: Number(row.serialNo),
    amount: Number(row.amount),
    beforeBalance: Number(row.beforeBalance),
    afterBalance: Number(row.afterBalance),
  };
}
