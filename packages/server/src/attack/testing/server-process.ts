// The real `tessera start` process for the crash tests: started on a free port over a data directory
// and the database of the run (SQLite in the directory, or a PostgreSQL schema of its own), signed
// into as a demo user, killed with SIGKILL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPostgresServer, testDatabaseUrl } from '../../testing';

const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));

export type Session = { cookie: string; xsrf: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The database the crashed server uses: '' (SQLite in DATA_DIR) or a fresh PostgreSQL schema's URL. */
export async function crashDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  const server = testDatabaseUrl();
  if (server === null) return { url: '', dispose: async () => {} };
  const schema = `crash_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(server, `create schema ${schema}`);
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    dispose: async () => void (await onPostgresServer(server, `drop schema if exists ${schema} cascade`)),
  };
}

export async function startServer(dataDir: string, port: number, databaseUrl = ''): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, 'start'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/v2/activities/list4Client?limit=1`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start within 90 s');
}

/** SIGKILL: no shutdown, no draining. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Signs in as a demo user (alice unless told). */
export async function signIn(origin: string, loginName = 'alice'): Promise<Session> {
  const visitor = cookiesOf(await fetch(`${origin}/v2/activities/list4Client?limit=1`));
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(visitor)?.[1] ?? '';
  const response = await fetch(`${origin}/v2/passport/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: visitor, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ loginName, password: 'Tessera2026' }),
  });
  const cookie = cookiesOf(response);
  return { cookie, xsrf: /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? xsrf };
}

/** A JSON call with the session; answers the envelope. */
export async function callJson<T>(
  origin: string,
  session: Session,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ errCode: number; data: T }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as { errCode: number; data: T };
}

/**
 * One crash test's server: its own data directory and database, started, killed with SIGKILL and
 * started again on the same port; `dispose()` (in afterAll) kills it and removes both.
 */
export class CrashableServer {
  readonly dataDir: string;
  #port = 0;
  #child: ChildProcess | undefined;
  #database: Awaited<ReturnType<typeof crashDatabase>> | undefined;

  constructor(prefix: string) {
    this.dataDir = mkdtempSync(join(tmpdir(), prefix));
  }

  /** The database URL the server runs on ('' for SQLite in the data directory); after the first start. */
  get databaseUrl(): string {
    return this.#database?.url ?? '';
  }

  /** Starts (or starts again) the server and answers its origin. */
  async start(): Promise<string> {
    this.#database ??= await crashDatabase();
    if (this.#port === 0) this.#port = await freePort();
    this.#child = await startServer(this.dataDir, this.#port, this.#database.url);
    return `http://127.0.0.1:${this.#port}`;
  }

  async kill(): Promise<void> {
    if (this.#child) await killHard(this.#child);
  }

  async dispose(): Promise<void> {
    await this.kill();
    await this.#database?.dispose();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
