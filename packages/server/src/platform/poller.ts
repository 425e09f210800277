// The loop under the platform's timed work (housekeeping jobs, contract time events): runs never
// overlap within an instance, a run asked while one is in progress waits for it, start() runs at once
// and then every period, stop() starts no new run and waits for the one in progress.

export class Poller<T> {
  readonly #idle: () => T;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<T>;
  #stopped = false;

  /** `idle`: what a run that did nothing answers (after stop, or after a failed run for the next one). */
  constructor(idle: () => T) {
    this.#idle = idle;
    this.#current = Promise.resolve(idle());
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  /** Runs `work` after the run in progress (nothing once stopped). */
  run(work: () => Promise<T>): Promise<T> {
    this.#current = this.#current.catch(this.#idle).then(() => (this.#stopped ? this.#idle() : work()));
    return this.#current;
  }

  /** Runs `work` now and every `everyMs` (not with 0); `onError` hears what a background run threw. */
  start(everyMs: number, work: () => Promise<T>, onError: (error: unknown) => void): void {
    if (this.#stopped || this.#timer || everyMs <= 0) return;
    const tick = () => void this.run(work).catch(onError);
    this.#timer = setInterval(tick, everyMs);
    this.#timer.unref();
    tick();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#current.catch(() => undefined);
  }
}
