// The market with many resources: GET /v2/resources (first page, keyword searches, a type filter)
// and GET /v2/resources/{id} by id and by name, on SQLite and on PostgreSQL. Target: a keyword
// search answers within 50 ms at the 99th percentile on SQLite.
//   npm run bench:market -w @tessera/bench              (both databases)
//   npm run bench:market -w @tessera/bench -- sqlite    (one)
// BENCH_RESOURCES (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10); PostgreSQL: BENCH_DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/tessera_bench), dropped and created again for every run.
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../packages/server/src/platform/db/database';
import { addMarketResources, type MarketData } from './market-data';
import { loadFromEnv, machine, measure, writeResults, type Row, type Target } from './measure';
import { recreatePostgres } from './postgres';
import { startTessera } from './servers';

const load = loadFromEnv({ seconds: 5, connections: 10 });
const resourceCount = Number(process.env.BENCH_RESOURCES ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_bench';
const PORT = 8304;

/** What the market page sends (packages/web: searchResources, marketRequest). */
const MARKET = 'limit=20&isLoadPolicyInfo=1&sort=updateDate:-1';
/** What the details page sends (getResource). */
const DETAILS = 'isLoadPolicyInfo=1&isTranslate=1&isLoadLatestVersionInfo=1&isLoadFreezeReason=1';

function targets(origin: string, { sample }: MarketData): Target[] {
  const market = (query: string) => `${origin}/v2/resources?${MARKET}${query}`;
  const twice = encodeURIComponent(encodeURIComponent(sample.resourceName));
  return [
    { name: 'market, first page', url: market('') },
    { name: 'keyword 晨雾 (2 characters)', url: market(`&keywords=${encodeURIComponent('晨雾')}`) },
    { name: 'keyword 水彩画', url: market(`&keywords=${encodeURIComponent('水彩画')}`) },
    { name: 'keyword lighthouse', url: market('&keywords=lighthouse') },
    { name: 'keyword zeppelin (rare)', url: market('&keywords=zeppelin') },
    {
      name: 'type image and below, createDate:1',
      url: `${origin}/v2/resources?limit=20&isLoadPolicyInfo=1&resourceTypeCode=image&resourceTypeCategory=2&sort=createDate:1`,
    },
    { name: 'details by id', url: `${origin}/v2/resources/${sample.resourceId}?${DETAILS}` },
    { name: 'details by user/name', url: `${origin}/v2/resources/${twice}?${DETAILS}` },
  ];
}

/** How many resources each search finds (its totalItem), to show how selective it is. */
async function totals(list: readonly Target[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const target of list) {
    const body = (await (await fetch(target.url)).json()) as { errCode: number; data: { totalItem?: number } };
    if (body.errCode !== 0) throw new Error(`${target.name} answered errCode ${body.errCode}`);
    if (body.data.totalItem !== undefined) found.set(target.name, body.data.totalItem);
  }
  return found;
}

type Measured = { database: string; seedSeconds: number; totals: Map<string, number>; rows: Row[] };

async function run(database: 'sqlite' | 'postgres'): Promise<Measured> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-market-bench-'));
  const databaseUrl = database === 'postgres' ? postgresUrl : null;
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  try {
    if (databaseUrl) await recreatePostgres(databaseUrl);
    // The first start creates the tables and loads the demo data the new rows copy.
    await (await startTessera(PORT, env, dataDir)).stop();
    const started = Date.now();
    const db = openDatabase({ databaseUrl, dataDir });
    let data: MarketData;
    try {
      data = await addMarketResources(db, resourceCount);
      if (database === 'postgres') await sql`analyze`.execute(db);
    } finally {
      await db.destroy();
    }
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`${database}: ${resourceCount} resources written in ${seedSeconds.toFixed(1)} s`);
    const tessera = await startTessera(PORT, env, dataDir);
    try {
      const list = targets(tessera.url, data);
      const found = await totals(list);
      const rows: Row[] = [];
      for (const target of list) rows.push(await measure(target, load));
      return { database, seedSeconds, totals: found, rows };
    } finally {
      await tessera.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const wanted = process.argv.slice(2);
const databases = (wanted.length > 0 ? wanted : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
const results: Measured[] = [];
for (const database of databases) {
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`unknown database ${database}; use sqlite or postgres`);
  results.push(await run(database));
}
const names = results[0]?.rows.map((row) => row.name) ?? [];
const cell = (measured: Measured, name: string) => {
  const row = measured.rows.find((item) => item.name === name);
  return row ? `${row.rps} | ${row.p50} | ${row.p99} | ${row.errors}` : ' | | | ';
};
const table = [
  `| route | found | ${results.map((m) => `${m.database} requests/s | p50 ms | p99 ms | errors`).join(' | ')} |`,
  `|---|---:|${results.map(() => '---:|---:|---:|---:').join('|')}|`,
  ...names.map(
    (name) => `| ${name} | ${results[0]?.totals.get(name) ?? ''} | ${results.map((m) => cell(m, name)).join(' | ')} |`,
  ),
].join('\n');
const context = `${machine(load)}, ${resourceCount} resources`;
console.log(`\n${context}\n\n${table}\n`);
writeResults(`market-${databases.join('-')}`, {
  context,
  results: results.map((m) => ({ ...m, totals: Object.fromEntries(m.totals) })),
});
