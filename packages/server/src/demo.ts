// Demo data (DEMO_DATA): each module's part loads once per database, on the first start.
import { loadDemoActivities } from './modules/activities/demo';
import { loadDemoUsers } from './modules/identity/demo';
import type { Db } from './platform/db/database';
import { applySeedOnce } from './platform/db/seeds';

const DEMO_SEEDS: readonly { name: string; load: (db: Db, now: Date) => Promise<void> }[] = [
  { name: 'demo:activities', load: loadDemoActivities },
  { name: 'demo:users', load: loadDemoUsers },
];

/** Loads the parts not loaded before; answers their names. */
export async function loadDemoData(db: Db, now: Date): Promise<string[]> {
  const loaded: string[] = [];
  for (const seed of DEMO_SEEDS) {
    if (await applySeedOnce(db, seed.name, now, (trx) => seed.load(trx, now))) loaded.push(seed.name);
  }
  return loaded;
}
