// Every migration, in order. A migration that has shipped is never edited: add the next one.
import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};
