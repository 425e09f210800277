// Reading the contracts tables for lists (API.md §3.11): pages of a party's contracts with every
// filter, batches by id, suggestions and counts grouped by a column, a contract's history in its
// order. Also the one write that touches several contracts at once: the consumer's default contract.
import { ContractAuthStatus, ContractDisplayGroup, ContractStatus } from '@tessera/domain';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, Db } from '../../platform/db/database';
import { containsIgnoringCase, startsWithIgnoringCase } from '../../platform/db/sql';
import type { ContractRow, TransitionRecordRow } from './repo';

type ContractsEb = ExpressionBuilder<Database, 'contracts'>;

/** The two parties of a contract, each acted for by its owner. */
export type ContractSide = 'licensor' | 'licensee';

/** Whose contracts: one side's owner, or an owner of either side. */
export type ContractScope = { ownerId: number; side: ContractSide | 'either' };

export type ContractFilter = {
  scope: ContractScope;
  contractIds?: readonly string[];
  subjectIds?: readonly string[];
  subjectType?: number;
  licensorId?: string;
  licenseeId?: string;
  /** Case-insensitive parts of the parties' names. */
  licensorName?: string;
  licenseeName?: string;
  licenseeIdentityType?: number;
  isDefault?: number;
  /** A part of the contract, subject or either party's name (any case), or a whole contract id. */
  keywords?: string;
  statuses?: readonly number[];
  authStatuses?: readonly number[];
  /** The display grouping of DOMAIN §2.13: any of these groups. */
  displayGroups?: readonly number[];
  /** createDate ≥ createdFrom and < createdBefore (ISO UTC). */
  createdFrom?: string;
  createdBefore?: string;
};

export type ContractOrder = 'asc' | 'desc';

/** The columns sign counts group by (objectType 1–5). */
export type SignCountColumn = 'licensorId' | 'licensorOwnerId' | 'licenseeId' | 'licenseeOwnerId' | 'subjectId';

/** The columns keyword suggestions are taken from. */
export type SuggestionColumn = 'subjectName' | 'licensorName' | 'licenseeName';

const SUGGESTIONS = 10;
const AUTHORISED = [ContractAuthStatus.Formal, ContractAuthStatus.Test, ContractAuthStatus.Both];

/** The owner's column of a side. */
export function ownerColumn(side: ContractSide): 'licensorOwnerId' | 'licenseeOwnerId' {
  return side === 'licensor' ? 'licensorOwnerId' : 'licenseeOwnerId';
}

function inScope(eb: ContractsEb, { ownerId, side }: ContractScope): Expression<SqlBool> {
  if (side !== 'either') return eb(ownerColumn(side), '=', ownerId);
  return eb.or([eb('licensorOwnerId', '=', ownerId), eb('licenseeOwnerId', '=', ownerId)]);
}

/**
 * The rows of one display group, as contractDisplayGroup(contractDisplayState(…)) sorts them: pending is
 * in force without authorisation, authorised is in force with formal or test authorisation, stopped is
 * everything else (terminated, exception, or an authStatus the machine never derives).
 */
function inDisplayGroup(eb: ContractsEb, group: number): Expression<SqlBool> {
  const inForce = eb('status', '=', ContractStatus.InForce);
  switch (group) {
    case ContractDisplayGroup.Pending:
      return eb.and([inForce, eb('authStatus', '=', ContractAuthStatus.None)]);
    case ContractDisplayGroup.Authorized:
      return eb.and([inForce, eb('authStatus', 'in', AUTHORISED)]);
    case ContractDisplayGroup.Stopped:
      return eb.or([
        eb('status', '<>', ContractStatus.InForce),
        eb('authStatus', 'not in', [...AUTHORISED, ContractAuthStatus.None]),
      ]);
    default:
      return eb.lit(false);
  }
}

function keywordMatches(eb: ContractsEb, keywords: string): Expression<SqlBool> {
  return eb.or([
    eb('contractId', '=', keywords),
    ...(['contractName', 'subjectName', 'licensorName', 'licenseeName'] as const).map((column) =>
      containsIgnoringCase(column, keywords),
    ),
  ]);
}

function matching(eb: ContractsEb, filter: ContractFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [inScope(eb, filter.scope)];
  const anyOf = <T>(values: readonly T[], condition: (list: T[]) => Expression<SqlBool>) =>
    conditions.push(values.length === 0 ? eb.lit(false) : condition([...values]));
  if (filter.subjectType !== undefined) conditions.push(eb('subjectType', '=', filter.subjectType));
  if (filter.licensorId !== undefined) conditions.push(eb('licensorId', '=', filter.licensorId));
  if (filter.licenseeId !== undefined) conditions.push(eb('licenseeId', '=', filter.licenseeId));
  if (filter.licenseeIdentityType !== undefined)
    conditions.push(eb('licenseeIdentityType', '=', filter.licenseeIdentityType));
  if (filter.isDefault !== undefined) conditions.push(eb('isDefault', '=', filter.isDefault));
  if (filter.contractIds) anyOf(filter.contractIds, (ids) => eb('contractId', 'in', ids));
  if (filter.subjectIds) anyOf(filter.subjectIds, (ids) => eb('subjectId', 'in', ids));
  if (filter.statuses) anyOf(filter.statuses, (statuses) => eb('status', 'in', statuses));
  if (filter.authStatuses) anyOf(filter.authStatuses, (statuses) => eb('authStatus', 'in', statuses));
  if (filter.displayGroups) conditions.push(eb.or(filter.displayGroups.map((group) => inDisplayGroup(eb, group))));
  if (filter.licensorName) conditions.push(containsIgnoringCase('licensorName', filter.licensorName));
  if (filter.licenseeName) conditions.push(containsIgnoringCase('licenseeName', filter.licenseeName));
  if (filter.keywords) conditions.push(keywordMatches(eb, filter.keywords));
  if (filter.createdFrom !== undefined) conditions.push(eb('createDate', '>=', filter.createdFrom));
  if (filter.createdBefore !== undefined) conditions.push(eb('createDate', '<', filter.createdBefore));
  return eb.and(conditions);
}

