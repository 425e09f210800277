// Driving one route with autocannon and reporting it: shared by the benchmarks that measure HTTP calls.
import autocannon, { type Options, type Result } from 'autocannon';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './servers';

export type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per answer in µs, when measure() is given its pid. */
  cpuUs?: number;
  /** The database server's CPU per answer in µs (PostgreSQL's processes serving the database). */
  dbCpuUs?: number;
  /** The 1-minute load average at the end of the measured run. */
  load1?: number;
  /** The bare route measured just before this row: its ratios are to that one (the machine drifts). */
  bare?: Row;
};
export type Target = Omit<Options, 'connections' | 'duration'> & { name: string };
export type Load = { seconds: number; connections: number };

/** BENCH_SECONDS and BENCH_CONNECTIONS, or the benchmark's defaults. */
export function loadFromEnv(defaults: Load): Load {
  return {
    seconds: Number(process.env.BENCH_SECONDS ?? defaults.seconds),
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
  };
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms (Linux); undefined once it is gone. */
export function processCpuMs(pid: number): number | undefined {
  return cpuMsOf(`/proc/${pid}/stat`);
}

/** The same for the process's main thread alone (its thread id is the process id). */
export function mainThreadCpuMs(pid: number): number | undefined {
  return cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
}

function cpuMsOf(statFile: string): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(statFile, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (2nd field) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields of the whole line, the 12th and 13th after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU used so far by each process (pid → ms); a process that is gone is left out. */
export type CpuSample = Map<number, number>;

export function sampleCpu(pids: readonly number[]): CpuSample {
  const sample: CpuSample = new Map();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== undefined) sample.set(pid, ms);
  }
  return sample;
}

/** CPU used between two samples; a process that ended meanwhile loses its last part, a new one counts whole. */
export function cpuBetween(before: CpuSample, after: CpuSample): number {
  let ms = 0;
  for (const [pid, used] of after) ms += Math.max(0, used - (before.get(pid) ?? 0));
  return ms;
}

/** Whose CPU a measured run reports: the server process, and the database server's processes serving it. */
export type CpuMeters = { serverPid: number; database?: () => Promise<CpuSample> };

/**
 * A 2 s warm-up, then the measured run; errors count failed, timed-out and non-2xx answers. With CPU
 * meters, the row also tells the CPU per answer: the load generator shares the cores, so answers per
 * second depend on the load while CPU per answer much less.
 */
export async function measure(
  { name, ...target }: Target,
  { seconds, connections }: Load,
  meters?: CpuMeters,
): Promise<Row> {
  await autocannon({ ...target, connections, duration: 2 });
  const server = meters ? sampleCpu([meters.serverPid]) : new Map();
  const database = await meters?.database?.();
  const result: Result = await autocannon({ ...target, connections, duration: seconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  const row: Row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    load1: Number((loadavg()[0] ?? 0).toFixed(2)),
  };
  const perAnswerUs = (ms: number) => Math.round((ms * 1000) / Math.max(1, result.requests.total));
  if (meters) row.cpuUs = perAnswerUs(cpuBetween(server, sampleCpu([meters.serverPid])));
  if (meters?.database && database) row.dbCpuUs = perAnswerUs(cpuBetween(database, await meters.database()));
  return row;
}

/** A run's rows beside its first row (the bare route): answers/s and CPU per answer as ratios to it. */
export function ratioTable(rows: readonly (Row & { found?: number })[]): string {
  const beside = rows.some((r) => r.bare !== undefined);
  const ratios = (r: Row) => {
    const bare = r.bare ?? rows[0];
    const bareRps = bare?.rps ?? 1;
    const bareCpu = bare?.cpuUs ?? 1;
    const cpu = (r.cpuUs ?? 0) + (r.dbCpuUs ?? 0);
    const besideCells = beside ? ` ${r.bare?.cpuUs ?? ''} | ${cpu > 0 ? (bareCpu / cpu).toFixed(2) : ''} |` : '';
    return `${besideCells} ${(r.rps / bareRps).toFixed(2)} | ${(cpu / bareCpu).toFixed(1)} |`;
  };
  const besideHeads = beside ? ' bare route CPU µs, measured just before | bare CPU ÷ route CPU |' : '';
  return [
    `| route | found | requests/s | p50 ms | p99 ms | server CPU µs per answer | PostgreSQL CPU µs per answer |${besideHeads} answers/s ÷ bare | CPU per answer ÷ bare | load (1 min) | errors |`,
    `|---|---:|---:|---:|---:|---:|---:|${beside ? '---:|---:|' : ''}---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.found ?? ''} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuUs ?? ''} | ${r.dbCpuUs ?? ''} |${ratios(r)} ${r.load1 ?? ''} | ${r.errors} |`,
    ),
  ].join('\n');
}

/** Date, cores, CPU model, Node version and the load, for the results' heading. */
export function machine({ seconds, connections }: { seconds: number; connections: number | string }): string {
  return `${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, ${connections} connections, ${seconds} s per route`;
}

/** Keeps a run's results as bench/results/{name}.json (not committed). */
export function writeResults(name: string, results: unknown): void {
  const resultsDir = join(repoRoot, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(results, null, 2));
}
