// Tessera's services without the HTTP app, as the command line builds them: what a benchmark uses to
// arrange data through the modules' own code and to run their background work by hand.
import pino from 'pino';
import { MODULES, type Services } from '../packages/server/src/modules/manifest';
import type { Clock } from '../packages/server/src/platform/clock';
import { configWith } from '../packages/server/src/platform/config';
import type { Db } from '../packages/server/src/platform/db/database';
import { buildModules } from '../packages/server/src/platform/modules';

/** Every module built over `db` (already migrated) and ready; nothing started. */
export async function servicesOver(db: Db, clock: Clock): Promise<Services> {
  // Log lines (the scheduler's failures) go to stderr.
  const log = pino({ level: 'warn' }, pino.destination(2));
  const built = buildModules<Services>(MODULES, { db, clock, config: configWith({}), log });
  await built.ready();
  return built.services;
}
