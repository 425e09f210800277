// Exhibits, their policy bindings and their versions (DOMAIN §2.17, §2.18, §3.4). One exhibit per
// resource per node and one name per node (any case): unique indexes, so parallel creations give one.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('presentables')
    .addColumn('presentableId', 'text', (column) => column.primaryKey())
    .addColumn('presentableName', 'text', (column) => column.notNull())
    .addColumn('presentableNameKey', 'text', (column) => column.notNull())
    .addColumn('presentableTitle', 'text', (column) => column.notNull())
    .addColumn('intro', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('nodeId', 'integer', (column) => column.notNull())
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('resourceId', 'text', (column) => column.notNull())
    .addColumn('resourceName', 'text', (column) => column.notNull())
    .addColumn('resourceType', 'text', (column) => column.notNull())
    .addColumn('resourceOwnerId', 'integer', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('resolveResources', 'text', (column) => column.notNull())
    .addColumn('tags', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('coverImages', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('onlineStatus', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('ignoredUpdateVersion', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('presentables_node_resource')
    .on('presentables')
    .unique()
    .columns(['nodeId', 'resourceId'])
    .execute();
  await db.schema
    .createIndex('presentables_node_name')
    .on('presentables')
    .unique()
    .columns(['nodeId', 'presentableNameKey'])
    .execute();
  await db.schema.createIndex('presentables_resource').on('presentables').column('resourceId').execute();

  await db.schema
    .createTable('presentable_policies')
    .addColumn('presentableId', 'text', (column) => column.notNull())
    .addColumn('policyId', 'text', (column) => column.notNull())
    .addColumn('policyName', 'text', (column) => column.notNull())
    .addColumn('policyNameKey', 'text', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('sortNo', 'integer', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('presentable_policies_pk', ['presentableId', 'policyId'])
    .execute();
  await db.schema
    .createIndex('presentable_policies_name')
    .on('presentable_policies')
    .unique()
    .columns(['presentableId', 'policyNameKey'])
    .execute();

  await db.schema
    .createTable('presentable_versions')
    .addColumn('presentableVersionId', 'text', (column) => column.primaryKey())
    .addColumn('presentableId', 'text', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('resourceId', 'text', (column) => column.notNull())
    .addColumn('resourceSystemProperty', 'text', (column) => column.notNull())
    .addColumn('resourceCustomPropertyDescriptors', 'text', (column) => column.notNull())
    .addColumn('presentableRewriteProperty', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('dependencyTree', 'text', (column) => column.notNull())
    .addColumn('authTree', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('presentable_versions_exhibit')
    .on('presentable_versions')
    .unique()
    .columns(['presentableId', 'version'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['presentable_versions', 'presentable_policies', 'presentables'])
    await db.schema.dropTable(table).execute();
}

export const exhibitsTables: Migration = { up, down };
