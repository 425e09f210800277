// Driving one route with autocannon and reporting it: shared by the benchmarks that measure HTTP calls.
import autocannon, { type Options, type Result } from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './servers';

export type Row = { name: string; rps: number; p50: number; p99: number; errors: number };
export type Target = Omit<Options, 'connections' | 'duration'> & { name: string };
export type Load = { seconds: number; connections: number };

/** BENCH_SECONDS and BENCH_CONNECTIONS, or the benchmark's defaults. */
export function loadFromEnv(defaults: Load): Load {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? defaults.seconds),
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
  };
}

/** A 2 s warm-up, then the measured run; errors count failed, timed-out and non-2xx answers. */
export async function measure({ name, ...target }: Target, { seconds, connections }: Load): Promise<Row> {
  await autocannon({ ...target, connections, duration: 2 });
  const result: Result = await autocannon({ ...target, connections, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
}

/** Date, cores, CPU model, Node version and the load, for the results' heading. */
export function machine({ seconds, connections }: Load): string {
  return `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${connections} connections, ${seconds} s per route`;
}

/** Keeps a run's results as bench/results/{name}.json (not committed). */
export function writeResults(name: string, results: unknown): void {
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(results, null, 2));
}
