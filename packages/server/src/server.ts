// `tessera start`: the database brought up to date, the app built, demo data loaded once when
// enabled, then listening until SIGTERM or SIGINT.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadDemoData, loadServiceDemoData } from './demo';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import { describeDatabase, openDatabase } from './platform/db/database';
import { migrateToLatest } from './platform/db/migrate';
import { MIGRATIONS } from './modules/manifest';
import { createShutdown, shutdownOnSignals } from './platform/shutdown';

export type RunningServer = { app: FastifyInstance; url: string; shutdown: (reason: string) => Promise<void> };

export async function startServer(
  config: Config,
  { clock = systemClock }: { clock?: Clock } = {},
): Promise<RunningServer> {
  const db = openDatabase(config);
  let app: FastifyInstance;
  try {
    await migrateToLatest(db, MIGRATIONS);
    app = await buildApp({ config, db, clock });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  try {
    app.log.info(`database: ${describeDatabase(config)}`);
    if (config.demoData) {
      const loaded = await loadDemoData(db, clock.now());
      await app.ready();
      loaded.push(...(await loadServiceDemoData(db, app.services, clock.now())));
      if (loaded.length > 0) app.log.info({ seeds: loaded }, 'demo data loaded');
    }
    const url = await app.listen({ host: config.host, port: config.port });
    const shutdown = createShutdown(app);
    shutdownOnSignals(shutdown);
    return { app, url, shutdown };
  } catch (error) {
    await app.close();
    throw error;
  }
}
