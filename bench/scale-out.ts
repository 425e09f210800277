// Scale-out (issue 15, goal 5): the compiled server as two processes on one PostgreSQL database and
// one S3-compatible store (s3rver), behind Debian's nginx, measured through nginx with one instance in
// its upstream and then with both (round robin), side by side. Needs nginx (apt-get install -y nginx).
//   npm run bench:scale -w @tessera/bench
// BENCH_SECONDS (5), BENCH_CONNECTIONS (20), BENCH_RESOURCES (10000 market resources added to the demo
// data), BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tessera_scaleout; dropped and created
// again for every run, vacuumed and analysed after the bulk load). Each row gives every process's CPU
// per answer (each instance, nginx's master and workers, PostgreSQL's backends) and the load average,
// since the load generator shares the cores; the bare Fastify route, reached directly, comes first.
import autocannon, { type Result } from 'autocannon';
import { sql } from 'kysely';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../packages/server/src/platform/db/postgres';
import { findNginx, startScaleOut, type ScaleOut } from '../packages/server/src/testing/scale-out';
import { addMarketResources } from './market-data';
import { cpuBetween, loadFromEnv, machine, sampleCpu, writeResults, type CpuSample, type Target } from './measure';
import { postgresCpu, recreatePostgres } from './postgres';
import { repoRoot, startBare } from './servers';
import { signIn } from './session';

const load = loadFromEnv({ seconds: 5, connections: 20 });
const resourceCount = Number(process.env.BENCH_RESOURCES ?? 10_000);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_scaleout';
const PORTS = [8321, 8322];
const PROXY_PORT = 8320;
const BARE_PORT = 8323;
/** What the market page sends (as bench/market.ts). */
const MARKET = 'limit=20&isLoadPolicyInfo=1&sort=updateDate:-1';

type Measured = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU µs per answer of each instance, in the order of the upstream. */
  instanceCpuUs: number[];
  nginxCpuUs: number;
  postgresCpuUs: number;
  load1: number;
};

/** The processes whose CPU a row reports: the server processes, nginx's, PostgreSQL's backends. */
type Meters = { instances: number[]; nginx?: () => number[]; postgres?: boolean };

async function measureRoute({ name, ...target }: Target, meters: Meters): Promise<Measured> {
  await autocannon({ ...target, connections: load.connections, duration: 2 });
  const nginxPids = meters.nginx?.() ?? [];
  const before = meters.instances.map((pid) => sampleCpu([pid]));
  const nginxBefore = sampleCpu(nginxPids);
  const postgresBefore: CpuSample = meters.postgres ? await postgresCpu(databaseUrl) : new Map();
  const result: Result = await autocannon({ ...target, connections: load.connections, duration: load.seconds });
  const total = Math.max(1, result.requests.total);
  const perAnswer = (ms: number) => Math.round((ms * 1000) / total);
  const postgresAfter: CpuSample = meters.postgres ? await postgresCpu(databaseUrl) : new Map();
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    instanceCpuUs: meters.instances.map((pid, index) =>
      perAnswer(cpuBetween(before[index] ?? new Map(), sampleCpu([pid]))),
    ),
    nginxCpuUs: perAnswer(cpuBetween(nginxBefore, sampleCpu(nginxPids))),
    postgresCpuUs: perAnswer(cpuBetween(postgresBefore, postgresAfter)),
    load1: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}

async function targets(origin: string): Promise<Target[]> {
  const list = (await (await fetch(`${origin}/v2/activities/list4Client?limit=1`)).json()) as {
    data: { dataList: { _id: string }[] };
  };
  const someId = list.data.dataList[0]?._id;
  if (!someId) throw new Error('the demo data has no visible activity');
  const session = await signIn(origin, 'alice', 'Tessera2026');
  return [
    { name: 'GET /v2/activities/find4Client', url: `${origin}/v2/activities/find4Client?_id=${someId}` },
    { name: 'GET /v2/resources (market, first page)', url: `${origin}/v2/resources?${MARKET}` },
    { name: 'GET /v2/users/current (signed in)', url: `${origin}/v2/users/current`, headers: { cookie: session } },
  ];
}

