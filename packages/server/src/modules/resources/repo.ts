// The resources tables: resources, their tags (for the tags filter), their policy bindings, freeze
// records, and the tag catalogue. Market filters are built here; the service decides which apply.
import { ResourceStatus } from '@tessera/domain';
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { dialectOf, type Database, type Db, type DialectName } from '../../platform/db/database';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';
import { gramToken, isGram } from '../../platform/db/search-grams';
import { heavyRead, type HeavyRead } from '../../platform/db/heavy-reads';
import { preparedQuery, type PreparedQuery } from '../../platform/db/prepared';
import type { ResourceSortField } from '@tessera/contract/resources';

export type ResourceRow = Row<'resources'>;
export type BindingRow = Row<'resource_policies'>;
export type FreezeRecordRow = Row<'resource_freeze_records'>;
export type TagRow = Row<'tag_catalogue'>;

/** What the status column holds (DOMAIN §3.1); the wire's Frozen (2) is the isFrozen column. */
export const StoredStatus = {
  Unreleased: ResourceStatus.Unreleased,
  Online: ResourceStatus.Online,
  Offline: ResourceStatus.Offline,
} as const;
export const FreezeRecordType = { Freeze: 1, Unfreeze: 2 } as const;

/** A market category condition: type under one of the codes (when given) and one of the tags (when given). */
export type CategoryCondition = { typeCodes: string[]; tags: string[] };

export type ResourceFilter = {
  /** Lower-cased words; each must occur in the search text. */
  keywords?: string[];
  typeCodes?: string[];
  typePathEntry?: string;
  omitTypePathEntry?: string;
  /** Each group: any of its tags; every group must match. */
  tagGroups?: string[][];
  userId?: number;
  /** Wire statuses (2 = frozen, whatever the stored state). */
  wireStatuses?: number[];
  subjectType?: number;
  createdFrom?: string;
  createdBefore?: string;
  /** Any of these categories. */
  categories?: CategoryCondition[];
};

export type ResourcePageRequest = {
  skip: number;
  limit: number;
  sortField: ResourceSortField;
  sortOrder: 'asc' | 'desc';
};

type ResourcesEb = ExpressionBuilder<Database, 'resources'>;

/** LIKE with the pattern's wildcards taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

function like(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

/** The JSON type path holds `entry` as one of its strings (entries never contain a quote or backslash). */
function typePathHas(entry: string): Expression<SqlBool> {
  return like('resourceType', `%${likeLiteral(JSON.stringify(entry))}%`);
}

/** `column = value`; with `unindexed`, SQLite's unary plus keeps the planner from using an index on the column. */
function columnIs(
  eb: ResourcesEb,
  column: 'status' | 'isFrozen',
  value: number,
  unindexed: boolean,
): Expression<SqlBool> {
  return unindexed ? sql<SqlBool>`+${sql.ref(column)} = ${value}` : eb(column, '=', value);
}

function wireStatusIs(eb: ResourcesEb, status: number, unindexed: boolean): Expression<SqlBool> {
  if (status === ResourceStatus.Frozen) return columnIs(eb, 'isFrozen', 1, unindexed);
  return eb.and([columnIs(eb, 'status', status, unindexed), columnIs(eb, 'isFrozen', 0, unindexed)]);
}

function hasAnyTag(eb: ResourcesEb, tags: readonly string[]): Expression<SqlBool> {
  return eb(
    'resourceId',
    'in',
    eb
      .selectFrom('resource_tags')
      .select('resource_tags.resourceId')
      .where('resource_tags.tag', 'in', [...tags]),
  );
}

function categoryMatches(eb: ResourcesEb, condition: CategoryCondition): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (condition.typeCodes.length > 0) parts.push(eb('resourceTypeCode', 'in', condition.typeCodes));
  if (condition.tags.length > 0) parts.push(hasAnyTag(eb, condition.tags));
  return eb.and(parts);
}

