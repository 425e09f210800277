import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './request-logger';

function parentWritingTo(lines: Record<string, unknown>[]): { parent: FastifyBaseLogger; children: () => number } {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  let made = 0;
  const child = logger.child;
  logger.child = function counted(this: typeof logger, ...args: Parameters<typeof child>) {
    made += 1;
    return child.apply(this, args);
  } as typeof logger.child;
  return { parent: logger, children: () => made };
}

const requestLogger = (parent: FastifyBaseLogger, options = {}) =>
  lazyRequestLogger.call(undefined as never, parent, { reqId: 'r1' }, options, undefined as never);

describe('the request logger', () => {
  it('makes no child for a request that writes nothing, or only lines below the level', () => {
    const lines: Record<string, unknown>[] = [];
    const { parent, children } = parentWritingTo(lines);
    const log = requestLogger(parent);
    log.debug('dropped');
    log.trace({ a: 1 }, 'dropped');
    expect(log.level).toBe('info');
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
  });

  it('writes with the request id once it logs, through one child', () => {
    const lines: Record<string, unknown>[] = [];
    const { parent, children } = parentWritingTo(lines);
    const log = requestLogger(parent);
    log.error({ traceId: 't' }, 'failed');
    log.warn('careful %s', 'now');
    expect(children()).toBe(1);
    expect(lines).toMatchObject([
      { level: 50, reqId: 'r1', traceId: 't', msg: 'failed' },
      { level: 40, reqId: 'r1', msg: 'careful now' },
    ]);
    log.child({ part: 'x' }).info('nested');
    expect(lines[2]).toMatchObject({ reqId: 'r1', part: 'x', msg: 'nested' });
  });

  it('takes a level of its own, and a route level or serializers make the child at once', () => {
    const lines: Record<string, unknown>[] = [];
    const { parent, children } = parentWritingTo(lines);
    const log = requestLogger(parent);
    log.level = 'debug';
    log.debug('kept');
    expect(parent.level).toBe('info');
    expect(lines).toMatchObject([{ level: 20, reqId: 'r1', msg: 'kept' }]);
    requestLogger(parent, { level: 'warn' });
    expect(children()).toBe(2);
  });
});
