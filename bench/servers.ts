import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export type Running = { url: string; pid: number; stop: () => Promise<void> };

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within 60 s`);
}

/** The compiled server (`npm run build:server`) with BENCH_COMPILED=1, as `npm start` runs it; else the sources through tsx. */
const compiled = process.env.BENCH_COMPILED === '1';

function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  cleanup = () => {},
): Promise<Running> {
  const command = script.endsWith('.mjs') ? [script] : ['--import', 'tsx', script];
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => {
        cleanup();
        resolve();
      });
      child.kill('SIGTERM');
    });
  return waitFor(readyUrl, child).then(() => ({ url: new URL(readyUrl).origin, pid: child.pid ?? 0, stop }));
}

/**
 * The real Tessera server with demo data: on a fresh embedded database, removed when it stops, or
 * on `dataDir` (and DATABASE_URL when `env` gives one), which the caller owns and may start again.
 */
export function startTessera(port: number, env: Record<string, string> = {}, dataDir?: string): Promise<Running> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  return startProcess(
    join(repoRoot, compiled ? 'packages/server/dist/server/main.mjs' : 'packages/server/src/main.ts'),
    ['start'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    `http://127.0.0.1:${port}/v2/activities/list4Client?limit=1`,
    dataDir === undefined ? () => rmSync(dir, { recursive: true, force: true }) : undefined,
  );
}

export function startBare(port: number): Promise<Running> {
  return startProcess(
    join(repoRoot, 'bench/bare-server.ts'),
    [],
    { PORT: String(port) },
    `http://127.0.0.1:${port}/bare`,
  );
}

/**
 * Tessera and the bare route, started side by side. When one fails to start, the other is stopped
 * before the error goes on: a bench must not leave a server holding its port (and its output pipe).
 */
export async function startTesseraAndBare(
  tessera: () => Promise<Running>,
  barePort: number,
): Promise<[tessera: Running, bare: Running]> {
  const [started, bare] = await Promise.allSettled([tessera(), startBare(barePort)]);
  if (started.status === 'fulfilled' && bare.status === 'fulfilled') return [started.value, bare.value];
  await Promise.all([started, bare].map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)));
  throw [started, bare].find((result) => result.status === 'rejected')?.reason;
}