const countOf = (value: number | string | bigint): number => Number(value);

export class ContractReadsRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  #matching(filter: ContractFilter) {
    return this.#db.selectFrom('contracts').where((eb) => matching(eb, filter));
  }

  async page(
    filter: ContractFilter,
    { skip, limit, order }: { skip: number; limit: number; order: ContractOrder },
  ): Promise<{ totalItem: number; rows: ContractRow[] }> {
    const [count, rows] = await Promise.all([
      this.#matching(filter)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow(),
      this.#matching(filter)
        .selectAll()
        .orderBy('createDate', order)
        .orderBy('contractId', order)
        .offset(skip)
        .limit(limit)
        .execute(),
    ]);
    return { totalItem: countOf(count.count), rows };
  }

  /** Every matching contract, newest first. */
  all(filter: ContractFilter): Promise<ContractRow[]> {
    return this.#matching(filter).selectAll().orderBy('createDate', 'desc').orderBy('contractId', 'desc').execute();
  }

  /** The most frequent values of `column` starting with `prefix` (any case), with their counts. */
  async suggestions(
    filter: ContractFilter,
    column: SuggestionColumn,
    prefix: string,
  ): Promise<{ value: string; count: number }[]> {
    const rows = await this.#matching(filter)
      .where(startsWithIgnoringCase(column, prefix))
      .select((eb) => [eb.ref(column).as('value'), eb.fn.countAll<number | string>().as('count')])
      .groupBy(column)
      .orderBy('count', 'desc')
      .orderBy('value', 'asc')
      .limit(SUGGESTIONS)
      .execute();
    // Ties in code-unit order on both databases (their collations order punctuation differently).
    return rows
      .map((row) => ({ value: row.value, count: countOf(row.count) }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  }

  /** How many matching contracts each value of `column` among `values` has (values without any are left out). */
  async countsBy(
    filter: ContractFilter,
    column: SignCountColumn,
    values: readonly (string | number)[],
  ): Promise<Map<string, number>> {
    if (values.length === 0) return new Map();
    const rows = await this.#matching(filter)
      .where(column, 'in', values as never[])
      .select((eb) => [eb.ref(column).as('key'), eb.fn.countAll<number | string>().as('count')])
      .groupBy(column)
      .execute();
    return new Map(rows.map((row) => [String(row.key), countOf(row.count)]));
  }

  /** Live contracts (in force or exception) per subject among `subjectIds`. */
  async liveCountsBySubject(subjectIds: readonly string[], subjectType?: number): Promise<Map<string, number>> {
    if (subjectIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('contracts')
      .where('subjectId', 'in', [...subjectIds])
      .where('status', '<>', ContractStatus.Terminated)
      .$if(subjectType !== undefined, (query) => query.where('subjectType', '=', subjectType as number))
      .select((eb) => ['subjectId', eb.fn.countAll<number | string>().as('count')])
      .groupBy('subjectId')
      .execute();
    return new Map(rows.map((row) => [row.subjectId, countOf(row.count)]));
  }

  async records(
    contractId: string,
    { skip, limit }: { skip: number; limit: number },
  ): Promise<{ totalItem: number; rows: TransitionRecordRow[] }> {
    const ofContract = this.#db.selectFrom('contract_transition_records').where('contractId', '=', contractId);
    const [count, rows] = await Promise.all([
      ofContract.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      ofContract.selectAll().orderBy('seq', 'asc').offset(skip).limit(limit).execute(),
    ]);
    return { totalItem: countOf(count.count), rows };
  }

  /**
   * Makes `contract` the default among its licensee owner's contracts of the same identity on the same
   * subject: every other one loses the flag. Two statements: the caller runs them in one transaction.
   */
  async makeDefault(
    contract: Pick<
      ContractRow,
      'contractId' | 'subjectId' | 'subjectType' | 'licenseeOwnerId' | 'licenseeIdentityType'
    >,
    now: string,
  ): Promise<void> {
    await this.#db
      .updateTable('contracts')
      .set({ isDefault: 0, updateDate: now })
      .where('subjectId', '=', contract.subjectId)
      .where('subjectType', '=', contract.subjectType)
      .where('licenseeOwnerId', '=', contract.licenseeOwnerId)
      .where('licenseeIdentityType', '=', contract.licenseeIdentityType)
      .where('contractId', '<>', contract.contractId)
      .where('isDefault', '<>', 0)
      .execute();
    await this.#db
      .updateTable('contracts')
      .set({ isDefault: 1, updateDate: now })
      .where('contractId', '=', contract.contractId)
      .execute();
  }
}
