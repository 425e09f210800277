// The `tessera` command line: start | migrate | seed | admin …
import { seedTexts } from '@tessera/domain/i18n-texts';
import { loadDemoData } from '../demo';
import { ACTIVITY_USAGE, runActivityCommand } from '../modules/activities/cli';
import { ActivityRepo } from '../modules/activities/repo';
import { ActivityService } from '../modules/activities/service';
import { I18nRepo } from '../modules/i18n/repo';
import { I18nService } from '../modules/i18n/service';
import { runUserCommand } from '../modules/identity/cli';
import { IdentityRepo } from '../modules/identity/repo';
import { IdentityService } from '../modules/identity/service';
import { runResourceCommand } from '../modules/resources/cli';
import { createResourceServices } from '../modules/resources/create';
import { translatorFor } from '../platform/messages';
import { systemClock } from '../platform/clock';
import { ConfigError, loadConfig, type Config, type Env } from '../platform/config';
import { describeDatabase, openDatabase, type Db } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { startServer } from '../server';
import { CliError, UsageError } from './errors';

export const USAGE = `Usage: tessera <command>

Commands:
  start                         bring the database up to date, load demo data once (DEMO_DATA), serve on HOST:PORT
  migrate                       apply pending database migrations
  seed                          load the translation texts and the demo data (each once per database)
  admin activity <command>      manage activities: list, create, update, hide (tessera admin activity help)
  admin user <command>          manage users: list, freeze, unfreeze (tessera admin user help)
  admin resource <command>      freeze and unfreeze resources (tessera admin resource help)
  help                          this text

Environment (all optional): PORT (8080), HOST (127.0.0.1), DATA_DIR (./data), DATABASE_URL (postgres://…),
DEMO_DATA (on for SQLite, off for PostgreSQL), LOG_LEVEL (info), SESSION_SECRET, WEB_DIST (packages/web/dist),
CORS_ORIGINS (comma list), BODY_LIMIT (1MB), PLATFORM_TZ_OFFSET (+08:00), TRUST_PROXY (off).`;

export type CliIo = {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Env;
  cwd: string;
};

/** Opens the database, runs `work`, closes it. */
async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDatabase(config);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

const ADMIN_AREAS: Record<string, (argv: string[], db: Db, config: Config, io: CliIo) => Promise<void>> = {
  activity: (argv, db, config, io) =>
    runActivityCommand(argv, {
      activities: new ActivityService(new ActivityRepo(db), systemClock),
      utcOffsetMinutes: config.utcOffsetMinutes,
      now: () => systemClock.now(),
      print: io.out,
    }),
  user: (argv, db, _config, io) =>
    runUserCommand(argv, { identity: new IdentityService(new IdentityRepo(db), systemClock), print: io.out }),
  resource: (argv, db, config, io) => {
    const texts = new Map(Object.entries(seedTexts));
    const { resources } = createResourceServices({
      db,
      clock: systemClock,
      config,
      identity: new IdentityService(new IdentityRepo(db), systemClock),
      texts: { ...translatorFor(texts), texts: () => texts },
    });
    return runResourceCommand(argv, { resources, print: io.out });
  },
};

async function runAdmin(args: string[], config: Config, io: CliIo): Promise<void> {
  const [area, ...rest] = args;
  const known = Object.keys(ADMIN_AREAS).join(', ');
  const runArea = area !== undefined && Object.hasOwn(ADMIN_AREAS, area) ? ADMIN_AREAS[area] : undefined;
  if (!runArea)
    throw new UsageError(
      area ? `unknown admin area '${area}' (known: ${known})` : `admin needs an area (${known})\n\n${ACTIVITY_USAGE}`,
    );
  await withDatabase(config, async (db) => {
    await migrateToLatest(db);
    await runArea(rest, db, config, io);
  });
}

/** Runs a command; answers the exit code, or null when the server keeps running. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number | null> {
  const [command, ...args] = argv;
  try {
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      io.out(USAGE);
      return command === undefined ? 2 : 0;
    }
    const config = loadConfig(io.env, io.cwd);
    switch (command) {
      case 'start': {
        const { url } = await startServer(config);
        io.out(
          `Tessera is running at ${url.replace('127.0.0.1', 'localhost')} (${describeDatabase(config)}). Stop it with Ctrl+C.`,
        );
        return null;
      }
      case 'migrate': {
        const applied = await withDatabase(config, (db) => migrateToLatest(db));
        io.out(
          applied.length > 0
            ? `Applied ${applied.join(', ')} to ${describeDatabase(config)}.`
            : `${describeDatabase(config)} is up to date.`,
        );
        return 0;
      }
      case 'seed': {
        const { added, demo } = await withDatabase(config, async (db) => {
          await migrateToLatest(db);
          return {
            added: await new I18nService(new I18nRepo(db), systemClock).loadSeed(seedTexts),
            demo: await loadDemoData(db, systemClock.now()),
          };
        });
        io.out(
          `Translation texts: ${added} new. Demo data: ${demo.length > 0 ? `loaded ${demo.join(', ')}` : 'already loaded'}.`,
        );
        return 0;
      }
      case 'admin':
        await runAdmin(args, config, io);
        return 0;
      default:
        throw new UsageError(`unknown command '${command}'\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`tessera: ${error.message}`);
      return error.exitCode;
    }
    if (error instanceof ConfigError) {
      io.err(`tessera: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
