// Makes a fresh checkout runnable: installs dependencies when they are missing or older than
// the lock file, and builds the web app when its sources are newer than the last build.
// Node built-ins only: this runs before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnSyncOptions} [options]
 */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

/** @param {string} path */
function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/**
 * @param {string} dir
 * @returns {number}
 */
function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export function ensureInstalled() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(join(root, 'package-lock.json'))) return;
  console.log('› installing dependencies (npm ci) — the first run builds better-sqlite3 and takes a few minutes');
  const env = { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir ?? '/usr' };
  if (run('npm', ['ci', '--no-audit', '--no-fund'], { env }) !== 0) {
    throw new Error('npm ci failed');
  }
}

export function webIsStale() {
  const built = mtime(join(root, 'packages', 'web', 'dist', 'index.html'));
  const sources = Math.max(newestIn(join(root, 'packages', 'web')), newestIn(join(root, 'packages', 'domain', 'src')));
  return built < sources;
}

/**
 * A line of build output that asks for attention: a warning, Vite's `(!)` notices, a deprecation, or a
 * message from a Vite or Rollup plugin (PostCSS's warnings arrive as `[vite:css][postcss] …`).
 */
export const BUILD_WARNING = /\bwarn(?:ing)?s?\b|\(!\)|deprecat|^\s*\[(?:vite|plugin)[:\s]/i;

const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Terminal output without its colour codes. */
export const withoutColours = (/** @type {string} */ text) => text.replace(COLOUR_CODES, '');

/** The lines of build output that ask for attention, without their colours. */
export function buildWarnings(/** @type {string} */ output) {
  return withoutColours(output)
    .split('\n')
    .filter((line) => BUILD_WARNING.test(line));
}

/**
 * Builds the web app when its sources are newer than the last build; 0 when it is ready. With
 * `warningsFail` (the test run), a build that warns fails, so the next warning is seen, not scrolled past.
 */
export function buildWeb({ force = false, warningsFail = false } = {}) {
  if (!force && !webIsStale()) return 0;
  console.log('› building the web app');
  const args = ['run', 'build', '-w', '@tessera/web'];
  if (!warningsFail) return run('npm', args);
  const result = spawnSync('npm', args, { cwd: root, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  process.stdout.write(output);
  const warnings = buildWarnings(output);
  if (warnings.length > 0) console.error(`› the web build warned; mend it:\n${warnings.join('\n')}`);
  if (result.status !== 0) return result.status ?? 1;
  return warnings.length > 0 ? 1 : 0;
}

/** Where `npm start` runs the compiled server from (see build-server.mjs). */
export const SERVER_BUNDLE = join(root, 'packages', 'server', 'dist', 'server', 'main.mjs');

export function serverIsStale() {
  const sources = ['server', 'domain', 'contract'].map((name) => newestIn(join(root, 'packages', name, 'src')));
  return mtime(SERVER_BUNDLE) < Math.max(...sources, mtime(join(root, 'packages', 'server', 'package.json')));
}

/** Compiles the server when its sources are newer than the bundle; 0 when it is ready. */
export async function buildServer({ force = false } = {}) {
  if (!force && !serverIsStale()) return 0;
  console.log('› compiling the server');
  try {
    const { buildServer: compile } = await import('./build-server.mjs');
    await compile(root);
    return 0;
  } catch (error) {
    console.error(error);
    return 1;
  }
}
