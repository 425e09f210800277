// Every migration, in order. A migration that has shipped is never edited: add the next one.
import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';
import { verificationCodes } from './0002_verification_codes';
import { accounts } from './0003_accounts';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_verification_codes': verificationCodes,
  '0003_accounts': accounts,
};
