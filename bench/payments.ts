// Contract payments (issue 13): POST /v2/contracts/{contractId}/events/payment on the real server, with 1
// and with 20 clients paying at once (each its own contract, its own payer and payee), on SQLite and on
// PostgreSQL, beside the bare Fastify route; and the pay password's argon2id verification on its own.
//   npm run bench:payments -w @tessera/bench [-- sqlite|postgres]
// BENCH_SECONDS (8 per measured run, after a 2 s warm-up), BENCH_CLIENTS (1,20);
// PostgreSQL: BENCH_PAYMENTS_DATABASE_URL (postgres://postgres@127.0.0.1:5432/tessera_bench_payments),
// dropped and created again for every run.
// The load generator shares the cores with the server, so each row also gives the server's CPU per
// payment (and PostgreSQL's), its ratios to the bare route of the same run, and the load average.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../packages/server/src/platform/db/database';
import { hashPassword, verifyPassword } from '../packages/server/src/platform/passwords';
import {
  cpuBetween,
  machine,
  measure,
  mainThreadCpuMs,
  sampleCpu,
  writeResults,
  type CpuMeters,
  type Row,
} from './measure';
import { PAY_PASSWORD, seedPaymentClients, type PaymentClient } from './payment-clients';
import { postgresCpu, recreatePostgres } from './postgres';
import type { DatabasePlace } from './scheduler-drain';
import { startTessera, startTesseraAndBare } from './servers';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const clientCounts = (process.env.BENCH_CLIENTS ?? '1,20').split(',').map(Number);
const postgresUrl =
  process.env.BENCH_PAYMENTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/tessera_bench_payments';
const PORT = 8307;
const BARE_PORT = 8308;
const WARM_UP_SECONDS = 2;
const ARGON2_VERIFIES = 60;

/** `mainThreadCpuUs`: the server's main thread alone (JavaScript, SQLite's calls); the rest of cpuUs is
 * its other threads: libuv's pool (argon2id runs there) and V8's helpers. */
type PaymentRow = Row & { clients: number; payments: number; mainThreadCpuUs?: number };
type Runs = { database: string; rows: PaymentRow[] };

/** One payment by `client`; answers whether it succeeded and moves the client to the contract's new state. */
async function pay(origin: string, client: PaymentClient): Promise<boolean> {
  const eventId = client.eventOf.get(client.state) ?? '';
  const response = await fetch(`${origin}/v2/contracts/${client.contractId}/events/payment`, {
    method: 'POST',
    headers: { cookie: client.cookie, 'x-xsrf-token': client.xsrf, 'content-type': 'application/json' },
    body: JSON.stringify({ eventId, accountId: client.accountId, transactionAmount: '1.00', password: PAY_PASSWORD }),
  });
  const answer = (await response.json()) as { errCode: number; msg: string; data: { fsmCurrentState: string } };
  if (answer.errCode !== 0) {
    console.error(`payment refused: errCode ${answer.errCode} ${answer.msg}`);
    return false;
  }
  client.state = answer.data.fsmCurrentState;
  return true;
}

/** Every client pays its own contract again and again until `until`; answers the latencies (ms) and errors. */
async function payUntil(origin: string, clients: readonly PaymentClient[], until: number) {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) {
        const started = performance.now();
        if (await pay(origin, client)) latencies.push(performance.now() - started);
        else errors += 1;
      }
    }),
  );
  return { latencies, errors };
}

const percentile = (sorted: readonly number[], share: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0);