async function measureUpstream(cluster: ScaleOut, count: number): Promise<Measured[]> {
  await cluster.useInstances(count);
  const meters: Meters = {
    instances: cluster.instances.map((one) => one.pid),
    nginx: () => cluster.nginxPids(),
    postgres: true,
  };
  const rows: Measured[] = [];
  for (const target of await targets(cluster.origin)) rows.push(await measureRoute(target, meters));
  return rows;
}

function sideBySide(bare: Measured, one: Measured[], two: Measured[]): string {
  const cpu = (row: Measured, count: number) =>
    row.instanceCpuUs
      .slice(0, count)
      .map((us) => String(us))
      .join(' + ');
  const lines = [
    '| route | upstream | requests/s | p50 ms | p99 ms | instances CPU µs/answer | nginx µs/answer | PostgreSQL µs/answer | answers/s ÷ bare | load (1 min) | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| bare Fastify JSON route (direct) | — | ${bare.rps} | ${bare.p50} | ${bare.p99} | ${bare.instanceCpuUs[0] ?? ''} | | | 1.00 | ${bare.load1} | ${bare.errors} |`,
  ];
  one.forEach((row, index) => {
    for (const [count, measured] of [
      [1, row],
      [2, two[index]],
    ] as const) {
      if (!measured) continue;
      lines.push(
        `| ${measured.name} | ${count} instance${count === 1 ? '' : 's'} | ${measured.rps} | ${measured.p50} | ${measured.p99} | ${cpu(measured, count)} | ${measured.nginxCpuUs} | ${measured.postgresCpuUs} | ${(measured.rps / Math.max(1, bare.rps)).toFixed(2)} | ${measured.load1} | ${measured.errors} |`,
      );
    }
    const second = two[index];
    if (second) lines.push(`| ↳ two ÷ one | | ${(second.rps / Math.max(1, row.rps)).toFixed(2)} | | | | | | | | |`);
  });
  return lines.join('\n');
}

if (findNginx() === null) {
  console.error('bench:scale needs nginx (Debian: apt-get install -y nginx)');
  process.exit(2);
}
if (
  spawnSync(process.execPath, [join(repoRoot, 'scripts/build-server.mjs'), '--if-stale'], { stdio: 'inherit' })
    .status !== 0
)
  throw new Error('the server did not compile');
await recreatePostgres(databaseUrl);
const cluster = await startScaleOut({
  databaseUrl,
  ports: PORTS,
  proxyPort: PROXY_PORT,
  compiled: true,
  async beforeOthers() {
    const started = Date.now();
    const db = openPostgres(databaseUrl);
    try {
      await addMarketResources(db, resourceCount);
      await sql`vacuum analyze`.execute(db);
    } finally {
      await db.destroy();
    }
    console.log(`${resourceCount} market resources written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  },
});
const bareServer = await startBare(BARE_PORT);
try {
  const bare = await measureRoute({ name: 'bare', url: `${bareServer.url}/bare` }, { instances: [bareServer.pid] });
  const one = await measureUpstream(cluster, 1);
  const two = await measureUpstream(cluster, 2);
  const context = `${machine(load)}, PostgreSQL, ${resourceCount} market resources beside the demo data, nginx ${nginxVersion()}`;
  console.log(`\n${context}\n\n${sideBySide(bare, one, two)}\n`);
  writeResults('scale-out', { context, bare, one, two });
} finally {
  await bareServer.stop();
  await cluster.stop();
}

function nginxVersion(): string {
  const nginx = findNginx() ?? 'nginx';
  const answer = spawnSync(nginx, ['-v'], { encoding: 'utf8' });
  return /nginx\/(\S+)/.exec(`${answer.stderr}${answer.stdout}`)?.[1] ?? '?';
}
