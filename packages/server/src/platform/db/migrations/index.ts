// Every migration, in order. A migration that has shipped is never edited: add the next one.
import type { Migration } from 'kysely';
import { foundation } from './0001_foundation';
import { verificationCodes } from './0002_verification_codes';
import { accounts } from './0003_accounts';
import { uniqueAccounts } from './0004_unique_accounts';
import { avatars } from './0005_avatars';
import { thirdParty } from './0006_third_party';
import { storage } from './0007_storage';
import { resources } from './0008_resources';
import { versions } from './0009_versions';
import { marketSearch } from './0010_market_search';
import { marketSearchRows } from './0011_market_search_rows';
import { shortWordSearch } from './0012_short_word_search';

export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_verification_codes': verificationCodes,
  '0003_accounts': accounts,
  '0004_unique_accounts': uniqueAccounts,
  '0005_avatars': avatars,
  '0006_third_party': thirdParty,
  '0007_storage': storage,
  '0008_resources': resources,
  '0009_versions': versions,
  '0010_market_search': marketSearch,
  '0011_market_search_rows': marketSearchRows,
  '0012_short_word_search': shortWordSearch,
};
