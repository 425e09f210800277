// Demo data (DEMO_DATA): each module's seeds (its manifest entry's `demo`) load once per database, on
// the first start: the `data` stage before the app is built, the `services` stage once it is ready.
import { MODULES, type Services } from './modules/manifest';
import type { Db } from './platform/db/database';
import { applySeedOnce, applyServiceSeedOnce } from './platform/db/seeds';
import { demoSeedsOf, type AnyModule } from './platform/modules';

/** Loads the `data` seeds not loaded before; answers their names. */
export async function loadDemoData(db: Db, now: Date, modules: readonly AnyModule[] = MODULES): Promise<string[]> {
  const loaded: string[] = [];
  for (const seed of demoSeedsOf<Services>(modules, 'data')) {
    if (seed.stage === 'data' && (await applySeedOnce(db, seed.name, now, (trx) => seed.load(trx, now))))
      loaded.push(seed.name);
  }
  return loaded;
}

/** The second stage: the seeds written through the app's services, once the app is ready. */
export async function loadServiceDemoData(
  db: Db,
  services: Services,
  now: Date,
  modules: readonly AnyModule[] = MODULES,
): Promise<string[]> {
  const loaded: string[] = [];
  for (const seed of demoSeedsOf<Services>(modules, 'services')) {
    if (seed.stage === 'services' && (await applyServiceSeedOnce(db, seed.name, now, () => seed.load(services))))
      loaded.push(seed.name);
  }
  return loaded;
}
