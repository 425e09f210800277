// Node-site single sign-on (modules/nodesites): the one-minute codes the platform hands a node site,
// and the sessions a node site keeps on its own host. Only SHA-256 hashes of codes and session ids
// are stored.
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_site_codes')
    .addColumn('codeHash', 'text', (column) => column.primaryKey())
    .addColumn('nodeDomain', 'text', (column) => column.notNull())
    .addColumn('testSite', 'integer', (column) => column.notNull())
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('platformSessionHash', 'text', (column) => column.notNull())
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('returnPath', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('expireDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('node_site_codes_expire').on('node_site_codes').column('expireDate').execute();

  await db.schema
    .createTable('node_site_sessions')
    .addColumn('sessionHash', 'text', (column) => column.primaryKey())
    .addColumn('nodeDomain', 'text', (column) => column.notNull())
    .addColumn('testSite', 'integer', (column) => column.notNull())
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('platformSessionHash', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('expireDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('node_site_sessions_expire').on('node_site_sessions').column('expireDate').execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_site_sessions').execute();
  await db.schema.dropTable('node_site_codes').execute();
}

export const nodeSitesTables: Migration = { up, down };
