// Verification codes (DOMAIN §2.4) and the outbox that the embedded delivery writes messages to.
import type { Kysely, Migration } from 'kysely';

export const verificationCodes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('verification_codes')
      .addColumn('recordId', 'text', (column) => column.primaryKey())
      .addColumn('toAddress', 'text', (column) => column.notNull())
      .addColumn('authCodeType', 'text', (column) => column.notNull())
      .addColumn('codeHash', 'text', (column) => column.notNull())
      .addColumn('status', 'integer', (column) => column.notNull())
      .addColumn('failedCount', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('expireDate', 'text', (column) => column.notNull())
      .addColumn('requestIp', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('createDate', 'text', (column) => column.notNull())
      .addColumn('updateDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_address')
      .on('verification_codes')
      .columns(['toAddress', 'createDate'])
      .execute();
    await db.schema
      .createIndex('verification_codes_ip')
      .on('verification_codes')
      .columns(['requestIp', 'createDate'])
      .execute();

    await db.schema
      .createTable('outbox_messages')
      .addColumn('recordId', 'text', (column) => column.primaryKey())
      .addColumn('toAddress', 'text', (column) => column.notNull())
      .addColumn('channel', 'text', (column) => column.notNull())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('createDate', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('outbox_messages_address')
      .on('outbox_messages')
      .columns(['toAddress', 'createDate'])
      .execute();
  },
};
