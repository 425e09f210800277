// Graceful shutdown: stop accepting connections, let in-flight requests finish, close the database
// (an onClose hook of the app), exit 0. A shutdown that hangs is cut short with exit code 1.
import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 25;

/**
 * While the app closes, keep-alive connections are closed as soon as they fall idle. Fastify
 * closes the idle ones once, when closing starts; a connection that was carrying an in-flight
 * request would otherwise stay open after it, and closing would wait for the client's keep-alive
 * timeout. (Sweeping costs nothing per request, unlike a `Connection: close` header hook.)
 */
export function installConnectionDraining(app: FastifyInstance): void {
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
}

export type ShutdownOptions = {
  exit?: (code: number) => void;
  /** How long in-flight requests may take before the process gives up on them. */
  timeoutMs?: number;
};

/** An idempotent shutdown function: the second signal waits for the first shutdown. */
export function createShutdown(app: FastifyInstance, { exit = (code) => process.exit(code), timeoutMs = 10_000 }: ShutdownOptions = {}): (reason: string) => Promise<void> {
  let closing: Promise<void> | null = null;
  const close = async (reason: string): Promise<void> => {
    app.log.info({ reason }, 'shutting down');
    const deadline = setTimeout(() => {
      app.log.error({ timeoutMs }, 'in-flight requests did not finish in time');
      exit(1);
    }, timeoutMs);
    deadline.unref();
    try {
      await app.close();
      app.log.info('stopped');
      exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exit(1);
    } finally {
      clearTimeout(deadline);
    }
  };
  return (reason) => (closing ??= close(reason));
}

/** Runs `shutdown` on the first of `signals`; answers a function that removes the listeners. */
export function shutdownOnSignals(shutdown: (reason: string) => Promise<void>, signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT']): () => void {
  const listeners = signals.map((signal) => [signal, () => void shutdown(signal)] as const);
  for (const [signal, listener] of listeners) process.on(signal, listener);
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
