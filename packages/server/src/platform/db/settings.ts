import type { Db } from './database';

export async function readSetting(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** The stored value, or `initial()` stored now. The first writer wins when instances race. */
export async function readOrInitSetting(db: Db, key: string, initial: () => string): Promise<string> {
  const existing = await readSetting(db, key);
  if (existing !== null) return existing;
  await db
    .insertInto('settings')
    .values({ key, value: initial() })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
  const stored = await readSetting(db, key);
  if (stored === null) throw new Error(`setting ${key} could not be stored`);
  return stored;
}
