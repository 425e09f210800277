// The platform's migrations: those that shipped before modules kept their own (each of these touches
// the tables of several modules), and those of the platform's own tables (0013: limit locks, the job
// schedule). A shipped migration is never edited; a module adds its next one in
// modules/<area>/migrations/ and lists it in its manifest entry. All run in one order by name.
import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';
import { accounts } from './0003_accounts';
import { storage } from './0007_storage';
import { resources } from './0008_resources';
import { locksAndJobs } from './0013_locks_and_jobs';

export const platformMigrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0003_accounts': accounts,
  '0007_storage': storage,
  '0008_resources': resources,
  '0013_locks_and_jobs': locksAndJobs,
};
