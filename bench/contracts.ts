// Contracts (issue 12): the contract list and a resource's auth tree beside the bare Fastify route, and
// due time events drained by one and two scheduler instances, on SQLite and on PostgreSQL.
//   npm run bench:contracts -w @tessera/bench                          (everything)
//   npm run bench:contracts -w @tessera/bench -- reads sqlite          (any of reads, scheduler, sqlite, postgres)
// BENCH_SECONDS (5), BENCH_CONNECTIONS (10), BENCH_CONTRACTS (200: alice's contracts as licensee),
// BENCH_CHAIN (6: resources in the dependency chain), BENCH_EVENTS (10000 due events per drain);
// PostgreSQL: BENCH_CONTRACTS_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tessera_bench_contracts),
// dropped and created again for every run.
// The load generator (autocannon) shares the cores with the servers, so each row also gives the
// server's CPU per answer, its ratios to the bare route of the same run, and the load average.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS } from '../packages/server/src/modules/manifest';
import { openDatabase } from '../packages/server/src/platform/db/database';
import { migrateToLatest } from '../packages/server/src/platform/db/migrate';
import { contractReadTargets, seedContractReads } from './contract-reads';
import {
  loadFromEnv,
  machine,
  measure,
  ratioTable,
  writeResults,
  type CpuMeters,
  type Row,
  type Target,
} from './measure';
import { postgresCpu, recreatePostgres } from './postgres';
import { drain, type DatabasePlace, type DrainResult } from './scheduler-drain';
import { startTessera, startTesseraAndBare } from './servers';

const load = loadFromEnv({ seconds: 5, connections: 10 });
const contracts = Number(process.env.BENCH_CONTRACTS ?? 200);
const chainLength = Number(process.env.BENCH_CHAIN ?? 6);
const events = Number(process.env.BENCH_EVENTS ?? 10_000);
const postgresUrl =
  process.env.BENCH_CONTRACTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_bench_contracts';
const PORT = 8305;
const BARE_PORT = 8306;

type ReadRow = Row & { found?: number };
type Reads = { database: string; rows: ReadRow[] };

/** How many contracts each list call finds (its totalItem). */
async function found(target: Target): Promise<number | undefined> {
  const body = (await (await fetch(target.url, { headers: target.headers })).json()) as {
    errCode: number;
    data: { totalItem?: number } | unknown[];
  };
  if (body.errCode !== 0) throw new Error(`${target.name} answered errCode ${body.errCode}`);
  return Array.isArray(body.data) ? undefined : body.data.totalItem;
}

/** PostgreSQL's processes do the database's work outside the server's process: their CPU is counted too. */
const databaseMeterOf = ({ databaseUrl }: DatabasePlace): Pick<CpuMeters, 'database'> =>
  databaseUrl ? { database: () => postgresCpu(databaseUrl) } : {};

async function reads(place: DatabasePlace): Promise<Reads> {
  const env: Record<string, string> = place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {};
  const [tessera, bare] = await startTesseraAndBare(() => startTessera(PORT, env, place.dataDir), BARE_PORT);
  try {
    const db = openDatabase(place);
    const seeding = Date.now();
    let targets: Target[];
    try {
      targets = contractReadTargets(tessera.url, await seedContractReads(tessera.url, db, { contracts, chainLength }));
    } finally {
      await db.destroy();
    }
    console.log(`${place.database}: contracts and chain made in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);
    const rows: ReadRow[] = [
      await measure({ name: 'bare Fastify JSON route', url: `${bare.url}/bare` }, load, { serverPid: bare.pid }),
    ];
    const meters: CpuMeters = { serverPid: tessera.pid, ...databaseMeterOf(place) };
    for (const target of targets) {
      const total = await found(target);
      rows.push({ ...(await measure(target, load, meters)), ...(total === undefined ? {} : { found: total }) });
    }
    return { database: place.database, rows };
  } finally {
    await Promise.all([tessera.stop(), bare.stop()]);
  }
}

async function drains(place: DatabasePlace): Promise<DrainResult[]> {
  const db = openDatabase(place);
  try {
    await migrateToLatest(db, MIGRATIONS);
    const meter = databaseMeterOf(place).database;
    return [await drain(db, place, 1, events, meter), await drain(db, place, 2, events, meter)];
  } finally {
    await db.destroy();
  }
}

function readsTable({ database, rows }: Reads): string {
  return [`${database}:`, '', ratioTable(rows)].join('\n');
}

function drainsTable(results: readonly DrainResult[]): string {
  return [
    "| database | instances | events | seconds | events/s | instances' CPU µs per event | PostgreSQL CPU µs per event | lag p50 / p99 / max ms | fired per instance | exactly once | load (1 min) |",
    '|---|---:|---:|---:|---:|---:|---:|---|---|---|---:|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.instances} | ${r.events} | ${r.seconds.toFixed(1)} | ${r.eventsPerSecond} | ${r.cpuUsPerEvent} | ${r.dbCpuUsPerEvent ?? ''} | ${r.lagMs.p50} / ${r.lagMs.p99} / ${r.lagMs.max} | ${r.perInstance.map((report) => report.fired).join(' + ')} | ${r.exactlyOnce ? 'yes' : `NO ${JSON.stringify(r.checks)}`} | ${r.load1} |`,
    ),
  ].join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((word) => !['reads', 'scheduler', 'sqlite', 'postgres'].includes(word));
if (unknown.length > 0) throw new Error(`unknown ${unknown.join(', ')}; use reads, scheduler, sqlite, postgres`);
const parts = wanted.filter((word) => word === 'reads' || word === 'scheduler');
const databases = wanted.filter((word): word is 'sqlite' | 'postgres' => word === 'sqlite' || word === 'postgres');
const doReads = parts.length === 0 || parts.includes('reads');
const doDrains = parts.length === 0 || parts.includes('scheduler');

const allReads: Reads[] = [];
const allDrains: DrainResult[] = [];
for (const database of databases.length > 0 ? databases : (['sqlite', 'postgres'] as const)) {
  const place: DatabasePlace = {
    database,
    databaseUrl: database === 'postgres' ? postgresUrl : null,
    dataDir: mkdtempSync(join(tmpdir(), 'tessera-contracts-bench-')),
  };
  try {
    if (place.databaseUrl) await recreatePostgres(place.databaseUrl);
    if (doReads) allReads.push(await reads(place));
    if (doDrains) allDrains.push(...(await drains(place)));
  } finally {
    rmSync(place.dataDir, { recursive: true, force: true });
  }
}
const context = `${machine(load)}; ${contracts} contracts, a chain of ${chainLength} resources, ${events} due events per drain`;
const text = [context, ...allReads.map(readsTable), ...(allDrains.length > 0 ? [drainsTable(allDrains)] : [])];
console.log(`\n${text.join('\n\n')}\n`);
writeResults(`contracts-${wanted.join('-') || 'all'}`, { context, reads: allReads, drains: allDrains });
