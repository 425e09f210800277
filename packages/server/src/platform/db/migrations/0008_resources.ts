// Resources (DOMAIN §2.5, §2.9, §2.10, §2.12, §3.1): resources with their tags and policy bindings,
// the platform's content-addressed policies, freeze records, the tag catalogue (with its first
// entries) and favourites.
import type { Kysely, Migration } from 'kysely';

/** The first tag catalogue (DOMAIN §2.9): [name, tagType, authority, rangeType, range]. */
const FIRST_TAGS: [string, number, number, number, string[]][] = [
  ['原创', 1, 1, 3, []],
  ['教程', 1, 1, 2, ['catalog']],
  ['插画', 1, 1, 1, ['image']],
  ['摄影', 1, 1, 1, ['image', 'video']],
  ['风景', 1, 1, 1, ['image', 'video']],
  ['小说', 1, 1, 1, ['markdown']],
  ['科幻', 1, 1, 1, ['markdown', 'video', 'image']],
  ['音乐', 1, 1, 1, ['audio', 'video']],
  ['开源', 1, 1, 1, ['widget', 'theme', 'json']],
  ['测试数据', 1, 2, 3, []],
  ['编辑推荐', 2, 3, 3, []],
  ['推荐主题', 2, 3, 1, ['theme']],
  ['占位主题', 2, 3, 1, ['theme']],
];

async function createResources(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resources')
    .addColumn('resourceId', 'text', (column) => column.primaryKey())
    .addColumn('resourceName', 'text', (column) => column.notNull())
    // resourceName lower-cased: names are unique whatever their case.
    .addColumn('resourceNameKey', 'text', (column) => column.notNull())
    .addColumn('resourceTitle', 'text', (column) => column.notNull())
    .addColumn('resourceType', 'text', (column) => column.notNull())
    .addColumn('resourceTypeCode', 'text', (column) => column.notNull())
    .addColumn('customTypeName', 'text', (column) => column.notNull())
    .addColumn('userId', 'integer', (column) => column.notNull().references('users.userId'))
    .addColumn('username', 'text', (column) => column.notNull())
    .addColumn('intro', 'text', (column) => column.notNull())
    .addColumn('coverImages', 'text', (column) => column.notNull())
    .addColumn('tags', 'text', (column) => column.notNull())
    .addColumn('subjectType', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('isFrozen', 'integer', (column) => column.notNull())
    .addColumn('latestVersion', 'text', (column) => column.notNull())
    .addColumn('resourceVersions', 'text', (column) => column.notNull())
    .addColumn('baseUpcastResources', 'text', (column) => column.notNull())
    .addColumn('searchText', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('resources_name_key_unique').on('resources').unique().column('resourceNameKey').execute();
  await db.schema
    .createIndex('resources_market')
    .on('resources')
    .columns(['status', 'isFrozen', 'createDate'])
    .execute();
  await db.schema.createIndex('resources_user').on('resources').columns(['userId', 'createDate']).execute();
  await db.schema.createIndex('resources_type_code').on('resources').columns(['resourceTypeCode', 'status']).execute();

  await db.schema
    .createTable('resource_tags')
    .addColumn('resourceId', 'text', (column) =>
      column.notNull().references('resources.resourceId').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('resource_tags_pk', ['resourceId', 'tag'])
    .execute();
  await db.schema.createIndex('resource_tags_tag').on('resource_tags').column('tag').execute();

  await db.schema
    .createTable('resource_freeze_records')
    .addColumn('recordId', 'text', (column) => column.primaryKey())
    .addColumn('resourceId', 'text', (column) =>
      column.notNull().references('resources.resourceId').onDelete('cascade'),
    )
    .addColumn('operatorUserId', 'integer', (column) => column.notNull())
    .addColumn('type', 'integer', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('remark', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('resource_freeze_records_resource')
    .on('resource_freeze_records')
    .columns(['resourceId', 'createDate'])
    .execute();
}

async function createPolicies(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('policies')
    .addColumn('policyId', 'text', (column) => column.primaryKey())
    .addColumn('policyText', 'text', (column) => column.notNull())
    .addColumn('subjectType', 'integer', (column) => column.notNull())
    .addColumn('fsmDeclarationInfo', 'text', (column) => column.notNull())
    .addColumn('fsmDescriptionInfo', 'text', (column) => column.notNull())
    .addColumn('isFree', 'integer', (column) => column.notNull())
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('policies_subject_date').on('policies').columns(['subjectType', 'createDate']).execute();

  await db.schema
    .createTable('resource_policies')
    .addColumn('resourceId', 'text', (column) =>
      column.notNull().references('resources.resourceId').onDelete('cascade'),
    )
    .addColumn('policyId', 'text', (column) => column.notNull().references('policies.policyId'))
    .addColumn('policyName', 'text', (column) => column.notNull())
    .addColumn('policyNameKey', 'text', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('sortNo', 'integer', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('resource_policies_pk', ['resourceId', 'policyId'])
    .execute();
  await db.schema
    .createIndex('resource_policies_name_unique')
    .on('resource_policies')
    .unique()
    .columns(['resourceId', 'policyNameKey'])
    .execute();
}

async function createTagCatalogue(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tag_catalogue')
    .addColumn('tagId', 'integer', (column) => column.primaryKey())
    .addColumn('tagName', 'text', (column) => column.notNull().unique())
    .addColumn('tagType', 'integer', (column) => column.notNull())
    .addColumn('authority', 'integer', (column) => column.notNull())
    .addColumn('resourceRangeType', 'integer', (column) => column.notNull())
    .addColumn('resourceRange', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('tag_catalogue' as never)
    .values(
      FIRST_TAGS.map(([tagName, tagType, authority, resourceRangeType, range], index) => ({
        tagId: index + 1,
        tagName,
        tagType,
        authority,
        resourceRangeType,
        resourceRange: JSON.stringify(range),
        createDate: now,
        updateDate: now,
      })) as never,
    )
    .execute();
}

async function createFavourites(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_favourites')
    .addColumn('userId', 'integer', (column) => column.notNull().references('users.userId').onDelete('cascade'))
    .addColumn('resourceId', 'text', (column) =>
      column.notNull().references('resources.resourceId').onDelete('cascade'),
    )
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('resource_favourites_pk', ['userId', 'resourceId'])
    .execute();
  await db.schema.createIndex('resource_favourites_resource').on('resource_favourites').column('resourceId').execute();
  await db.schema
    .createIndex('resource_favourites_user_date')
    .on('resource_favourites')
    .columns(['userId', 'createDate'])
    .execute();
}

export const resources: Migration = {
  async up(db: Kysely<unknown>) {
    await createResources(db);
    await createPolicies(db);
    await createTagCatalogue(db);
    await createFavourites(db);
  },
};
