// `npm test`: every check and every test suite of Tessera, ending with one line
// `N passed, N failed` that sums them all. `npm test -- unit e2e` runs only the named steps.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { buildServer, buildWeb, ensureInstalled, root, run } from './lib/prepare.mjs';
import { playwrightOutcomes, vitestOutcomes } from './lib/report-names.mjs';

const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);
const reports = join(root, '.reports');
const isCI = Boolean(process.env.CI) && process.env.CI !== 'false';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The environment without DATABASE_URL, so the embedded SQLite default is used. */
function sqliteEnv() {
  const { DATABASE_URL: _unused, ...env } = process.env;
  return env;
}

/** @param {string} path */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} url
 * @returns {Promise<boolean>}
 */
function reachable(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432) });
    const done = (/** @type {boolean} */ ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * A check counts as one test: it passed or it failed.
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
function check(command, args, options) {
  return run(command, args, options) === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
}

/**
 * @param {string} name
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env
 */
function vitest(name, args, env) {
  const output = join(reports, `vitest-${name}.json`);
  rmSync(output, { force: true });
  const code = run(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    { env },
  );
  const report = readJson(output);
  if (!report) return { passed: 0, failed: 1 };
  const failed = report.numFailedTests + (code !== 0 && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, ...vitestOutcomes(report, root) };
}

function playwright() {
  const output = join(reports, 'playwright.json');
  rmSync(output, { force: true });
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: output };
  const code = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], { env });
  const report = readJson(output);
  const stats = report?.stats;
  if (!stats) return { passed: 0, failed: 1 };
  const failed = stats.unexpected + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  return { passed: stats.expected + stats.flaky, failed, ...playwrightOutcomes(report) };
}

const typecheckTargets = [
  'packages/domain',
  'packages/contract',
  'packages/server',
  'packages/web',
  'e2e',
  'bench',
  'tsconfig.scripts.json',
];

/** @typedef {{ passed: number, failed: number, failures?: string[], flaky?: string[] }} Outcome */

/** @type {Record<string, () => Outcome | Promise<Outcome>>} */
const steps = {
  format: () => check(bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  // Import boundaries and cycles (.dependency-cruiser.mjs); a failure names the rule and the import.
  boundaries: () => check(bin('depcruise'), ['-c', '.dependency-cruiser.mjs', '-T', 'err-long', 'packages']),
  lint: () => check(bin('eslint'), ['.', '--max-warnings', '0']),
  typecheck: () => {
    const total = { passed: 0, failed: 0 };
    for (const target of typecheckTargets) {
      console.log(`› tsc -p ${target}`);
      const result = check(bin('tsc'), ['-p', target]);
      total.passed += result.passed;
      total.failed += result.failed;
    }
    return total;
  },
  unit: () => vitest('sqlite', [], sqliteEnv()),
  postgres: async () => {
    if (!(await reachable(postgresUrl))) {
      if (isCI) {
        console.error(`PostgreSQL is not reachable at ${postgresUrl}`);
        return { passed: 0, failed: 1 };
      }
      console.warn(
        `› PostgreSQL not reachable at ${postgresUrl}: API tests on PostgreSQL skipped (CI never skips them)`,
      );
      return { passed: 0, failed: 0 };
    }
    return vitest('postgres', ['--project', 'server'], { ...process.env, DATABASE_URL: postgresUrl });
  },
  build: async () =>
    buildWeb({ force: isCI, warningsFail: true }) === 0 && (await buildServer({ force: isCI })) === 0
      ? { passed: 1, failed: 0 }
      : { passed: 0, failed: 1 },
  e2e: () => playwright(),
};

async function main() {
  ensureInstalled();
  mkdirSync(reports, { recursive: true });
  const wanted = process.argv.slice(2).filter((name) => !name.startsWith('-'));
  const unknown = wanted.filter((name) => !(name in steps));
  if (unknown.length > 0) {
    console.error(`unknown step(s): ${unknown.join(', ')}; steps: ${Object.keys(steps).join(', ')}`);
    process.exit(2);
  }
  const selected = wanted.length > 0 ? wanted : Object.keys(steps);
  const summary = [];
  for (const name of selected) {
    const step = steps[name];
    if (!step) continue;
    console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const result = await step();
    summary.push({ name, ...result, seconds: Math.round((Date.now() - started) / 1000) });
  }
  console.log('\n━━ summary ━━');
  for (const { name, passed, failed, seconds } of summary) {
    console.log(`${failed > 0 ? '✗' : '✓'} ${name.padEnd(10)} ${passed} passed, ${failed} failed (${seconds}s)`);
  }
  for (const { name, failures = [], flaky = [] } of summary) {
    for (const failure of failures) console.log(`  ✗ ${name}: ${failure}`);
    for (const test of flaky) console.log(`  ~ ${name}, passed on retry: ${test}`);
  }
  const passed = summary.reduce((sum, s) => sum + s.passed, 0);
  const failed = summary.reduce((sum, s) => sum + s.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

if (!existsSync(join(root, 'package.json'))) throw new Error('run from the repository');
await main();
