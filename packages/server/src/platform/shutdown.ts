// Graceful shutdown: stop accepting connections, let in-flight requests finish, close the database
// (an onClose hook of the app), exit 0. A shutdown that hangs is cut short with exit code 1.
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';

const IDLE_SWEEP_MS = 25;

export type Draining = {
  /** Resolves once every request the app took has finished its work, including those whose client went away. */
  requestsFinished(): Promise<void>;
};

/**
 * While the app closes, keep-alive connections are closed as soon as they fall idle. Fastify
 * closes the idle ones once, when closing starts; a connection that was carrying an in-flight
 * request would otherwise stay open after it, and closing would wait for the client's keep-alive
 * timeout. (Sweeping costs nothing per request, unlike a `Connection: close` header hook.)
 *
 * Closed connections are not finished requests: when a client goes away (a load generator that
 * stops, a browser tab closed), the server closes at once, but the request's hooks and handler
 * keep running and may still query the database. `requestsFinished` waits for those; the app
 * closes its database after it. Install this before any other hook and route.
 */
export function installConnectionDraining(app: FastifyInstance): Draining {
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  return trackRequests(app);
}

/** What keeps a request's work open: its answer not yet made, or its handler still running. */
type RequestWork = { answered: boolean; handlers: number };

const WORK = Symbol('requestWork');

declare module 'fastify' {
  interface FastifyRequest {
    [WORK]: RequestWork | null;
  }
}

/**
 * A request's work ends when it has been answered (onSend or onResponse) and its handler has returned.
 * Its state rides on the request (a Map looked it up several times on every request: issue 15).
 */
function trackRequests(app: FastifyInstance): Draining {
  app.decorateRequest(WORK, null);
  let open = 0;
  let waiting: (() => void)[] = [];
  const settle = (request: FastifyRequest) => {
    const work = request[WORK];
    if (!work || !work.answered || work.handlers > 0) return;
    request[WORK] = null;
    open -= 1;
    if (open > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  const answered = (request: FastifyRequest) => {
    const work = request[WORK];
    if (!work) return;
    work.answered = true;
    settle(request);
  };

  app.addHook('onRequest', (request, _reply, done) => {
    request[WORK] = { answered: false, handlers: 0 };
    open += 1;
    done();
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    answered(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    answered(request);
    done();
  });
  // Work a handler does after its answer was sent (or after its client left) counts too.
  app.addHook('onRoute', (route) => {
    const handler: RouteHandlerMethod = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      const work = request[WORK];
      if (work) work.handlers += 1;
      const finished = () => {
        if (work) work.handlers -= 1;
        settle(request);
      };
      try {
        const result: unknown = handler.call(this, request, reply);
        if (result instanceof Promise) return result.finally(finished);
        finished();
        return result;
      } catch (error) {
        finished();
        throw error;
      }
    } as RouteHandlerMethod;
  });

  return {
    requestsFinished: () =>
      open === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiting.push(resolve);
          }),
  };
}

export type ShutdownOptions = {
  exit?: (code: number) => void;
  /** How long in-flight requests may take before the process gives up on them. */
  timeoutMs?: number;
};

/** An idempotent shutdown function: the second signal waits for the first shutdown. */
export function createShutdown(
  app: FastifyInstance,
  { exit = (code) => process.exit(code), timeoutMs = 10_000 }: ShutdownOptions = {},
): (reason: string) => Promise<void> {
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
export function shutdownOnSignals(
  shutdown: (reason: string) => Promise<void>,
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): () => void {
  const listeners = signals.map((signal) => [signal, () => void shutdown(signal)] as const);
  for (const [signal, listener] of listeners) process.on(signal, listener);
  return () => {
    for (const [signal, listener] of listeners) process.off(signal, listener);
  };
}
