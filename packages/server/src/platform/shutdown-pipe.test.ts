// Issue 15, point 6: a server whose output pipe has closed (its terminal or log reader gone) still stops
// on SIGTERM. It once wrote "shutting down" into the closed pipe and retried that write forever.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = join(import.meta.dirname, '..', '..');

describe('tessera start with its output pipe closed', () => {
  it('stops on SIGTERM', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-pipe-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'start'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DEMO_DATA: 'false', DATABASE_URL: '', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      // Wait until it listens, then go away as a reader would.
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        child.stdout.on('data', (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('Stop it with Ctrl+C')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${seen}`)));
      });
      child.stdout.destroy();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
