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
  /** With rounds (measureBeside): bare CPU ÷ route CPU in each round; the row's figures are medians. */
  roundRatios?: number[];
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

/** The middle value; the mean of the two middle ones when the count is even. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function medianRow(rows: readonly Row[]): Row {
  const of = (pick: (row: Row) => number | undefined) => {
    const values = rows.map(pick).filter((value): value is number => value !== undefined);
    return values.length > 0 ? median(values) : undefined;
  };
  const [first] = rows;
  if (!first) throw new Error('no rows');
  return {
    name: first.name,
    rps: of((r) => r.rps) ?? 0,
    p50: of((r) => r.p50) ?? 0,
    p99: of((r) => r.p99) ?? 0,
    errors: rows.reduce((sum, r) => sum + r.errors, 0),
    cpuUs: of((r) => r.cpuUs),
    load1: of((r) => r.load1),
  };
}

/**
 * A route and the bare route measured in turns, `rounds` times, the bare route first in odd rounds and
 * the route first in even ones. One run of each is as much the machine as the server: two runs of one
 * build differ by a tenth or more, which is the whole margin of a ratio near its target. The row gives
 * the medians of the rounds, its bare row the bare route's, and each round's ratio of CPU per answer.
 */
export async function measureBeside(
  route: { target: Target; meters: CpuMeters },
  bare: { target: Target; meters: CpuMeters },
  load: Load,
  rounds: number,
): Promise<Row> {
  const routeRows: Row[] = [];
  const bareRows: Row[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const both = [route, bare] as const;
    for (const side of round % 2 === 0 ? [...both].reverse() : both) {
      const row = await measure(side.target, load, side.meters);
      (side === route ? routeRows : bareRows).push(row);
    }
  }
  const roundRatios = routeRows.map((row, index) => (bareRows[index]?.cpuUs ?? 0) / Math.max(1, row.cpuUs ?? 0));
  return { ...medianRow(routeRows), bare: medianRow(bareRows), roundRatios };
}

/** A run's rows beside its first row (the bare route): answers/s and CPU per answer as ratios to it. */
export function ratioTable(rows: readonly (Row & { found?: number })[]): string {
  const beside = rows.some((r) => r.bare !== undefined);
  const rounds = rows.some((r) => r.roundRatios !== undefined);
  const ratios = (r: Row) => {
    const bare = r.bare ?? rows[0];
    const bareRps = bare?.rps ?? 1;
    const bareCpu = bare?.cpuUs ?? 1;
    const cpu = (r.cpuUs ?? 0) + (r.dbCpuUs ?? 0);
    const ratio = r.roundRatios ? median(r.roundRatios) : cpu > 0 ? bareCpu / cpu : undefined;
    const besideCells = beside ? ` ${r.bare?.cpuUs ?? ''} | ${ratio?.toFixed(2) ?? ''} |` : '';
    const roundCells = rounds ? ` ${r.roundRatios?.map((each) => each.toFixed(2)).join(', ') ?? ''} |` : '';
    return `${besideCells}${roundCells} ${(r.rps / bareRps).toFixed(2)} | ${(cpu / bareCpu).toFixed(1)} |`;
  };
  const bareHead = rounds ? 'bare route CPU µs, median of the same rounds' : 'bare route CPU µs, measured just before';
  const besideHeads = beside ? ` ${bareHead} | bare CPU ÷ route CPU${rounds ? ' (median of rounds)' : ''} |` : '';
  const roundHeads = rounds ? ' bare CPU ÷ route CPU, each round |' : '';
  return [
    `| route | found | requests/s | p50 ms | p99 ms | server CPU µs per answer | PostgreSQL CPU µs per answer |${besideHeads}${roundHeads} answers/s ÷ bare | CPU per answer ÷ bare | load (1 min) | errors |`,
    `|---|---:|---:|---:|---:|---:|---:|${beside ? '---:|---:|' : ''}${rounds ? '---|' : ''}---:|---:|---:|---:|`,
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
