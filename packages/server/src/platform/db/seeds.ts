import type { Db } from './database';

/**
 * Runs `load` once per database under `name`, in one transaction with the record that it ran,
 * so two instances starting together on PostgreSQL cannot both load it. Answers whether it ran.
 */
export async function applySeedOnce(db: Db, name: string, now: Date, load: (trx: Db) => Promise<void>): Promise<boolean> {
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
