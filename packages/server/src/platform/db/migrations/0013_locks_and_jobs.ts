// The platform's limit locks (one row per subject whose limits are checked and written under one lock)
// and the schedule of housekeeping jobs (when each may run next, shared by every instance).
import type { Kysely, Migration } from 'kysely';

export const locksAndJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('limit_locks')
      .addColumn('subject', 'text', (column) => column.primaryKey())
      .addColumn('lockedAt', 'text', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('limit_locks_locked_at').on('limit_locks').column('lockedAt').execute();
    await db.schema
      .createTable('job_schedule')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('nextRunDate', 'text', (column) => column.notNull())
      .addColumn('lastStartDate', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('job_schedule').execute();
    await db.schema.dropTable('limit_locks').execute();
  },
};
