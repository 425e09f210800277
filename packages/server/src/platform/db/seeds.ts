import type { Db } from './database';

/**
 * Runs `load` once per database under `name`, in one transaction with the record that it ran,
 * so two instances starting together on PostgreSQL cannot both load it. Answers whether it ran.
 */
export async function applySeedOnce(
  db: Db,
  name: string,
  now: Date,
  load: (trx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('seeds')
      .values({ name, appliedDate: now.toISOString() })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await load(trx);
    return true;
  });
}

/**
 * For loads that write through the app's services (their own connection, not a transaction of
 * ours): claims `name` first, so only one instance loads it, and gives the claim back when the
 * load fails, so the next start tries again. Answers whether it ran.
 */
export async function applyServiceSeedOnce(
  db: Db,
  name: string,
  now: Date,
  load: () => Promise<void>,
): Promise<boolean> {
  const claim = await db
    .insertInto('seeds')
    .values({ name, appliedDate: now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .executeTakeFirst();
  if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  try {
    await load();
  } catch (error) {
    await db.deleteFrom('seeds').where('name', '=', name).execute();
    throw error;
  }
  return true;
}