async function measurePayments(
  origin: string,
  clients: readonly PaymentClient[],
  meters: CpuMeters,
): Promise<PaymentRow> {
  await payUntil(origin, clients, performance.now() + WARM_UP_SECONDS * 1000);
  const server = sampleCpu([meters.serverPid]);
  const mainThread = mainThreadCpuMs(meters.serverPid) ?? 0;
  const database = await meters.database?.();
  const started = performance.now();
  const { latencies, errors } = await payUntil(origin, clients, started + seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const perPaymentUs = (ms: number) => Math.round((ms * 1000) / Math.max(1, latencies.length));
  const sorted = [...latencies].sort((a, b) => a - b);
  const row: PaymentRow = {
    name: `POST /v2/contracts/{id}/events/payment, ${clients.length} client${clients.length === 1 ? '' : 's'}`,
    clients: clients.length,
    payments: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors,
    cpuUs: perPaymentUs(cpuBetween(server, sampleCpu([meters.serverPid]))),
    mainThreadCpuUs: perPaymentUs((mainThreadCpuMs(meters.serverPid) ?? 0) - mainThread),
    load1: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
  if (meters.database && database) row.dbCpuUs = perPaymentUs(cpuBetween(database, await meters.database()));
  return row;
}

async function runOn(place: DatabasePlace): Promise<Runs> {
  const env: Record<string, string> = place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {};
  const [tessera, bare] = await startTesseraAndBare(() => startTessera(PORT, env, place.dataDir), BARE_PORT);
  try {
    const db = openDatabase(place);
    const seeding = Date.now();
    let clients: PaymentClient[];
    try {
      clients = await seedPaymentClients(tessera.url, db, Math.max(...clientCounts));
    } finally {
      await db.destroy();
    }
    console.log(`${place.database}: ${clients.length} payers and contracts made in ${(Date.now() - seeding) / 1000} s`);
    const meters: CpuMeters = {
      serverPid: tessera.pid,
      ...(place.databaseUrl ? { database: () => postgresCpu(postgresUrl) } : {}),
    };
    const rows: PaymentRow[] = [];
    for (const count of clientCounts) {
      const load = { seconds, connections: count };
      const bareRow = await measure({ name: 'bare Fastify JSON route', url: `${bare.url}/bare` }, load, {
        serverPid: bare.pid,
      });
      rows.push({ ...bareRow, clients: count, payments: 0 });
      rows.push(await measurePayments(tessera.url, clients.slice(0, count), meters));
    }
    return { database: place.database, rows };
  } finally {
    await Promise.all([tessera.stop(), bare.stop()]);
  }
}

type Argon2Run = { atOnce: number; verifies: number; perSecond: number; cpuMs: number; load1: number };

/** The pay password check's argon2id verification alone in this process, `atOnce` verifications at a time. */
async function argon2Alone(payPasswordHash: string, atOnce: number): Promise<Argon2Run> {
  const verifies = ARGON2_VERIFIES * atOnce;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      for (let index = 0; index < ARGON2_VERIFIES; index += 1)
        if (!(await verifyPassword(payPasswordHash, PAY_PASSWORD))) throw new Error('the pay password did not verify');
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  return {
    atOnce,
    verifies,
    perSecond: Math.round(verifies / seconds),
    cpuMs: Number(((cpu.user + cpu.system) / 1000 / verifies).toFixed(2)),
    load1: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
}

async function argon2Runs(): Promise<Argon2Run[]> {
  const payPasswordHash = await hashPassword(PAY_PASSWORD);
  await verifyPassword(payPasswordHash, PAY_PASSWORD);
  return [await argon2Alone(payPasswordHash, 1), await argon2Alone(payPasswordHash, 2)];
}

const argon2Line = (r: Argon2Run): string =>
  `argon2id verify of the pay password alone (m = 19456 KiB, t = 2, p = 1), ${r.atOnce} at a time, ${r.verifies} in all: ${r.perSecond} per second, ${r.cpuMs} ms CPU each (load ${r.load1})`;

function table({ database, rows }: Runs): string {
  const lines = [
    `${database}:`,
    '',
    '| route | clients | payments | per second | p50 ms | p99 ms | server CPU µs each | of which main thread | PostgreSQL CPU µs each | per second ÷ bare | CPU each ÷ bare | load (1 min) | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  let bare: PaymentRow | undefined;
  for (const r of rows) {
    if (r.payments === 0) bare = r;
    const ratio = (r.rps / (bare?.rps ?? 1)).toFixed(3);
    const cpu = (((r.cpuUs ?? 0) + (r.dbCpuUs ?? 0)) / (bare?.cpuUs || 1)).toFixed(1);
    lines.push(
      `| ${r.name} | ${r.clients} | ${r.payments || ''} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuUs ?? ''} | ${r.mainThreadCpuUs ?? ''} | ${r.dbCpuUs ?? ''} | ${ratio} | ${cpu} | ${r.load1 ?? ''} | ${r.errors} |`,
    );
  }
  return lines.join('\n');
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((word) => word !== 'sqlite' && word !== 'postgres');
if (unknown.length > 0) throw new Error(`unknown ${unknown.join(', ')}; use sqlite, postgres`);
const runs: Runs[] = [];
for (const database of wanted.length > 0 ? wanted : ['sqlite', 'postgres']) {
  const place: DatabasePlace = {
    database: database as DatabasePlace['database'],
    databaseUrl: database === 'postgres' ? postgresUrl : null,
    dataDir: mkdtempSync(join(tmpdir(), 'tessera-payments-bench-')),
  };
  try {
    if (place.databaseUrl) await recreatePostgres(place.databaseUrl);
    runs.push(await runOn(place));
  } finally {
    rmSync(place.dataDir, { recursive: true, force: true });
  }
}
const argon2 = await argon2Runs();
const context = `${machine({ seconds, connections: Math.max(...clientCounts) })}; clients ${clientCounts.join(' and ')}`;
console.log(`\n${[context, ...runs.map(table), ...argon2.map(argon2Line)].join('\n\n')}\n`);
writeResults(`payments-${wanted.join('-') || 'all'}`, { context, runs, argon2 });
