// Head-of-line blocking (issue 15, goal 1): a cheap route's latency while market keyword searches run
// beside it, with the embedded database's reader threads (the default) and without them (SQLITE_READERS=0),
// and on PostgreSQL. The searches vary their word and page, so the market's kept pages do not answer
// them: each one costs its query, as a crawler's or many people's different searches would.
//   npm run bench:hol -w @tessera/bench                  (SQLite with and without readers, PostgreSQL)
//   npm run bench:hol -w @tessera/bench -- sqlite        (SQLite only)
// BENCH_RESOURCES (100000), BENCH_SECONDS (5), BENCH_CONNECTIONS (10,50: the searches' connections, in
// turn). The cheap route is driven with 2 connections throughout. The load generator shares the cores:
// each row gives the server's CPU per answer and the load average.
import autocannon, { type Result } from 'autocannon';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../packages/server/src/platform/db/database';
import { addMarketResources } from './market-data';
import { cpuBetween, machine, sampleCpu, writeResults } from './measure';
import { recreatePostgres } from './postgres';
import { startTessera } from './servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connectionLevels = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const resourceCount = Number(process.env.BENCH_RESOURCES ?? 100_000);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_bench';
const PORT = 8314;
const CHEAP_CONNECTIONS = 2;

/** Words the bench data uses often (bench/market-data.ts): each matches thousands of resources. */
const SEARCH_WORDS = ['lighthouse', 'morning', 'forest', 'piano', 'robot', '晨雾', '水彩画', '星空', '旅人', '咖啡'];
const CHEAP_PATH = '/v2/activities/list4Client?limit=1';

type Setup = { name: string; database: 'sqlite' | 'postgres'; env: Record<string, string> };
type Cell = { rps: number; p50: number; p99: number; max: number; errors: number };
type Line = {
  setup: string;
  searchConnections: number;
  cheapAlone: Cell;
  cheapBeside: Cell;
  searches: Cell;
  serverCpuUsPerAnswer: number;
  load1: number;
};

const cell = (result: Result): Cell => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors + result.timeouts + result.non2xx,
});

function cheap(origin: string, duration: number): Promise<Result> {
  return autocannon({ url: `${origin}${CHEAP_PATH}`, connections: CHEAP_CONNECTIONS, duration });
}

/** Keyword searches that each ask for another word or page, so no kept page answers them. */
function searches(origin: string, connections: number, duration: number): Promise<Result> {
  let next = 0;
  return autocannon({
    url: origin,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          next += 1;
          const word = SEARCH_WORDS[next % SEARCH_WORDS.length] as string;
          const skip = (Math.floor(next / SEARCH_WORDS.length) % 500) * 20;
          const query = `limit=20&isLoadPolicyInfo=1&sort=updateDate:-1&skip=${skip}&keywords=${encodeURIComponent(word)}`;
          return { ...request, path: `/v2/resources?${query}` };
        },
      },
    ],
  });
}

async function runSetup(setup: Setup, dataDir: string): Promise<Line[]> {
  const server = await startTessera(PORT, setup.env, dataDir);
  try {
    const lines: Line[] = [];
    await cheap(server.url, 2);
    for (const connections of connectionLevels) {
      const cheapAlone = cell(await cheap(server.url, seconds));
      await searches(server.url, connections, 2);
      const before = sampleCpu([server.pid]);
      const [beside, searched] = await Promise.all([
        cheap(server.url, seconds),
        searches(server.url, connections, seconds),
      ]);
      const cpuMs = cpuBetween(before, sampleCpu([server.pid]));
      const answers = beside.requests.total + searched.requests.total;
      lines.push({
        setup: setup.name,
        searchConnections: connections,
        cheapAlone,
        cheapBeside: cell(beside),
        searches: cell(searched),
        serverCpuUsPerAnswer: Math.round((cpuMs * 1000) / Math.max(1, answers)),
        load1: Number((loadavg()[0] ?? 0).toFixed(2)),
      });
      console.log(JSON.stringify(lines.at(-1)));
    }
    return lines;
  } finally {
    await server.stop();
  }
}

/** A data directory (and, for PostgreSQL, the database) with the demo data and the bench's resources. */
async function seeded(database: 'sqlite' | 'postgres'): Promise<{ dataDir: string; databaseUrl: string | null }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-hol-bench-'));
  const databaseUrl = database === 'postgres' ? postgresUrl : null;
  if (databaseUrl) await recreatePostgres(databaseUrl);
  await (await startTessera(PORT, databaseUrl ? { DATABASE_URL: databaseUrl } : {}, dataDir)).stop();
  const db = openDatabase({ databaseUrl, dataDir });
  try {
    await addMarketResources(db, resourceCount);
    if (database === 'postgres') await sql`vacuum analyze`.execute(db);
  } finally {
    await db.destroy();
  }
  return { dataDir, databaseUrl };
}

const table = (lines: readonly Line[]) =>
  [
    '| setup | search connections | cheap route alone: p50 / p99 / max ms | cheap route beside the searches: answers/s, p50 / p99 / max ms | searches: answers/s, p50 / p99 ms | server CPU µs per answer | load (1 min) | errors |',
    '|---|---:|---|---|---|---:|---:|---:|',
    ...lines.map(
      (l) =>
        `| ${l.setup} | ${l.searchConnections} | ${l.cheapAlone.p50} / ${l.cheapAlone.p99} / ${l.cheapAlone.max} | ${l.cheapBeside.rps}, ${l.cheapBeside.p50} / ${l.cheapBeside.p99} / ${l.cheapBeside.max} | ${l.searches.rps}, ${l.searches.p50} / ${l.searches.p99} | ${l.serverCpuUsPerAnswer} | ${l.load1} | ${l.cheapAlone.errors + l.cheapBeside.errors + l.searches.errors} |`,
    ),
  ].join('\n');

const wanted = process.argv.slice(2);
const databases = (wanted.length > 0 ? wanted : ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[];
const lines: Line[] = [];
for (const database of databases) {
  if (database !== 'sqlite' && database !== 'postgres')
    throw new Error(`unknown database ${database}; use sqlite or postgres`);
  const { dataDir, databaseUrl } = await seeded(database);
  try {
    const setups: Setup[] =
      database === 'sqlite'
        ? [
            { name: 'SQLite, reads on the event loop (SQLITE_READERS=0)', database, env: { SQLITE_READERS: '0' } },
            { name: 'SQLite, reader threads (default)', database, env: {} },
          ]
        : [
            {
              name: 'PostgreSQL, every search at once (POSTGRES_HEAVY_READS=64)',
              database,
              env: { DATABASE_URL: databaseUrl as string, POSTGRES_HEAVY_READS: '64' },
            },
            {
              name: 'PostgreSQL, heavy reads bounded (default)',
              database,
              env: { DATABASE_URL: databaseUrl as string },
            },
          ];
    for (const setup of setups) lines.push(...(await runSetup(setup, dataDir)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const context = `${machine({ seconds, connections: connectionLevels.join(' and ') })}, ${resourceCount} resources, cheap route ${CHEAP_PATH} at ${CHEAP_CONNECTIONS} connections`;
console.log(`\n${context}\n\n${table(lines)}\n`);
writeResults(`head-of-line-${databases.join('-')}`, { context, lines });
