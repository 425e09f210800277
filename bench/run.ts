// Throughput and p99 latency of the activity calls beside a bare Fastify route, in one run.
// Each server runs in its own process; autocannon drives them from this one over loopback.
import autocannon, { type Result } from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startBare, startTessera } from './servers';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

type Row = { name: string; url: string; rps: number; p99: number; p50: number; errors: number };

async function measure(name: string, url: string): Promise<Row> {
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const result: Result = await autocannon({ url, connections, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, url, rps: Math.round(result.requests.average), p99: result.latency.p99, p50: result.latency.p50, errors };
}

const [tessera, bare] = await Promise.all([startTessera(8301), startBare(8302)]);
try {
  const list = (await (await fetch(`${tessera.url}/v2/activities/list4Client?limit=100`)).json()) as {
    data: { dataList: { _id: string }[] };
  };
  const someId = list.data.dataList[0]?._id;
  if (!someId) throw new Error('the demo data has no visible activity');

  const rows = [
    await measure('bare Fastify JSON route', `${bare.url}/bare`),
    await measure('GET /v2/activities/list4Client?limit=100', `${tessera.url}/v2/activities/list4Client?limit=100`),
    await measure('GET /v2/activities/find4Client', `${tessera.url}/v2/activities/find4Client?_id=${someId}`),
  ];
  const bareRps = rows[0]?.rps ?? 1;
  const table = [
    '| route | requests/s | p50 ms | p99 ms | ratio to bare | errors |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / bareRps).toFixed(2)} | ${r.errors} |`),
  ].join('\n');
  const context = `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${connections} connections, ${duration} s per route`;
  console.log(`\n${context}\n\n${table}\n`);
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'activities-latest.json'), JSON.stringify({ context, rows }, null, 2));
} finally {
  await Promise.all([tessera.stop(), bare.stop()]);
}
