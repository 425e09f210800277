// Resource versions and version drafts (DOMAIN §2.6, §2.7, §3.2). Lists inside a version
// (dependencies, upcasts, resolved resources, descriptors, system property) are JSON text: they are
// read and written whole with their version.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resource_versions')
    .addColumn('versionId', 'text', (column) => column.primaryKey())
    .addColumn('resourceId', 'text', (column) => column.notNull().references('resources.resourceId'))
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('version', 'text', (column) => column.notNull())
    .addColumn('fileSha1', 'text', (column) => column.notNull())
    .addColumn('filename', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('dependencies', 'text', (column) => column.notNull())
    .addColumn('upcastResources', 'text', (column) => column.notNull())
    .addColumn('resolveResources', 'text', (column) => column.notNull())
    .addColumn('customPropertyDescriptors', 'text', (column) => column.notNull())
    .addColumn('systemProperty', 'text', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('resource_versions_resource_version')
    .on('resource_versions')
    .unique()
    .columns(['resourceId', 'version'])
    .execute();
  await db.schema
    .createIndex('resource_versions_file')
    .on('resource_versions')
    .columns(['fileSha1', 'userId'])
    .execute();

  await db.schema
    .createTable('resource_version_drafts')
    .addColumn('resourceId', 'text', (column) => column.primaryKey().references('resources.resourceId'))
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('resourceType', 'text', (column) => column.notNull())
    .addColumn('draftData', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resource_version_drafts').execute();
  await db.schema.dropTable('resource_versions').execute();
}

export const versions: Migration = { up, down };
