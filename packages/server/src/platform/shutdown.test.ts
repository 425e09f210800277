import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing';
import { success } from './envelope';
import { createShutdown, shutdownOnSignals } from './shutdown';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('graceful shutdown', () => {
  it('stops accepting, lets the in-flight request finish, closes the database and exits 0', async () => {
    const started = deferred();
    const release = deferred();
    const t = await createTestApp({
      setup(app) {
        app.get('/v2/test/slow', async () => {
          started.resolve();
          await release.promise;
          return success('finished');
        });
      },
    });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const inFlight = fetch(`${address}/v2/test/slow`).then((response) => response.json() as Promise<unknown>);
      await started.promise;

      const exitCodes: number[] = [];
      const shutdown = createShutdown(t.app, { exit: (code) => void exitCodes.push(code) });
      const stopping = shutdown('SIGTERM');
      expect(shutdown('SIGINT')).toBe(stopping);

      await new Promise((resolve) => setTimeout(resolve, 50));
      await expect(fetch(`${address}/v2/activities/list4Client`)).rejects.toThrow();
      expect(exitCodes).toEqual([]);

      release.resolve();
      expect(await inFlight).toEqual({ ret: 0, errCode: 0, msg: 'success', data: 'finished' });
      await stopping;
      expect(exitCodes).toEqual([0]);
      await expect(t.db.selectFrom('settings').selectAll().execute()).rejects.toThrow();
    } finally {
      release.resolve();
      await t.close();
    }
  });

  it('is triggered by the signals it listens to', async () => {
    const reasons: string[] = [];
    const stop = shutdownOnSignals(async (reason) => void reasons.push(reason), ['SIGUSR2']);
    try {
      process.emit('SIGUSR2');
      expect(reasons).toEqual(['SIGUSR2']);
    } finally {
      stop();
    }
    process.emit('SIGUSR2');
    expect(reasons).toEqual(['SIGUSR2']);
  });
});
