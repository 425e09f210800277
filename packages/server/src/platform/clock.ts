// Every rule that depends on "now" asks a Clock, so tests can move time instead of waiting.

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export type Duration = { days?: number; hours?: number; minutes?: number; seconds?: number; ms?: number };

export function durationMs({ days = 0, hours = 0, minutes = 0, seconds = 0, ms = 0 }: Duration): number {
  return (((days * 24 + hours) * 60 + minutes) * 60 + seconds) * 1000 + ms;
}

/** A clock that stands still until told otherwise. */
export class ManualClock implements Clock {
  #time: number;

  constructor(start: Date | string = new Date()) {
    this.#time = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.#time);
  }

  set(time: Date | string): void {
    this.#time = new Date(time).getTime();
  }

  advance(by: Duration | number): void {
    this.#time += typeof by === 'number' ? by : durationMs(by);
  }
}

/** A clock frozen at one moment, e.g. the moment demo data is seeded. */
export function fixedClock(time: Date): Clock {
  return { now: () => new Date(time.getTime()) };
}