/** FTS5 phrase syntax: the word in double quotes, its own quotes doubled. */
function ftsPhrase(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/** The search rows (migrations 0010, 0011) whose text holds the word, by the index that finds it exactly. */
function indexedSearchRows(word: string): RawBuilder<number> {
  if (!isGram(word))
    return sql<number>`select rowid from resource_search where resource_search match ${ftsPhrase(word)}`;
  return sql<number>`select rowid from resource_search_grams where resource_search_grams match ${ftsPhrase(gramToken(word))}`;
}

/** How a filter matches one keyword against the rows it reads. */
type KeywordCondition = (word: string) => Expression<SqlBool>;

const containsWord = (word: string): Expression<SqlBool> => like('searchText', `%${likeLiteral(word)}%`);

/**
 * The search text holds the word. On SQLite a word of 3 characters or more is looked up in the
 * trigram index (migration 0010), which finds exactly the rows LIKE would; LIKE stays as the check.
 * On PostgreSQL LIKE uses the pg_trgm index by itself for such a word; a shorter one is one of the
 * text's grams (migration 0012), found by their index, LIKE again the check.
 */
function keywordOnResources(dialect: DialectName): KeywordCondition {
  return (word) => {
    const contains = containsWord(word);
    // LIKE first: when PostgreSQL scans the table (a character in most texts), it checks LIKE before the grams.
    if (dialect === 'postgres')
      return isGram(word)
        ? sql<SqlBool>`(${contains} and ${sql.ref('searchGrams')} @> array[${word}]::text[])`
        : contains;
    if (isGram(word)) return contains;
    const indexed = sql<SqlBool>`${sql.ref('resources.resourceId')} in (select ${sql.ref('resource_search_rows.resourceId')} from resource_search_rows where ${sql.ref('resource_search_rows.searchRowId')} in (${indexedSearchRows(word)}))`;
    return sql<SqlBool>`(${indexed} and ${contains})`;
  };
}

/** On the search rows themselves (SQLite): the row is among the index's; LIKE on its copy of the text stays as the check. */
const keywordOnSearchRows: KeywordCondition = (word) =>
  sql<SqlBool>`(${sql.ref('resources.searchRowId')} in (${indexedSearchRows(word)}) and ${containsWord(word)})`;

function filterConditions(
  eb: ResourcesEb,
  filter: ResourceFilter,
  dialect: DialectName,
  keywordMatches: KeywordCondition = keywordOnResources(dialect),
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const keywords = filter.keywords ?? [];
  for (const word of keywords) conditions.push(keywordMatches(word));
  // With keywords SQLite must not walk the status index of `resources` (a random read per online
  // row): it starts from the keyword index. The search rows have no such index.
  const unindexedStatus = dialect === 'sqlite' && keywords.length > 0 && keywordMatches !== keywordOnSearchRows;
  if (filter.typeCodes)
    conditions.push(filter.typeCodes.length > 0 ? eb('resourceTypeCode', 'in', filter.typeCodes) : sql<SqlBool>`1 = 0`);
  if (filter.typePathEntry) conditions.push(typePathHas(filter.typePathEntry));
  if (filter.omitTypePathEntry) conditions.push(eb.not(typePathHas(filter.omitTypePathEntry)));
  for (const group of filter.tagGroups ?? []) if (group.length > 0) conditions.push(hasAnyTag(eb, group));
  if (filter.userId !== undefined) conditions.push(eb('userId', '=', filter.userId));
  if (filter.wireStatuses)
    conditions.push(eb.or(filter.wireStatuses.map((status) => wireStatusIs(eb, status, unindexedStatus))));
  if (filter.subjectType !== undefined) conditions.push(eb('subjectType', '=', filter.subjectType));
  if (filter.createdFrom) conditions.push(eb('createDate', '>=', filter.createdFrom));
  if (filter.createdBefore) conditions.push(eb('createDate', '<', filter.createdBefore));
  if (filter.categories) conditions.push(eb.or(filter.categories.map((condition) => categoryMatches(eb, condition))));
  return conditions;
}

/** Lists of ids are looked up in slices, well below every dialect's parameter limit. */
const ID_SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += ID_SLICE) result.push(items.slice(start, start + ID_SLICE));
  return result;
}

export class ResourceRepo {
  readonly #db: Db;
  readonly #dialect: DialectName;

