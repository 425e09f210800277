import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliIo } from './run';

const LAUNCHER = fileURLToPath(new URL('../../bin/tessera.mjs', import.meta.url));

describe('the tessera command', () => {
  let dataDir: string;
  let io: CliIo & { output: string[]; errors: string[] };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const run = (...argv: string[]) => {
    io = {
      output: [],
      errors: [],
      env: { DATA_DIR: dataDir },
      cwd: dataDir,
      out: (text) => void io.output.push(text),
      err: (text) => void io.errors.push(text),
    };
    return runCli(argv, io);
  };

  it('prints the usage', async () => {
    expect(await run('help')).toBe(0);
    expect(io.output.join('')).toContain('admin activity <command>');
    expect(await run()).toBe(2);
  });

  it('refuses an unknown command and bad configuration with a clear message', async () => {
    expect(await run('serve')).toBe(2);
    expect(io.errors.join('')).toContain("unknown command 'serve'");

    io = {
      output: [],
      errors: [],
      env: { PORT: 'eighty', LOG_LEVEL: 'loud' },
      cwd: dataDir,
      out: () => {},
      err: (text) => void io.errors.push(text),
    };
    expect(await runCli(['migrate'], io)).toBe(1);
    expect(io.errors.join('')).toContain("PORT must be an integer from 0 to 65535 (got 'eighty')");
    expect(io.errors.join('')).toContain(
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got 'loud')",
    );
  });

  it('migrates, then finds nothing to do', async () => {
    expect(await run('migrate')).toBe(0);
    expect(io.output.join('')).toMatch(/^Applied 0001_foundation(, \w+)* to SQLite .*tessera\.db\.$/);
    expect(io.output.join('')).toContain('0003_accounts');
    expect(await run('migrate')).toBe(0);
    expect(io.output.join('')).toContain('is up to date');
  });

  it('manages activities, with exit code 1 on bad input', async () => {
    expect(await run('admin', 'activity', 'create', '--title', 'x')).toBe(1);
    expect(io.errors.join('')).toContain('--link: Is required');
    expect(await run('admin', 'activity', 'list', '--all')).toBe(2);
    expect(await run('admin', 'things')).toBe(2);
    // Modules later in the manifest add their areas after these.
    expect(io.errors.join('')).toMatch(
      /unknown admin area 'things' \(known: activity, (\w+, )*user, resource(, \w+)*\)/,
    );
    expect(await run('admin', 'constructor')).toBe(2);
  });

  it('seeds the texts and the demo data once', async () => {
    expect(await run('seed')).toBe(0);
    expect(io.output.join('')).toMatch(/Translation texts: \d+ new\. Demo data: loaded demo:activities, demo:users\./);
    expect(await run('seed')).toBe(0);
    expect(io.output.join('')).toBe('Translation texts: 0 new. Demo data: already loaded.');
  });

  it('runs as a real process: tessera admin activity list', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [LAUNCHER, 'admin', 'activity', 'list'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      cwd: dataDir,
    });
    expect(stdout).toMatch(/^ID\s+STATE\s+STATUS/);
    expect(stdout).toContain('play-newer → /guideFreelog');
    expect(stdout).toContain('每日签到领奖励 / Daily Sign-in Rewards');
  });

  it('freezes and unfreezes users; lists them from a real process', async () => {
    expect(await run('admin', 'user', 'freeze', 'bob', '--reason', 'spam')).toBe(0);
    expect(io.output.join('')).toMatch(/^Froze user \d+ \(bob\)/);
    const { stdout } = await promisify(execFile)(process.execPath, [LAUNCHER, 'admin', 'user', 'list'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      cwd: dataDir,
    });
    expect(stdout).toMatch(/^USER ID\s+USERNAME\s+E-MAIL\s+MOBILE\s+STATUS\s+CREATED\s+REASON/);
    expect(stdout).toMatch(/bob\s+-\s+13800000001\s+frozen\s+\S+\s+spam/);
    expect(await run('admin', 'user', 'unfreeze', 'BOB')).toBe(0);
    expect(io.output.join('')).toMatch(/^Unfroze user \d+ \(bob\)/);
    expect(await run('admin', 'user', 'freeze', 'nobody-here', '--reason', 'x')).toBe(1);
    expect(io.errors.join('')).toBe("tessera: no user with id or username 'nobody-here'");
  });
});
