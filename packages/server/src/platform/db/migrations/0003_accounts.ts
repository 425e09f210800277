// Accounts: the user detail (DOMAIN §2.2), the failed-login counters of the login limits, and the
// look-ups that login makes (username and e-mail compared lower-cased).
import { sql, type Kysely, type Migration } from 'kysely';

async function createUserDetails(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_details')
    .addColumn('userId', 'integer', (column) => column.primaryKey().references('users.userId').onDelete('cascade'))
    .addColumn('sex', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('birthday', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('occupation', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('intro', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('areaCode', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('areaName', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('latestLoginDate', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('latestLoginIp', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('reason', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('remark', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('inviteCode', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('inviterUserId', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  // One detail per user (DOMAIN §2.2), also for the users created before this migration.
  await db
    .insertInto('user_details' as never)
    .columns(['userId', 'createDate', 'updateDate'] as never[])
    .expression(db.selectFrom('users' as never).select(['userId', 'createDate', 'updateDate'] as never[]))
    .execute();
}

export const accounts: Migration = {
  async up(db: Kysely<unknown>) {
    await createUserDetails(db);

    // key: 'user:{userId}', 'name:{login name}' (names that match no account) or 'ip:{address}'.
    await db.schema
      .createTable('login_attempts')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('failures', 'integer', (column) => column.notNull())
      .addColumn('windowStart', 'text', (column) => column.notNull())
      .addColumn('blockedUntil', 'text', (column) => column.notNull().defaultTo(''))
      .execute();

    await db.schema
      .createIndex('users_username_lower')
      .on('users')
      .expression(sql`lower(${sql.ref('username')})`)
      .execute();
    await db.schema
      .createIndex('users_email_lower')
      .on('users')
      .expression(sql`lower(${sql.ref('email')})`)
      .execute();
    await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
  },
};
