// The buckets and objects tables. Object rows copy the file's size and MIME type, so quota sums,
// bucket totals and list filters need no join with the files module's tables.
import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database, Db } from '../../platform/db/database';
import type { NewRow, Row, RowUpdate } from '../../platform/db/schema';
import { containsIgnoringCase } from '../../platform/db/sql';
import { BucketType, type ObjectSortField } from '@tessera/contract/storage';

export type BucketRow = Row<'buckets'>;
export type ObjectRow = Row<'objects'>;
export type BucketTotals = { totalFileQuantity: number; totalFileSize: number };

export type ObjectFilter = {
  keywords?: string;
  /** Objects whose type path has one of these entries… */
  resourceType?: string;
  resourceTypeCode?: string;
  /** …or no type at all. */
  includeTypeless?: boolean;
  omitResourceType?: string;
  /** Exact types (`image/png`) or families (`image`). */
  mimes?: string[];
  /** Lower-case extensions without the dot. */
  extNames?: string[];
};

export type ObjectPageRequest = { skip: number; limit: number; sortField: ObjectSortField; sortOrder: 'asc' | 'desc' };

type ObjectsEb = ExpressionBuilder<Database, 'objects'>;

/** LIKE with the pattern's wildcards taken literally; `%` only where the caller puts it. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The JSON type path holds `entry` as one of its strings (entries never contain a quote). */
function typePathHas(entry: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref('resourceType')} like ${`%${likeLiteral(JSON.stringify(entry))}%`} escape '\\'`;
}

/** `lower(column) like pattern`, the pattern already escaped where it must be literal. */
function lowerLike(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

function mimeMatches(mime: string): Expression<SqlBool> {
  const wanted = mime.toLowerCase();
  return lowerLike('mime', wanted.includes('/') ? likeLiteral(wanted) : `${likeLiteral(wanted)}/%`);
}

function filterConditions(eb: ObjectsEb, filter: ObjectFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.keywords) conditions.push(containsIgnoringCase('objectName', filter.keywords));
  const typed: Expression<SqlBool>[] = [];
  if (filter.resourceType) typed.push(typePathHas(filter.resourceType));
  if (filter.resourceTypeCode) typed.push(eb('resourceTypeCode', '=', filter.resourceTypeCode));
  if (typed.length > 0) {
    const wanted = eb.and(typed);
    conditions.push(filter.includeTypeless ? eb.or([wanted, eb('resourceType', '=', '[]')]) : wanted);
  }
  if (filter.omitResourceType) conditions.push(eb.not(typePathHas(filter.omitResourceType)));
  if (filter.mimes && filter.mimes.length > 0) {
    conditions.push(eb.or(filter.mimes.map(mimeMatches)));
  }
  if (filter.extNames && filter.extNames.length > 0) {
    conditions.push(
      eb.or(filter.extNames.map((ext) => lowerLike('objectName', `%.${likeLiteral(ext.toLowerCase())}`))),
    );
  }
  return conditions;
}

export class StorageRepo {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The same repo on a transaction. */
  within(trx: Db): StorageRepo {
    return new StorageRepo(trx);
  }

  // ── buckets ──

  async insertBucket(bucket: NewRow<'buckets'>): Promise<void> {
    await this.#db.insertInto('buckets').values(bucket).execute();
  }

  /** The user bucket of that name, whoever owns it. */
  findUserBucket(bucketName: string): Promise<BucketRow | undefined> {
    return this.#db
      .selectFrom('buckets')
      .selectAll()
      .where('bucketName', '=', bucketName)
      .where('bucketType', '=', BucketType.User)
      .executeTakeFirst();
  }

  /** A bucket of the user (a user bucket or the user's system bucket). */
  findOwnBucket(userId: number, bucketName: string): Promise<BucketRow | undefined> {
    return this.#db
      .selectFrom('buckets')
      .selectAll()
      .where('userId', '=', userId)
      .where('bucketName', '=', bucketName)
      .executeTakeFirst();
  }

  async countUserBuckets(userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom('buckets')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('userId', '=', userId)
      .where('bucketType', '=', BucketType.User)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The user's buckets by name; bucketType 0 means all. */
  listBuckets(userId: number, bucketType: number): Promise<BucketRow[]> {
    return this.#db
      .selectFrom('buckets')
      .selectAll()
      .where('userId', '=', userId)
      .$if(bucketType !== 0, (query) => query.where('bucketType', '=', bucketType))
      .orderBy('bucketName')
      .execute();
  }

  async bucketTotals(bucketIds: readonly string[]): Promise<Map<string, BucketTotals>> {
    if (bucketIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('objects')
      .select((eb) => [
        'bucketId',
        eb.fn.countAll<number | string>().as('quantity'),
        eb.fn.sum<number | string>('fileSize').as('size'),
      ])
      .where('bucketId', 'in', bucketIds)
      .groupBy('bucketId')
      .execute();
    return new Map(
      rows.map((row) => [row.bucketId, { totalFileQuantity: Number(row.quantity), totalFileSize: Number(row.size) }]),
    );
  }

  /** Removes the bucket and its objects. */
  async deleteBucket(bucketId: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('objects').where('bucketId', '=', bucketId).execute();
      await trx.deleteFrom('buckets').where('bucketId', '=', bucketId).execute();
    });
  }

  // ── objects ──

  async insertObject(object: NewRow<'objects'>): Promise<void> {
    await this.#db.insertInto('objects').values(object).execute();
  }

  async updateObject(objectId: string, changes: RowUpdate<'objects'>): Promise<void> {
    await this.#db.updateTable('objects').set(changes).where('objectId', '=', objectId).execute();
  }

  async updateObjects(objectIds: readonly string[], changes: RowUpdate<'objects'>): Promise<void> {
    if (objectIds.length === 0) return;
    await this.#db.updateTable('objects').set(changes).where('objectId', 'in', objectIds).execute();
  }

  findObject(objectId: string): Promise<ObjectRow | undefined> {
    return this.#db.selectFrom('objects').selectAll().where('objectId', '=', objectId).executeTakeFirst();
  }

  findObjectByName(bucketId: string, objectName: string): Promise<ObjectRow | undefined> {
    return this.#db
      .selectFrom('objects')
      .selectAll()
      .where('bucketId', '=', bucketId)
      .where('objectName', '=', objectName)
      .executeTakeFirst();
  }

  /** The user's object named `bucket/objectName`. */
  findOwnObjectByName(userId: number, bucketName: string, objectName: string): Promise<ObjectRow | undefined> {
    return this.#db
      .selectFrom('objects')
      .selectAll()
      .where('userId', '=', userId)
      .where('bucketName', '=', bucketName)
      .where('objectName', '=', objectName)
      .executeTakeFirst();
  }

  /** The user's objects among the ids (in no particular order). */
  findOwnObjects(userId: number, objectIds: readonly string[]): Promise<ObjectRow[]> {
    if (objectIds.length === 0) return Promise.resolve([]);
    return this.#db
      .selectFrom('objects')
      .selectAll()
      .where('userId', '=', userId)
      .where('objectId', 'in', objectIds)
      .execute();
  }

  /** Full names of the given objects, by id. */
  async fullNamesOf(objectIds: readonly string[]): Promise<Map<string, string>> {
    if (objectIds.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom('objects')
      .select(['objectId', 'bucketName', 'objectName'])
      .where('objectId', 'in', objectIds)
      .execute();
    return new Map(rows.map((row) => [row.objectId, `${row.bucketName}/${row.objectName}`]));
  }

  async pageObjects(
    bucketId: string,
    filter: ObjectFilter,
    page: ObjectPageRequest,
  ): Promise<{ totalItem: number; rows: ObjectRow[] }> {
    const matching = this.#db
      .selectFrom('objects')
      .where('bucketId', '=', bucketId)
      .where((eb) => eb.and(filterConditions(eb, filter)));
    const [count, rows] = await Promise.all([
      matching.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
      matching
        .selectAll()
        .orderBy(page.sortField, page.sortOrder)
        .orderBy('objectId', page.sortOrder)
        .offset(page.skip)
        .limit(page.limit)
        .execute(),
    ]);
    return { totalItem: Number(count.count), rows };
  }

  async deleteObjects(objectIds: readonly string[]): Promise<void> {
    if (objectIds.length === 0) return;
    await this.#db.deleteFrom('objects').where('objectId', 'in', objectIds).execute();
  }

  /** Removes the objects of one bucket that carry these owner keys or these names. */
  async deleteKeyedObjects(
    bucketId: string,
    ownerKeys: readonly number[],
    objectNames: readonly string[],
  ): Promise<number> {
    if (ownerKeys.length === 0 && objectNames.length === 0) return 0;
    const result = await this.#db
      .deleteFrom('objects')
      .where('bucketId', '=', bucketId)
      .where((eb) => {
        const matches: Expression<SqlBool>[] = [];
        if (ownerKeys.length > 0) matches.push(eb('ownerKey', 'in', ownerKeys));
        if (objectNames.length > 0) matches.push(eb('objectName', 'in', objectNames));
        return eb.or(matches);
      })
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findKeyedObject(bucketId: string, ownerKey: number): Promise<ObjectRow | undefined> {
    return this.#db
      .selectFrom('objects')
      .selectAll()
      .where('bucketId', '=', bucketId)
      .where('ownerKey', '=', ownerKey)
      .executeTakeFirst();
  }

  async countObjects(bucketId: string): Promise<number> {
    const row = await this.#db
      .selectFrom('objects')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('bucketId', '=', bucketId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Bytes of all the user's objects (the quota's measure, DOMAIN §3.10). */
  async usedBytes(userId: number): Promise<number> {
    const row = await this.#db
      .selectFrom('objects')
      .select((eb) => eb.fn.sum<number | string | null>('fileSize').as('size'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.size ?? 0);
  }

  /** Which of the files some object uses; with `userId`, an object of that user's. */
  async sha1sInUse(sha1s: readonly string[], userId?: number): Promise<Set<string>> {
    if (sha1s.length === 0) return new Set();
    const rows = await this.#db
      .selectFrom('objects')
      .select('sha1')
      .distinct()
      .where('sha1', 'in', sha1s)
      .$if(userId !== undefined, (query) => query.where('userId', '=', userId as number))
      .execute();
    return new Set(rows.map((row) => row.sha1));
  }
}