  constructor(db: Db) {
    this.#db = db;
    this.#generation = preparedQuery(db, 0, () =>
      db.selectFrom('resource_market_state').select('generation').where('stateId', '=', 1),
    );
    this.#dialect = dialectOf(db);
  }

  inTransaction<T>(work: (repo: ResourceRepo, trx: Db) => Promise<T>): Promise<T> {
    return this.#db.transaction().execute((trx) => work(new ResourceRepo(trx), trx));
  }

  /** Deletes the resource while it is unreleased, unfrozen and without a version; false when it is not. */
  async deleteUnreleased(resourceId: string): Promise<boolean> {
    const result = await this.#db
      .deleteFrom('resources')
      .where('resourceId', '=', resourceId)
      .where('status', '=', StoredStatus.Unreleased)
      .where('latestVersion', '=', '')
      .where('isFrozen', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  // ── resources ──

  async insertResource(resource: NewRow<'resources'>, tags: readonly string[]): Promise<void> {
    await this.#db.insertInto('resources').values(resource).execute();
    await this.#insertTags(resource.resourceId, tags);
  }

  /**
   * Changes the row only while its latest version is still `latestVersion`; false when another
   * version got there first (the update waits for that transaction, then finds the row changed).
   */
  async updateWhileLatestVersion(
    resourceId: string,
    latestVersion: string,
    changes: RowUpdate<'resources'>,
  ): Promise<boolean> {
    const result = await this.#db
      .updateTable('resources')
      .set(changes)
      .where('resourceId', '=', resourceId)
      .where('latestVersion', '=', latestVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Changes the row; `tags` (when given) replace the tag rows. */
  async updateResource(resourceId: string, changes: RowUpdate<'resources'>, tags?: readonly string[]): Promise<void> {
    await this.#db.updateTable('resources').set(changes).where('resourceId', '=', resourceId).execute();
    if (tags === undefined) return;
    await this.#db.deleteFrom('resource_tags').where('resourceId', '=', resourceId).execute();
    await this.#insertTags(resourceId, tags);
  }

  async #insertTags(resourceId: string, tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    await this.#db
      .insertInto('resource_tags')
      .values(tags.map((tag) => ({ resourceId, tag })))
      .execute();
  }

  findById(resourceId: string): Promise<ResourceRow | undefined> {
    return this.#db.selectFrom('resources').selectAll().where('resourceId', '=', resourceId).executeTakeFirst();
  }

  findByNameKey(nameKey: string): Promise<ResourceRow | undefined> {
    return this.#db.selectFrom('resources').selectAll().where('resourceNameKey', '=', nameKey).executeTakeFirst();
  }

  async findByIds(resourceIds: readonly string[]): Promise<ResourceRow[]> {
    const rows: ResourceRow[] = [];
    for (const slice of slices([...new Set(resourceIds)])) {
      rows.push(...(await this.#db.selectFrom('resources').selectAll().where('resourceId', 'in', slice).execute()));
    }
    return rows;
  }

  findByNameKeys(nameKeys: readonly string[]): Promise<ResourceRow[]> {
    if (nameKeys.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('resources')
      .selectAll()
      .where('resourceNameKey', 'in', [...new Set(nameKeys)])
      .execute();
  }

  /** Name keys that start with the prefix (candidates for a generated name). */
  async nameKeysStartingWith(prefix: string): Promise<Set<string>> {
    const rows = await this.#db
      .selectFrom('resources')
      .select('resourceNameKey')
      .where(like('resourceNameKey', `${likeLiteral(prefix)}%`))
      .execute();
    return new Set(rows.map((row) => row.resourceNameKey));
  }

  async page(filter: ResourceFilter, page: ResourcePageRequest): Promise<{ totalItem: number; rows: ResourceRow[] }> {
    if (this.#dialect === 'sqlite' && (filter.keywords ?? []).length > 0)
      return this.#keywordPageOnSearchRows(filter, page);
    const matching = this.#db
      .selectFrom('resources')
      .where((eb) => eb.and(filterConditions(eb, filter, this.#dialect)));
    const [count, rows] = await Promise.all([
      this.#maintainedCount(filter).then(
        async (maintained) =>
          maintained ??
          Number(
            (
              await heavyRead(
                this.#db,
                matching.select((eb) => eb.fn.countAll<number | string>().as('count')),
              )
            )[0]?.count ?? 0,
          ),
      ),
      this.#pageRows(
        matching
          .selectAll()
          .orderBy(page.sortField, page.sortOrder)
          .orderBy('resourceId', page.sortOrder)
          .offset(page.skip)
          .limit(page.limit),
        filter,
      ),
    ]);
    return { totalItem: count, rows };
  }

  /** A page in market order stops after its rows, unless keywords make it collect and sort their matches. */
  #pageRows(query: HeavyRead<ResourceRow>, filter: ResourceFilter): Promise<ResourceRow[]> {
    return (filter.keywords ?? []).length > 0 ? heavyRead(this.#db, query) : query.execute();
  }

  /**
   * The filter's count from the maintained counts (migration 0019) when it asks only for online or
   * offline resources, of any type or of some type codes; undefined when it asks for more.
   */
  async #maintainedCount(filter: ResourceFilter): Promise<number | undefined> {
    const statuses = filter.wireStatuses ?? [];
    const countable =
      statuses.length > 0 &&
      statuses.every((status) => status === ResourceStatus.Online || status === ResourceStatus.Offline) &&
      (filter.keywords ?? []).length === 0 &&
      (filter.tagGroups ?? []).every((group) => group.length === 0) &&
      filter.typePathEntry === undefined &&
      filter.omitTypePathEntry === undefined &&
      filter.userId === undefined &&
      filter.subjectType === undefined &&
      filter.createdFrom === undefined &&
      filter.createdBefore === undefined &&
      filter.categories === undefined;
    if (!countable) return undefined;
    if (filter.typeCodes?.length === 0) return 0;
    const sums = await this.#db
      .selectFrom('resource_market_counts')
      .select((eb) => [
        eb.fn.sum<number | string | null>('online').as('online'),
        eb.fn.sum<number | string | null>('offline').as('offline'),
      ])
      .$if(filter.typeCodes !== undefined, (query) =>
        query.where('resourceTypeCode', 'in', filter.typeCodes as string[]),
      )
      .executeTakeFirstOrThrow();
    return (
      (statuses.includes(ResourceStatus.Online) ? Number(sums.online ?? 0) : 0) +
      (statuses.includes(ResourceStatus.Offline) ? Number(sums.offline ?? 0) : 0)
    );
  }

  /** The market's generation (migration 0019): it changes with every write a market page could show. */
  /** Read before every kept market page is served: compiled once. */
  readonly #generation: PreparedQuery<[], { generation: number }>;

  async marketGeneration(): Promise<number> {
    const [state] = await this.#generation();
    if (!state) throw new Error('the market state row is missing (migration 0019)');
    return Number(state.generation);
  }

  /**
   * A keyword search on SQLite: the matches are counted and ranked in one pass over the keyword
   * index and the search rows (migration 0011), which carry every column a filter or an order reads
   * under the names `resources` has; only the page's rows are then read from `resources`.
   */
  async #keywordPageOnSearchRows(
    filter: ResourceFilter,
    page: ResourcePageRequest,
  ): Promise<{ totalItem: number; rows: ResourceRow[] }> {
    // Typed as `resources` for the filter; only the copied columns are ever read from it.
    const matching = this.#db
      .selectFrom(sql<ResourceRow & { searchRowId: number }>`resource_search_rows`.as('resources'))
      .where((eb) =>
        eb.and(filterConditions(eb as unknown as ResourcesEb, filter, this.#dialect, keywordOnSearchRows)),
      );
    // The search's cost is here (collecting and sorting every match): off the event loop.
    const ranked = await heavyRead(
      this.#db,
      matching
        .select(['resourceId', sql<number>`count(*) over ()`.as('total')])
        .orderBy(page.sortField, page.sortOrder)
        .orderBy('resourceId', page.sortOrder)
        .offset(page.skip)
        .limit(page.limit),
    );
    const total =
      ranked[0]?.total ??
      (page.skip === 0
        ? 0
        : Number(
            (
              await heavyRead(
                this.#db,
                matching.select((eb) => eb.fn.countAll<number>().as('count')),
              )
            )[0]?.count,
          ));
    const byId = new Map(
      (await this.findByIds(ranked.map((row) => row.resourceId))).map((row) => [row.resourceId, row]),
    );
    return { totalItem: total, rows: ranked.flatMap((row) => byId.get(row.resourceId) ?? []) };
  }

  /** Which of the resources pass the filter. */
  async idsMatching(resourceIds: readonly string[], filter: ResourceFilter): Promise<Set<string>> {
    const found = new Set<string>();
    for (const slice of slices([...new Set(resourceIds)])) {
      const rows = await this.#db
        .selectFrom('resources')
        .select('resourceId')
        .where('resourceId', 'in', slice)
        .where((eb) => eb.and(filterConditions(eb, filter, this.#dialect)))
        .execute();
      for (const row of rows) found.add(row.resourceId);
    }
    return found;
  }

  /** Resources per owner among the given users. */
  async countByUsers(userIds: readonly number[], filter: ResourceFilter): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('resources')
      .select((eb) => ['userId', eb.fn.countAll<number | string>().as('count')])
      .where('userId', 'in', [...userIds])
      .where((eb) => eb.and(filterConditions(eb, filter, this.#dialect)))
      .groupBy('userId')
      .execute();
    return new Map(rows.map((row) => [row.userId, Number(row.count)]));
  }

  /** Online, unfrozen resources per type code. */
  async onlineCountsByTypeCode(): Promise<Map<string, number>> {
    const rows = await this.#db
      .selectFrom('resources')
      .select((eb) => ['resourceTypeCode', eb.fn.countAll<number | string>().as('count')])
      .where('status', '=', StoredStatus.Online)
      .where('isFrozen', '=', 0)
      .groupBy('resourceTypeCode')
      .execute();
    return new Map(rows.map((row) => [row.resourceTypeCode, Number(row.count)]));
  }

  /** Custom sub-types in use, most used first: of one user's resources, or of online ones. */
  async customTypes(
    userId: number | undefined,
    limit: number,
  ): Promise<{ resourceTypeCode: string; customTypeName: string; count: number }[]> {
    const rows = await this.#db
      .selectFrom('resources')
      .select((eb) => ['resourceTypeCode', 'customTypeName', eb.fn.countAll<number | string>().as('count')])
      .where('customTypeName', '<>', '')
      .$if(userId !== undefined, (query) => query.where('userId', '=', userId as number))
      .$if(userId === undefined, (query) => query.where('status', '=', StoredStatus.Online).where('isFrozen', '=', 0))
      .groupBy(['resourceTypeCode', 'customTypeName'])
      .orderBy('count', 'desc')
      .orderBy('customTypeName')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      resourceTypeCode: row.resourceTypeCode,
      customTypeName: row.customTypeName,
      count: Number(row.count),
    }));
  }

  /** The user's newest resources' types, newest first (repeats included). */
  recentTypes(
    userId: number,
    limit: number,
  ): Promise<Pick<ResourceRow, 'resourceType' | 'resourceTypeCode' | 'customTypeName'>[]> {
    return this.#db
      .selectFrom('resources')
      .select(['resourceType', 'resourceTypeCode', 'customTypeName'])
      .where('userId', '=', userId)
      .orderBy('createDate', 'desc')
      .orderBy('resourceId', 'desc')
      .limit(limit)
      .execute();
  }

  // ── policy bindings ──

  async bindingsOf(resourceIds: readonly string[]): Promise<Map<string, BindingRow[]>> {
    const byResource = new Map<string, BindingRow[]>();
    for (const slice of slices([...new Set(resourceIds)])) {
      const rows = await this.#db
        .selectFrom('resource_policies')
        .selectAll()
        .where('resourceId', 'in', slice)
        .orderBy('sortNo')
        .execute();
      for (const row of rows) byResource.set(row.resourceId, [...(byResource.get(row.resourceId) ?? []), row]);
    }
    return byResource;
  }

  async insertBindings(bindings: readonly NewRow<'resource_policies'>[]): Promise<void> {
    if (bindings.length === 0) return;
    await this.#db
      .insertInto('resource_policies')
      .values([...bindings])
      .execute();
  }

  async updateBinding(resourceId: string, policyId: string, changes: RowUpdate<'resource_policies'>): Promise<void> {
    await this.#db
      .updateTable('resource_policies')
      .set(changes)
      .where('resourceId', '=', resourceId)
      .where('policyId', '=', policyId)
      .execute();
  }

  // ── freezing ──

  async insertFreezeRecord(record: NewRow<'resource_freeze_records'>): Promise<void> {
    await this.#db.insertInto('resource_freeze_records').values(record).execute();
  }

  /** The newest freeze record of each resource. */
  async latestFreezeRecords(resourceIds: readonly string[]): Promise<Map<string, FreezeRecordRow>> {
    const latest = new Map<string, FreezeRecordRow>();
    for (const slice of slices([...new Set(resourceIds)])) {
      const rows = await this.#db
        .selectFrom('resource_freeze_records')
        .selectAll()
        .where('resourceId', 'in', slice)
        .where('type', '=', FreezeRecordType.Freeze)
        .orderBy('createDate')
        .orderBy('recordId')
        .execute();
      for (const row of rows) latest.set(row.resourceId, row);
    }
    return latest;
  }

  freezeRecordsOf(resourceId: string): Promise<FreezeRecordRow[]> {
    return this.#db
      .selectFrom('resource_freeze_records')
      .selectAll()
      .where('resourceId', '=', resourceId)
      .orderBy('createDate')
      .orderBy('recordId')
      .execute();
  }

  // ── tag catalogue ──

  listTags(): Promise<TagRow[]> {
    return this.#db.selectFrom('tag_catalogue').selectAll().orderBy('tagId').execute();
  }
}
