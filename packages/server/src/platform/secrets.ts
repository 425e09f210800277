import { randomBytes } from 'node:crypto';
import type { Db } from './db/database';
import { readOrInitSetting } from './db/settings';

const SESSION_SECRET_SETTING = 'sessionSecret';

/**
 * The server secret behind anti-forgery tokens: SESSION_SECRET when configured, else one generated
 * on first start and kept in the database, so every instance sharing the database agrees on it.
 */
export function resolveSessionSecret(db: Db, configured: string | null): Promise<string> {
  if (configured !== null) return Promise.resolve(configured);
  return readOrInitSetting(db, SESSION_SECRET_SETTING, () => randomBytes(32).toString('base64url'));
}
