// The wallet (DOMAIN §2.24–§2.26, §2.30, §7): accounts, the double-entry ledger and sign-ins. A CHECK
// keeps individual balances ≥ 0 (only the issuance account, type 9, may go below). Existing users
// get their individual account here; later users get theirs at registration (the identity module's
// userCreated port) or, for rows written around it, when the wallet first reads it.
import { sql, type Kysely, type Migration } from 'kysely';
import { newHex24 } from '../../../platform/ids';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_accounts')
    .addColumn('accountId', 'text', (column) => column.primaryKey())
    .addColumn('accountName', 'text', (column) => column.notNull())
    .addColumn('accountType', 'integer', (column) => column.notNull())
    .addColumn('ownerId', 'text', (column) => column.notNull())
    .addColumn('ownerName', 'text', (column) => column.notNull())
    .addColumn('ownerUserId', 'integer', (column) => column.notNull())
    .addColumn('balance', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('payPasswordHash', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .addCheckConstraint('wallet_accounts_balance_not_negative', sql`"accountType" = 9 or "balance" >= 0`)
    .execute();
  await db.schema
    .createIndex('wallet_accounts_owner')
    .on('wallet_accounts')
    .unique()
    .columns(['ownerUserId', 'accountType'])
    .execute();

  await db.schema
    .createTable('wallet_transaction_records')
    .addColumn('recordId', 'text', (column) => column.primaryKey())
    .addColumn('transactionType', 'integer', (column) => column.notNull())
    .addColumn('fromAccountId', 'text', (column) => column.notNull().references('wallet_accounts.accountId'))
    .addColumn('toAccountId', 'text', (column) => column.notNull().references('wallet_accounts.accountId'))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('idempotencyKey', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('attachInfo', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('remark', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('digest', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('operatorId', 'integer', (column) => column.notNull())
    .addColumn('operatorName', 'text', (column) => column.notNull())
    .addColumn('authorizationType', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addCheckConstraint('wallet_transaction_records_amount_positive', sql`"amount" > 0`)
    .addCheckConstraint('wallet_transaction_records_two_accounts', sql`"fromAccountId" <> "toAccountId"`)
    .execute();
  await db.schema
    .createIndex('wallet_transaction_records_idempotency')
    .on('wallet_transaction_records')
    .unique()
    .columns(['fromAccountId', 'idempotencyKey'])
    .where(sql.ref('idempotencyKey'), '<>', '')
    .execute();

  await db.schema
    .createTable('wallet_ledger_entries')
    .addColumn('entryId', 'text', (column) => column.primaryKey())
    .addColumn('serialNo', 'bigint', (column) => column.notNull().unique())
    .addColumn('recordId', 'text', (column) => column.notNull().references('wallet_transaction_records.recordId'))
    .addColumn('accountId', 'text', (column) => column.notNull().references('wallet_accounts.accountId'))
    .addColumn('amount', 'bigint', (column) => column.notNull())
    .addColumn('beforeBalance', 'bigint', (column) => column.notNull())
    .addColumn('afterBalance', 'bigint', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_ledger_entries_account')
    .on('wallet_ledger_entries')
    .columns(['accountId', 'serialNo'])
    .execute();
  await db.schema
    .createIndex('wallet_ledger_entries_record')
    .on('wallet_ledger_entries')
    .columns(['recordId'])
    .execute();

  await db.schema
    .createTable('wallet_serials')
    .addColumn('name', 'text', (column) => column.primaryKey())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('wallet_sign_ins')
    .addColumn('recordId', 'text', (column) => column.primaryKey())
    .addColumn('userId', 'integer', (column) => column.notNull())
    .addColumn('signDate', 'text', (column) => column.notNull())
    .addColumn('seriesDays', 'integer', (column) => column.notNull())
    .addColumn('rewardAmount', 'bigint', (column) => column.notNull())
    .addColumn('transactionRecordId', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('wallet_sign_ins_day')
    .on('wallet_sign_ins')
    .unique()
    .columns(['userId', 'signDate'])
    .execute();

  await seedAccounts(db as Kysely<SeedTables>);
}

type SeedTables = {
  users: { userId: number; username: string };
  wallet_accounts: {
    accountId: string;
    accountName: string;
    accountType: number;
    ownerId: string;
    ownerName: string;
    ownerUserId: number;
    balance: number;
    status: number;
    payPasswordHash: string;
    createDate: string;
    updateDate: string;
  };
  wallet_serials: { name: string; value: number };
};

/** The issuance account, the serial counter and an account (not activated) for every existing user. */
async function seedAccounts(db: Kysely<SeedTables>): Promise<void> {
  const now = new Date();
  const date = now.toISOString();
  const account = (accountType: number, ownerUserId: number, name: string) => ({
    accountId: newHex24(now),
    accountName: name,
    accountType,
    ownerId: String(ownerUserId),
    ownerName: name,
    ownerUserId,
    balance: 0,
    status: accountType === 9 ? 1 : 0,
    payPasswordHash: '',
    createDate: date,
    updateDate: date,
  });
  await db.insertInto('wallet_serials').values({ name: 'ledger', value: 0 }).execute();
  await db
    .insertInto('wallet_accounts')
    .values(account(9, 0, 'platform'))
    .execute();
  const users = await db.selectFrom('users').select(['userId', 'username']).orderBy('userId').execute();
  for (let start = 0; start < users.length; start += 500) {
    const batch = users.slice(start, start + 500).map((user) => account(1, user.userId, user.username));
    await db.insertInto('wallet_accounts').values(batch).execute();
  }
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wallet_sign_ins').execute();
  await db.schema.dropTable('wallet_serials').execute();
  await db.schema.dropTable('wallet_ledger_entries').execute();
  await db.schema.dropTable('wallet_transaction_records').execute();
  await db.schema.dropTable('wallet_accounts').execute();
}

export const walletTables: Migration = { up, down };
