// Each request's logger (Fastify's `request.log`, bound to the request id) is made when the request
// first writes a line, not when the request comes in: a pino child copies its parent's formatters,
// serializes its bindings and builds its log methods, and most requests never log (request lines
// are written only at debug). Issue 15, goal 3.
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

class RequestLogger implements FastifyBaseLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | undefined;

  constructor(parent: ParentLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #made(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings);
    return this.#child;
  }

  /** A line the parent's level drops never makes the child. */
  #write(level: Level, line: unknown[]): void {
    if (this.#child === undefined && this.#parent.isLevelEnabled?.(level) === false) return;
    (this.#made()[level] as (...args: unknown[]) => void)(...line);
  }

  fatal(...line: [unknown, ...unknown[]]): void {
    this.#write('fatal', line);
  }
  error(...line: [unknown, ...unknown[]]): void {
    this.#write('error', line);
  }
  warn(...line: [unknown, ...unknown[]]): void {
    this.#write('warn', line);
  }
  info(...line: [unknown, ...unknown[]]): void {
    this.#write('info', line);
  }
  debug(...line: [unknown, ...unknown[]]): void {
    this.#write('debug', line);
  }
  trace(...line: [unknown, ...unknown[]]): void {
    this.#write('trace', line);
  }
  silent(): void {}

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }

  set level(level: string) {
    this.#made().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#made().child(bindings, options);
  }
}

/** Options for the child (a route's own level or serializers) make it at once, as Fastify would. */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) =>
  options.level !== undefined || options.serializers !== undefined
    ? logger.child(bindings, options)
    : new RequestLogger(logger, bindings);
