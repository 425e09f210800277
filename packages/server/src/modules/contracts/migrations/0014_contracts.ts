// Contracts, their transition records and their scheduled time events (DOMAIN §2.13–§2.15, §3.6).
// One live contract (status 0 in force or 2 exception) per subject, licensee and policy: a partial
// unique index, so two parallel signings give one contract on both databases.
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contracts')
    .addColumn('contractId', 'text', (column) => column.primaryKey())
    .addColumn('contractName', 'text', (column) => column.notNull())
    .addColumn('subjectId', 'text', (column) => column.notNull())
    .addColumn('subjectName', 'text', (column) => column.notNull())
    .addColumn('subjectType', 'integer', (column) => column.notNull())
    .addColumn('licensorId', 'text', (column) => column.notNull())
    .addColumn('licensorName', 'text', (column) => column.notNull())
    .addColumn('licensorOwnerId', 'integer', (column) => column.notNull())
    .addColumn('licensorOwnerName', 'text', (column) => column.notNull())
    .addColumn('licenseeId', 'text', (column) => column.notNull())
    .addColumn('licenseeName', 'text', (column) => column.notNull())
    .addColumn('licenseeOwnerId', 'integer', (column) => column.notNull())
    .addColumn('licenseeOwnerName', 'text', (column) => column.notNull())
    .addColumn('licenseeIdentityType', 'integer', (column) => column.notNull())
    .addColumn('policyId', 'text', (column) => column.notNull())
    .addColumn('isDefault', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('authStatus', 'integer', (column) => column.notNull())
    .addColumn('fsmCurrentState', 'text', (column) => column.notNull())
    .addColumn('fsmCurrentStateColors', 'text', (column) => column.notNull())
    .addColumn('fsmStateEnterDate', 'text', (column) => column.notNull())
    .addColumn('stateEntryRecordId', 'text', (column) => column.notNull())
    .addColumn('fsmDeclarations', 'text', (column) => column.notNull())
    .addColumn('fsmRunningStatus', 'integer', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contracts_one_live')
    .on('contracts')
    .unique()
    .columns(['subjectId', 'subjectType', 'licenseeId', 'licenseeIdentityType', 'policyId'])
    .where(sql.ref('status'), '<>', 1)
    .execute();
  await db.schema
    .createIndex('contracts_licensor_owner')
    .on('contracts')
    .columns(['licensorOwnerId', 'createDate'])
    .execute();
  await db.schema
    .createIndex('contracts_licensee_owner')
    .on('contracts')
    .columns(['licenseeOwnerId', 'createDate'])
    .execute();
  await db.schema
    .createIndex('contracts_licensee')
    .on('contracts')
    .columns(['licenseeId', 'licenseeIdentityType'])
    .execute();
  await db.schema.createIndex('contracts_subject').on('contracts').columns(['subjectId', 'subjectType']).execute();

  await db.schema
    .createTable('contract_transition_records')
    .addColumn('recordId', 'text', (column) => column.primaryKey())
    .addColumn('contractId', 'text', (column) => column.notNull().references('contracts.contractId'))
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('fromState', 'text', (column) => column.notNull())
    .addColumn('toState', 'text', (column) => column.notNull())
    .addColumn('eventId', 'text', (column) => column.notNull())
    .addColumn('eventInfo', 'text', (column) => column.notNull())
    .addColumn('createDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contract_transition_records_order')
    .on('contract_transition_records')
    .unique()
    .columns(['contractId', 'seq'])
    .execute();

  await db.schema
    .createTable('contract_scheduled_events')
    .addColumn('scheduleId', 'text', (column) => column.primaryKey())
    .addColumn('contractId', 'text', (column) => column.notNull().references('contracts.contractId'))
    .addColumn('stateEnterRecordId', 'text', (column) => column.notNull())
    .addColumn('eventId', 'text', (column) => column.notNull())
    .addColumn('code', 'text', (column) => column.notNull())
    .addColumn('dueDate', 'text', (column) => column.notNull())
    .addColumn('eventOrder', 'integer', (column) => column.notNull())
    .addColumn('status', 'integer', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('lastError', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('runAfter', 'text', (column) => column.notNull())
    .addColumn('lockedUntil', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('createDate', 'text', (column) => column.notNull())
    .addColumn('updateDate', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contract_scheduled_events_due')
    .on('contract_scheduled_events')
    .columns(['status', 'runAfter'])
    .execute();
  await db.schema
    .createIndex('contract_scheduled_events_contract')
    .on('contract_scheduled_events')
    .columns(['contractId', 'status'])
    .execute();
}

async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contract_scheduled_events').execute();
  await db.schema.dropTable('contract_transition_records').execute();
  await db.schema.dropTable('contracts').execute();
}

export const contractsTables: Migration = { up, down };
