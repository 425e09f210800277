// Tessera scaled out on one machine, as an operator would run it: several server processes on one
// PostgreSQL database (a schema or database the caller made) and one S3-compatible store (s3rver),
// behind Debian's nginx (round robin, the usual proxy headers, TRUST_PROXY on the instances set to
// nginx's address). Used by bench/scale-out.ts and the scale-out test; needs the `nginx` binary.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestS3Server, type TestS3Server } from '../platform/files/s3-test-server';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The nginx binary: on PATH, or where Debian puts it (/usr/sbin is not on every PATH); null when missing. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs.filter((one) => one !== '')) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not here
    }
  }
  return null;
}

/** A TCP port nothing listens on now (the system's choice). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type Instance = { url: string; pid: number; stop: () => Promise<void> };

export type ScaleOutOptions = {
  /** The database every instance uses: `postgres://…/db`, with `?options=-c search_path=…` for a schema. */
  databaseUrl: string;
  /** Ports of the instances (one process each); the first is started alone first (migrations, demo data). */
  ports: number[];
  /** nginx listens here on 127.0.0.1. */
  proxyPort: number;
  /** The compiled bundle (packages/server/dist/server/main.mjs, built by the caller) or the sources via tsx. */
  compiled: boolean;
  /** More settings for every instance (LOG_LEVEL, UPLOAD_MAX_SIZE…). */
  env?: Record<string, string>;
  /** Called after the first instance created the tables, before the others start (seeding). */
  beforeOthers?: (first: Instance) => Promise<void>;
};

export type ScaleOut = {
  /** nginx's address: what clients use. */
  origin: string;
  instances: Instance[];
  s3: TestS3Server;
  /** nginx's master and worker processes. */
  nginxPids(): number[];
  /** Restarts nginx with the first `count` instances in its upstream. */
  useInstances(count: number): Promise<void>;
  stop(): Promise<void>;
};

/** One secret for every instance, so each one reads the sessions and XSRF tokens the others signed. */
const SESSION_SECRET = 'scale-out-session-secret-0123456789abcdef';

async function waitFor(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${url} within 90 s (${what})`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit').then(() => undefined);
  child.kill(signal);
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return exited.finally(() => clearTimeout(killer));
}

const READY_PATH = '/v2/activities/list4Client?limit=1';

async function startInstance(port: number, env: Record<string, string>, compiled: boolean): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `tessera-scale-out-${port}-`));
  const args = compiled
    ? ['--enable-source-maps', join(repoRoot, 'packages/server/dist/server/main.mjs'), 'start']
    : ['--import', 'tsx', join(repoRoot, 'packages/server/src/main.ts'), 'start'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopChild(child);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${url}${READY_PATH}`, child, `the instance on port ${port}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid ?? 0, stop };
}

/** nginx's configuration: `upstreams` in round robin, keep-alive connections to them, the proxy headers. */
export function nginxConfig(dir: string, proxyPort: number, upstreams: readonly string[]): string {
  const asRoot = process.getuid?.() === 0;
  return `# Generated by packages/server/src/testing/scale-out.ts
${asRoot ? 'user root;\n' : ''}worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream tessera {
${upstreams.map((address) => `    server ${address};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${proxyPort};
    client_max_body_size 0;
    location / {
      proxy_pass http://tessera;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      # Which instance answered, so tests can see the round robin.
      add_header X-Upstream $upstream_addr always;
      proxy_request_buffering off;
      proxy_buffering off;
    }
  }
}
`;
}

type Nginx = { child: ChildProcess; dir: string };

async function startNginx(binary: string, proxyPort: number, upstreams: readonly string[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-nginx-'));
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, nginxConfig(dir, proxyPort, upstreams));
  // -e: the error log before the configuration is read (the default /var/log/nginx may not be writable).
  const child = spawn(binary, ['-p', dir, '-e', join(dir, 'error.log'), '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${proxyPort}${READY_PATH}`, child, 'nginx');
  } catch (error) {
    await stopChild(child, 'SIGQUIT');
    let log = '';
    try {
      log = readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      // no log
    }
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return { child, dir };
}

async function stopNginx({ child, dir }: Nginx): Promise<void> {
  // SIGTERM: fast shutdown (SIGQUIT would wait for kept-alive connections).
  await stopChild(child, 'SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}

/** The processes nginx's master started (its workers). */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter((word) => word !== '')
      .map(Number);
  } catch {
    return [];
  }
}

export async function startScaleOut(options: ScaleOutOptions): Promise<ScaleOut> {
  const binary = findNginx();
  if (binary === null) throw new Error('nginx is not installed (Debian: apt-get install -y nginx)');
  const s3 = await startTestS3Server();
  const instances: Instance[] = [];
  let nginx: Nginx | null = null;
  const stop = async () => {
    if (nginx) await stopNginx(nginx);
    nginx = null;
    await Promise.all(instances.map((instance) => instance.stop()));
    await s3.stop();
  };
  try {
    const env = {
      DATABASE_URL: options.databaseUrl,
      FILES: s3.filesUrl('scale-out/'),
      SESSION_SECRET,
      TRUST_PROXY: '127.0.0.1',
      // Node site addresses carry the port visitors reach: nginx's.
      PUBLIC_PORT: String(options.proxyPort),
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const [firstPort, ...otherPorts] = options.ports;
    if (firstPort === undefined) throw new Error('no instance port given');
    // The first instance alone migrates the database and loads the demo data; the others find them.
    const first = await startInstance(firstPort, env, options.compiled);
    instances.push(first);
    if (options.beforeOthers) await options.beforeOthers(first);
    instances.push(...(await Promise.all(otherPorts.map((port) => startInstance(port, env, options.compiled)))));
    const upstreams = (count: number) => options.ports.slice(0, count).map((port) => `127.0.0.1:${port}`);
    nginx = await startNginx(binary, options.proxyPort, upstreams(options.ports.length));
    return {
      origin: `http://127.0.0.1:${options.proxyPort}`,
      instances,
      s3,
      nginxPids: () => (nginx?.child.pid ? [nginx.child.pid, ...childrenOf(nginx.child.pid)] : []),
      async useInstances(count) {
        if (nginx) await stopNginx(nginx);
        nginx = null;
        nginx = await startNginx(binary, options.proxyPort, upstreams(count));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
