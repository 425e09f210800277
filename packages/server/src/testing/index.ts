// The test harness of @tessera/server: the real app on a fresh database with a clock the test
// controls. API tests run unchanged on SQLite and, with DATABASE_URL set, on PostgreSQL.
//
//   const t = await createTestApp();
//   const visitor = t.client({ locale: 'en_US' });
//   const { client: alice } = await t.login({ username: 'alice' });
//   dataOf(await alice.get('/v2/users/current'));
//   t.clock.advance({ days: 1 });
//   await t.close();
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_COOKIE, UID_COOKIE } from '@tessera/domain';
import type { KyselyPlugin } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadDemoData, loadServiceDemoData } from '../demo';
import type { NewSession, NewUser, UserRow } from '../modules/identity';
import { MIGRATIONS, type Services } from '../modules/manifest';
import type { OutboxMessageRow } from '../modules/messages';
import { ManualClock } from '../platform/clock';
import type { Config } from '../platform/config';
import type { Db, DialectName } from '../platform/db/database';
import { migrateToLatest as migrate } from '../platform/db/migrate';
import type { AnyModule } from '../platform/modules';
import { TestClient, type CallOptions } from './client';
import { createTestDatabase } from './database';
import { latestOutboxCode, latestOutboxMessage } from './outbox';

export { callApi, dataOf, TestClient, type ApiResponse, type CallOptions, type SetCookie } from './client';
export { createTestDatabase, onPostgresServer, testDatabaseUrl, type TestDatabase } from './database';
export { codeIn } from './outbox';
export { QueryCounter } from './query-counter';
export { badFieldsOf, errCodeOf } from './answers';
export { answerOf, type RawAnswer } from './raw-answer';
export { MODULES } from '../modules/manifest';
export { defineModule } from '../platform/modules';

/** Applies every pending migration of the platform and the modules (tests that take one back). */
export const migrateToLatest = (db: Db): Promise<string[]> => migrate(db, MIGRATIONS);

/** Undoes the migrations from `first` on, newest first (the migrator keeps the order), as if they never ran. */
export async function undoMigrationsFrom(db: Db, first: string): Promise<void> {
  const later = Object.entries(MIGRATIONS).filter(([name]) => name >= first);
  for (const [name, migration] of later.reverse()) {
    await migration.down?.(db as never);
    await db
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', name as never)
      .execute();
  }
}

/** Where test clocks start unless told otherwise. */
export const TEST_START = '2025-03-01T00:00:00.000Z';

export type TestAppOptions = {
  /** Start of the test clock. */
  now?: Date | string;
  config?: Partial<Config>;
  /** Load the demo data (as a first start with DEMO_DATA on would). */
  demoData?: boolean;
  /** Receives the app's log lines (level info and above); without it the app is silent. */
  logStream?: { write(line: string): void };
  /** The level the logStream receives (info unless given). */
  logLevel?: 'info' | 'debug';
  /** Runs before the app is ready: add test-only routes here. */
  setup?: (app: FastifyInstance) => void | Promise<void>;
  /**
   * The app's modules instead of the manifest's: add a test module that contributes to a port
   * (`defineModule({ name, services: () => ({}), ports: () => ({ fileReferences: … }) })`), or leave one out.
   */
  modules?: readonly AnyModule[];
  /** Kysely plugins the app's database goes through (a QueryCounter counts what a call costs). */
  plugins?: readonly KyselyPlugin[];
};

export type LoggedIn = { user: UserRow; sessionId: string; client: TestClient };

export type TestApp = {
  app: FastifyInstance;
  clock: ManualClock;
  db: Db;
  dialect: DialectName;
  /** The SQLite file, or the PostgreSQL schema. */
  databaseLocation: string;
  services: Services;
  /** A browser-like caller with its own cookie jar. */
  client(options?: Pick<CallOptions, 'cookies' | 'headers' | 'locale'>): TestClient;
  /** Inserts a user; unique names are made up for what is not given. */
  createUser(user?: Partial<NewUser>): Promise<UserRow>;
  /** Opens a session for a user (created when not given) and a client carrying its cookies. */
  login(user?: Partial<NewUser> | UserRow, session?: Omit<NewSession, 'userId'>): Promise<LoggedIn>;
  /** The newest message the outbox holds for an e-mail address or mobile number (throws when none). */
  latestMessage(address: string): Promise<OutboxMessageRow>;
  /** The verification code in that message: what the person would type. */
  latestCode(address: string): Promise<string>;
  close(): Promise<void>;
};

let userCounter = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const clock = new ManualClock(options.now ?? TEST_START);
  const database = await createTestDatabase();
  // Each app keeps its file bytes in a directory of its own unless the test names a store.
  const filesDir = options.config?.filesUrl === undefined ? mkdtempSync(join(tmpdir(), 'tessera-files-')) : null;
  // Contract time events fire when a test asks (contractScheduler.fireDue), never behind its back.
  const config: Partial<Config> = {
    timeEventsPollMs: 0,
    ...(filesDir ? { filesUrl: filesDir } : {}),
    ...options.config,
  };
  const disposeFiles = () => {
    if (filesDir) rmSync(filesDir, { recursive: true, force: true });
  };
  const db = (options.plugins ?? []).reduce((plugged, plugin) => plugged.withPlugin(plugin), database.db);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db,
      clock,
      config,
      ...(options.logStream
        ? { logLevel: options.logLevel ?? 'info', logStream: options.logStream }
        : { logLevel: 'silent' }),
      ...(options.modules ? { modules: options.modules } : {}),
    });
    if (options.demoData) await loadDemoData(db, clock.now(), options.modules);
    await options.setup?.(app);
    await app.ready();
    // The housekeeping that starts with the app has finished before the test moves the clock: a run
    // still going would read the moved clock half-way and claim jobs the test means to run itself.
    await app.jobs.runDue();
    if (options.demoData) await loadServiceDemoData(db, app.services, clock.now(), options.modules);
  } catch (error) {
    await db.destroy();
    await database.dispose();
    disposeFiles();
    throw error;
  }
  const { services } = app;

  const createUser = (user: Partial<NewUser> = {}): Promise<UserRow> => {
    userCounter += 1;
    return services.identity.createUser({ username: `user${process.pid}x${userCounter}`, ...user });
  };

  let closed = false;
  return {
    app,
    clock,
    db,
    dialect: database.dialect,
    databaseLocation: database.location,
    services,
    client: (clientOptions) => new TestClient(app, clientOptions),
    createUser,
    async login(user = {}, session = {}) {
      const row = 'userId' in user && typeof user.userId === 'number' ? (user as UserRow) : await createUser(user);
      const { sessionId } = await services.identity.openSession({ ...session, userId: row.userId });
      const client = new TestClient(app, {
        cookies: { [SESSION_COOKIE]: sessionId, [UID_COOKIE]: String(row.userId) },
      });
      return { user: row, sessionId, client };
    },
    latestMessage: (address) => latestOutboxMessage(services, address),
    latestCode: (address) => latestOutboxCode(services, address),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.dispose();
      disposeFiles();
    },
  };
}
