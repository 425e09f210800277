// The market with many resources: GET /v2/resources (first page, keyword searches, a type filter)
// and GET /v2/resources/{id} by id and by name, on SQLite and on PostgreSQL. Target: a keyword
// search and the first page answer within 50 ms at the 99th percentile, the first page at 1 000 answers/s.
//   npm run bench:market -w @tessera/bench              (both databases)
//   npm run bench:market -w @tessera/bench -- sqlite    (one)
// BENCH_RESOURCES (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10,50: each level in turn); PostgreSQL:
// BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tessera_bench), dropped and created again for every
// run, vacuumed and analysed after the bulk load as an operator would. Each level starts with the bare
// Fastify route; rows give the server's (and PostgreSQL's) CPU per answer, ratios to the bare route and the
// load average, since the load generator shares the cores.
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../packages/server/src/platform/db/database';
import { addMarketResources, type MarketData } from './market-data';
import { machine, measure, ratioTable, writeResults, type CpuMeters, type Row, type Target } from './measure';
import { postgresCpu, recreatePostgres } from './postgres';
import { startTessera, startTesseraAndBare } from './servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connectionLevels = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const resourceCount = Number(process.env.BENCH_RESOURCES ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_bench';
const PORT = 8304;
const BARE_PORT = 8307;

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

type Found = Row & { found?: number };
type Measured = { database: string; seedSeconds: number; levels: { connections: number; rows: Found[] }[] };

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
      // What an operator does after a bulk load: the visibility map and the statistics are fresh.
      if (database === 'postgres') await sql`vacuum analyze`.execute(db);
    } finally {
      await db.destroy();
    }
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`${database}: ${resourceCount} resources written in ${seedSeconds.toFixed(1)} s`);
    const [tessera, bare] = await startTesseraAndBare(() => startTessera(PORT, env, dataDir), BARE_PORT);
    try {
      const list = targets(tessera.url, data);
      const found = await totals(list);
      const meters: CpuMeters = {
        serverPid: tessera.pid,
        ...(databaseUrl ? { database: () => postgresCpu(databaseUrl) } : {}),
      };
      const levels: Measured['levels'] = [];
      for (const connections of connectionLevels) {
        const load = { seconds, connections };
        const rows: Found[] = [
          await measure({ name: 'bare Fastify JSON route', url: `${bare.url}/bare` }, load, { serverPid: bare.pid }),
        ];
        for (const target of list) {
          const total = found.get(target.name);
          rows.push({ ...(await measure(target, load, meters)), ...(total === undefined ? {} : { found: total }) });
        }
        levels.push({ connections, rows });
      }
      return { database, seedSeconds, levels };
    } finally {
      await Promise.all([tessera.stop(), bare.stop()]);
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
const text = results.flatMap(({ database, levels }) =>
  levels.map(({ connections, rows }) => `${database}, ${connections} connections:\n\n${ratioTable(rows)}`),
);
const context = `${machine({ seconds, connections: connectionLevels.join(' and ') })}, ${resourceCount} resources`;
console.log(`\n${context}\n\n${text.join('\n\n')}\n`);
writeResults(`market-${databases.join('-')}`, { context, results });
