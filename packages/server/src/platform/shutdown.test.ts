import { Agent, request } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
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

  it('waits for a request whose client went away before it closes the database', async () => {
    const started = deferred();
    const release = deferred();
    const logLines: string[] = [];
    let lookup: unknown[] | Error | null = null;
    const t = await createTestApp({
      logStream: { write: (line) => void logLines.push(line) },
      setup(app) {
        app.get('/v2/test/slow', async () => {
          started.resolve();
          await release.promise;
          // The client is gone, but the handler still works on the database.
          lookup = await app.services.identity.lookupSession('no-such-session').then(
            () => [],
            (error: unknown) => error as Error,
          );
          return success('finished');
        });
      },
    });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const abandoned = request(`${address}/v2/test/slow`);
      abandoned.on('error', () => {});
      abandoned.end();
      await started.promise;
      abandoned.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));

      const exitCodes: number[] = [];
      const stopping = createShutdown(t.app, { exit: (code) => void exitCodes.push(code) })('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(exitCodes).toEqual([]);

      release.resolve();
      await stopping;
      expect(lookup).toEqual([]);
      expect(exitCodes).toEqual([0]);
      expect(logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
    } finally {
      release.resolve();
      await t.close();
    }
  });

  it('answers or refuses with 503 every market request of busy keep-alive connections, and logs no error', async () => {
    const logLines: string[] = [];
    const t = await createTestApp({
      demoData: true,
      logStream: { write: (line) => void logLines.push(line) },
      // Slow-ish, like the market with many resources: the session is looked up before the pause, the resources after it.
      setup(app) {
        app.addHook('preHandler', async (request) => {
          await new Promise((resolve) => setTimeout(resolve, Number(request.headers['x-test-pause'])));
        });
      },
    });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address}/v2/resources?limit=20&isLoadPolicyInfo=1&sort=updateDate:-1&isLoadLatestVersionInfo=1`;
      const statuses: string[] = [];
      let stopped = false;
      // Each caller sends one request after the other on its keep-alive connection until refused.
      const caller = async (agent: Agent, pauseMs: number) => {
        while (!stopped) {
          const answer = await new Promise<string>((resolve) => {
            const sent = request(url, { agent, headers: { 'x-test-pause': pauseMs } }, (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                resolve(
                  response.statusCode === 503
                    ? '503'
                    : `${response.statusCode} ${(JSON.parse(body) as { errCode: number }).errCode}`,
                ),
              );
              response.on('error', () => resolve('cut'));
            });
            sent.on('error', () => resolve('refused'));
            sent.end();
          });
          statuses.push(answer);
          if (answer !== '200 0') return;
        }
      };
      const staying = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
      // Like a load generator that stops: these drop their connections with requests in flight.
      const leaving = Array.from({ length: 4 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
      const callers = [...staying.map((agent) => caller(agent, 20)), ...leaving.map((agent) => caller(agent, 200))];
      // Busy first: wait for answers (not for a time, which a loaded machine stretches).
      await vi.waitFor(() => expect(statuses.filter((answer) => answer === '200 0').length).toBeGreaterThan(8), {
        timeout: 30_000,
        interval: 20,
      });

      const exitCodes: number[] = [];
      for (const agent of leaving) agent.destroy();
      const stopping = createShutdown(t.app, { exit: (code) => void exitCodes.push(code) })('SIGTERM');
      await stopping;
      // Without waiting for them, abandoned requests would hit the closed database only now.
      await new Promise((resolve) => setTimeout(resolve, 250));
      stopped = true;
      await Promise.all(callers);
      for (const agent of staying) agent.destroy();

      expect(exitCodes).toEqual([0]);
      expect(statuses.filter((answer) => answer === '200 0').length).toBeGreaterThan(8);
      expect(statuses.filter((answer) => !['200 0', '503', 'refused', 'cut'].includes(answer))).toEqual([]);
      expect(logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
    } finally {
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
