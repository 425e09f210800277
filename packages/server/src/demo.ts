// Demo data (DEMO_DATA): each module's part loads once per database, on the first start.
import { loadDemoActivities } from './modules/activities/demo';
import { loadDemoUsers } from './modules/identity/demo';
import { loadDemoStorage } from './modules/storage/demo';
import { loadDemoResources } from './modules/versions/demo';
import type { Db } from './platform/db/database';
import { applySeedOnce, applyServiceSeedOnce } from './platform/db/seeds';
import type { Services } from './services';

const DEMO_SEEDS: readonly { name: string; load: (db: Db, now: Date) => Promise<void> }[] = [
  { name: 'demo:activities', load: loadDemoActivities },
  { name: 'demo:users', load: loadDemoUsers },
];

/** Parts that need the built app's services (files stored and analysed), loaded after loadDemoData. */
const SERVICE_DEMO_SEEDS: readonly { name: string; load: (services: Services) => Promise<void> }[] = [
  { name: 'demo:storage', load: loadDemoStorage },
  { name: 'demo:resources', load: loadDemoResources },
];

/** Loads the parts not loaded before; answers their names. */
export async function loadDemoData(db: Db, now: Date): Promise<string[]> {
  const loaded: string[] = [];
  for (const seed of DEMO_SEEDS) {
    if (await applySeedOnce(db, seed.name, now, (trx) => seed.load(trx, now))) loaded.push(seed.name);
  }
  return loaded;
}

/** The second stage: the parts written through the app's services, once the app is ready. */
export async function loadServiceDemoData(db: Db, services: Services, now: Date): Promise<string[]> {
  const loaded: string[] = [];
  for (const seed of SERVICE_DEMO_SEEDS) {
    if (await applyServiceSeedOnce(db, seed.name, now, () => seed.load(services))) loaded.push(seed.name);
  }
  return loaded;
}
