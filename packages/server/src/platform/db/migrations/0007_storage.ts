// Storage: content-addressed files (bytes stored once by SHA-1, analysed in the background), who
// uploaded them, public images, buckets and the objects that name files inside them.
import { sql, type Kysely, type Migration } from 'kysely';

export const storage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('files')
      .addColumn('sha1', 'text', (column) => column.primaryKey())
      .addColumn('fileSize', 'bigint', (column) => column.notNull())
      .addColumn('storageKey', 'text', (column) => column.notNull())
      .addColumn('metaAnalyzeStatus', 'integer', (column) => column.notNull())
      .addColumn('metaInfo', 'text', (column) => column.notNull())
      .addColumn('analyseError', 'text', (column) => column.notNull())
      .addColumn('analyseStartDate', 'text')
      .addColumn('filenameHint', 'text', (column) => column.notNull())
      .addColumn('lastUploadDate', 'text', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('files_status').on('files').columns(['metaAnalyzeStatus', 'updateDate']).execute();
    await db.schema.createIndex('files_last_upload').on('files').column('lastUploadDate').execute();

    await db.schema
      .createTable('file_uploads')
      .addColumn('sha1', 'text', (column) => column.notNull().references('files.sha1').onDelete('cascade'))
      .addColumn('userId', 'integer', (column) => column.notNull().references('users.userId').onDelete('cascade'))
      .addColumn('filename', 'text', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('file_uploads_pk', ['sha1', 'userId'])
      .execute();
    await db.schema.createIndex('file_uploads_user').on('file_uploads').column('userId').execute();

    await db.schema
      .createTable('public_images')
      .addColumn('sha1', 'text', (column) => column.primaryKey().references('files.sha1'))
      .addColumn('ext', 'text', (column) => column.notNull())
      .addColumn('mime', 'text', (column) => column.notNull())
      .addColumn('width', 'integer', (column) => column.notNull())
      .addColumn('height', 'integer', (column) => column.notNull())
      .addColumn('userId', 'integer', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('buckets')
      .addColumn('bucketId', 'text', (column) => column.primaryKey())
      .addColumn('bucketName', 'text', (column) => column.notNull())
      .addColumn('userId', 'integer', (column) => column.notNull().references('users.userId').onDelete('cascade'))
      .addColumn('bucketType', 'integer', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    // User bucket names are unique platform-wide; every user has a system bucket of the same name.
    await db.schema
      .createIndex('buckets_name_unique')
      .on('buckets')
      .unique()
      .column('bucketName')
      .where(sql.ref('bucketType'), '=', 1)
      .execute();
    await db.schema
      .createIndex('buckets_user_name_unique')
      .on('buckets')
      .unique()
      .columns(['userId', 'bucketName'])
      .execute();

    await db.schema
      .createTable('objects')
      .addColumn('objectId', 'text', (column) => column.primaryKey())
      .addColumn('bucketId', 'text', (column) => column.notNull().references('buckets.bucketId').onDelete('cascade'))
      .addColumn('bucketName', 'text', (column) => column.notNull())
      .addColumn('userId', 'integer', (column) => column.notNull())
      .addColumn('objectName', 'text', (column) => column.notNull())
      .addColumn('sha1', 'text', (column) => column.notNull().references('files.sha1'))
      .addColumn('fileSize', 'bigint', (column) => column.notNull())
      .addColumn('mime', 'text', (column) => column.notNull())
      .addColumn('resourceType', 'text', (column) => column.notNull())
      .addColumn('resourceTypeCode', 'text', (column) => column.notNull())
      .addColumn('systemProperty', 'text', (column) => column.notNull())
      .addColumn('customPropertyDescriptors', 'text', (column) => column.notNull())
      .addColumn('dependencies', 'text', (column) => column.notNull())
      .addColumn('nodeId', 'integer')
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('objects_bucket_name_unique')
      .on('objects')
      .unique()
      .columns(['bucketId', 'objectName'])
      .execute();
    await db.schema.createIndex('objects_user').on('objects').columns(['userId', 'updateDate']).execute();
    await db.schema.createIndex('objects_sha1').on('objects').column('sha1').execute();
  },
};
