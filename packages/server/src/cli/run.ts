// The `tessera` command line: start | migrate | seed | admin …
import { seedTexts } from '@tessera/domain/i18n-texts';
import pino from 'pino';
import { loadDemoData } from '../demo';
import { MIGRATIONS, MODULES, type Services } from '../modules/manifest';
import { systemClock } from '../platform/clock';
import { ConfigError, loadConfig, type Config, type Env } from '../platform/config';
import { describeDatabase, openDatabase, type Db } from '../platform/db/database';
import { migrateToLatest } from '../platform/db/migrate';
import { buildModules, type BuiltModules } from '../platform/modules';
import { startServer } from '../server';
import { CliError, UsageError } from './errors';

const ADMIN_COMMANDS = MODULES.flatMap(({ admin }) => (admin ? [admin] : []));

export const USAGE = `Usage: tessera <command>

Commands:
  start                         bring the database up to date, load demo data once (DEMO_DATA), serve on HOST:PORT
  migrate                       apply pending database migrations
  seed                          load the translation texts and the demo data (each once per database)
${ADMIN_COMMANDS.map(({ area, summary }) => `  ${`admin ${area} <command>`.padEnd(30)}${summary} (tessera admin ${area} help)`).join('\n')}
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

/** Brings the database up to date, builds every module as the app does, runs `work`, stops them. */
function withModules<T>(config: Config, work: (built: BuiltModules<Services>, db: Db) => Promise<T>): Promise<T> {
  return withDatabase(config, async (db) => {
    await migrateToLatest(db, MIGRATIONS);
    // Log lines go to stderr, so that the command's own output stays clean.
    const log = pino({ level: 'warn' }, pino.destination(2));
    const built = buildModules<Services>(MODULES, { db, clock: systemClock, config, log });
    try {
      return await work(built, db);
    } finally {
      await built.stop();
    }
  });
}

/** `tessera admin <area> …`: the area's module runs the command with the modules' services. */
async function runAdmin(args: string[], config: Config, io: CliIo): Promise<void> {
  const [area, ...rest] = args;
  const known = ADMIN_COMMANDS.map((command) => command.area).join(', ');
  if (!ADMIN_COMMANDS.some((command) => command.area === area))
    throw new UsageError(area ? `unknown admin area '${area}' (known: ${known})` : `admin needs an area (${known})`);
  await withModules(config, async (built) => {
    await built.ready();
    const command = built.adminCommands().find((candidate) => candidate.area === area);
    await command?.run(rest, io.out);
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
        const applied = await withDatabase(config, (db) => migrateToLatest(db, MIGRATIONS));
        io.out(
          applied.length > 0
            ? `Applied ${applied.join(', ')} to ${describeDatabase(config)}.`
            : `${describeDatabase(config)} is up to date.`,
        );
        return 0;
      }
      case 'seed': {
        const { added, demo } = await withModules(config, async ({ services }, db) => ({
          added: await services.i18n.loadSeed(seedTexts),
          demo: await loadDemoData(db, systemClock.now()),
        }));
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
